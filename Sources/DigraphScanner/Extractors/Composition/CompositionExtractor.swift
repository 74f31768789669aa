import DigraphCore
@_spi(RawSyntax) import SwiftSyntax

/// Hand-written factories and DI containers (seeds 000 and 003):
///
/// ```swift
/// enum AuthServiceFactory { static func create() -> AuthService { AuthServiceImpl() } }
/// enum LoginScreenFactory {
///     static func createLoginScreen() -> UIViewController {
///         LoginViewController(viewModel: LoginViewModel(authService: AuthServiceFactory.create()))
///     }
/// }
/// struct ViewControllersFactory { func makeTradeViewController() -> UIViewController { … } }
/// final class AppDIContainer {
///     lazy var api: APIClient = HTTPAPIClient(config: config)
///     func makeFeedViewModel() -> FeedViewModel { FeedViewModel(api: api, store: makeStore()) }
/// }
/// ```
///
/// Each `make…`/`create…`/`build…` method, lazy or stored property and constructing computed
/// property of a type named like a composition root (`…Factory`, `…Container`, `…Dependencies`,
/// `…Composer`, `…CompositionRoot`) is a member; what its body asks of other members (its own,
/// `self.x`, `OtherFactory.make()`, `child.makeX()`) is a request on the member's behalf: eager
/// unless inside a closure it stores, kept when passed into what it builds. Calls of factory
/// methods anywhere else are consumers' requests. Whether the type composes at all (a helper
/// `…Factory` does not) is the linker's call, over every file.
final class CompositionExtractor {
    private let state: ScanState
    /// Calls read as part of a member's body: the consumer reading below leaves them alone.
    private var handled: Set<SyntaxIdentifier> = []

    /// Whether the file spells a composition root's name or a factory call: only then are types
    /// read by their names and consumers' calls read. A type wiring its own members is read in
    /// every file, by its shape.
    private let readsNamedOwners: Bool

    init(state: ScanState, readsNamedOwners: Bool = true) {
        self.state = state
        self.readsNamedOwners = readsNamedOwners
    }

    static let ownerSuffixes = ownerSuffixTexts.map { String(syntaxText: $0) }
    private static let ownerSuffixTexts: [SyntaxText] = [
        "Factory", "Factories", "Container", "Dependencies", "Composer", "CompositionRoot",
    ]

    /// A type whose name says it builds or holds the app's objects. The bare suffixes are other
    /// things: the Factory library's `Factory`/`Container`, a `Dependencies` struct of values.
    static func isOwnerName(_ name: String) -> Bool {
        ownerSuffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// Whether the call's last name ends like an owner's (see ``isOwnerName(_:)``), read from its
    /// tokens: most calls construct nothing of the kind, and spelling their type costs more. A
    /// generic type's spelling ends with `>`, never an owner's suffix.
    private static func mayConstructOwner(_ call: FunctionCallExprSyntax) -> Bool {
        let called = ExpressionReading.constructedCallee(call)
        guard
            let last = called.as(DeclReferenceExprSyntax.self)?.baseName
                ?? called.as(MemberAccessExprSyntax.self)?.declName.baseName
        else { return false }
        // On the token's bytes: no string is made for the many calls that end otherwise.
        return ownerSuffixTexts.contains { last.rawText.hasSuffix($0) }
    }

    /// `HasAPIClient`: a `Has…` requirement protocol's name.
    static func isEnvironmentRequirement(_ name: String) -> Bool {
        name.hasPrefix("Has") && name.dropFirst(3).startsUppercase
    }

    /// Bases that make a `…Container` something else: a Factory library container, a view, a
    /// view controller, Core Data's container, a Swinject container subclass.
    static func isExcludedBase(_ name: String) -> Bool {
        let excluded: Set<String> = [
            "SharedContainer", "ManagedContainer", "Container", "NSPersistentContainer", "NSPersistentCloudKitContainer",
            "View", "App", "Scene", "PreviewProvider", "Assembly", "UIResponder", "NSObject",
        ]
        return excluded.contains(name) || name.hasSuffix("Controller") || name.hasSuffix("View")
            || name.hasSuffix("Cell") || name.hasSuffix("Representable")
            // Weaver's generated containers: the Weaver extractor reads the annotations they come from.
            || name.hasSuffix("DependencyResolver")
            // A subclass of a platform class (`UIControl`, `NSObject`, …) is a view or a model.
            || ["UI", "NS", "WK", "MK", "SK", "AV", "CA"].contains { name.hasPrefix($0) && name.dropFirst(2).startsUppercase }
    }

    /// Platform requirements spelled like factories: `UIViewRepresentable.makeUIView(context:)`,
    /// `Sequence.makeIterator()`, `View.makeBody`, …
    static let platformRequirements: Set<String> = [
        "makeUIView", "makeNSView", "makeUIViewController", "makeNSViewController", "makeCoordinator", "makeIterator",
        "makeBody", "makeAsyncIterator", "makeWindowControllers", "makeDocument",
    ]

    /// `make`, `makeX`, `create…`, `build…`: not `maker`, `creature`, `builder`.
    static func isFactoryName(_ name: String) -> Bool {
        for prefix in ["make", "create", "build"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            return rest.isEmpty || rest.first!.isUppercase
        }
        return false
    }

    // MARK: - Members

    func visitType(_ node: some DeclGroupSyntax) {
        guard !node.is(ProtocolDeclSyntax.self) else { return }
        // Most types are neither named nor shaped like a composition root: tell that from one
        // pass over their members before spelling their name and bases.
        let outline = MemberOutline(node.memberBlock)
        let wiresLazy = Self.wiresLazyMembers(outline)
        let initialized = InitializedMembers(outline)
        lazy var wiresInitialized = initialized.wiresMembers(constructs: Self.constructs)
        guard wiresLazy || readsNamedOwners || wiresInitialized else { return }
        guard let owner = TypeNaming.declaredName(of: Syntax(node)) else { return }
        let bases = node.inheritanceClause?.inheritedTypes.map { TypeName.lastComponent(TypeName.normalize($0.type.trimmedDescription)) } ?? []
        // A `Has…` environment (`final class AppEnvironment: HasAPIClient, HasLogger`, or one
        // conforming to their composition `AppDependencies`) is the composition root of that
        // style: its lazy properties build each other.
        let named = readsNamedOwners && (Self.isOwnerName(TypeName.lastComponent(owner))
            || bases.contains(where: { Self.isEnvironmentRequirement($0) || Self.isOwnerName($0) }))
        guard named || wiresLazy || wiresInitialized else { return }
        guard !bases.contains(where: Self.isExcludedBase) else { return }
        let members = node.memberBlock.flattenedDecls
        // A container library's own container, or a service locator: registrations, not composition.
        let registers = members.contains { decl in
            guard let name = decl.as(FunctionDeclSyntax.self)?.name.text else { return false }
            return name.hasPrefix("register") || name.hasPrefix("resolve")
        }
        guard !registers else {
            state.facts.composition.registeringOwners.append(owner)
            return
        }
        let before = state.facts.composition.members.count
        for decl in members {
            if let function = decl.as(FunctionDeclSyntax.self) {
                readMethod(function, owner: owner)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                readProperty(variable, owner: owner)
            }
        }
        readInitialized(initialized, owner: owner, block: node.memberBlock)
        // Its members were read: the type is no longer a DI-looking name nothing understood.
        if state.facts.composition.members.count > before {
            let what = "type \(TypeName.lastComponent(owner))"
            let location = state.location(of: node)
            state.facts.unrecognised.removeAll { $0.what == what && $0.location == location }
        }
    }

    /// Builds a new instance: a construction (`Settings(…)`, `try Client(…)`).
    static func constructs(_ value: ExprSyntax) -> Bool {
        var value = value
        while true {
            if let tried = value.as(TryExprSyntax.self) { value = tried.expression; continue }
            if let awaited = value.as(AwaitExprSyntax.self) { value = awaited.expression; continue }
            break
        }
        return ExpressionReading.constructedType(value) != nil
    }

    /// Stored properties an initializer builds (`settings = Settings(serverList: serverList)`):
    /// members built with the container, each reading the members and locals it is given.
    private func readInitialized(_ initialized: InitializedMembers, owner: String, block: MemberBlockSyntax) {
        var read: Set<String> = []
        for assignment in initialized.assignments where read.insert(assignment.member).inserted {
            guard let declaration = Self.declaration(of: assignment.member, in: block) else { continue }
            let annotation = declaration.parent?.as(PatternBindingSyntax.self)?.typeAnnotation
                .map { TypeName.normalize($0.type.trimmedDescription) }
            if let annotation, Self.isLibraryFactory(annotation) { continue }
            let reading = ProductReading(owner: owner, root: Syntax(assignment.value))
            let product = reading.product(of: [assignment.value], declaredType: annotation)
            guard product.kind == .new, !product.implementations.isEmpty,
                !product.implementations.contains(where: Self.isLibraryFactory)
            else { continue }
            let member = CompositionMemberFact(
                owner: owner, name: assignment.member, kind: .storedProperty, type: annotation,
                implementationTypes: product.implementations, product: product.kind, location: state.location(of: declaration),
                conditions: ConditionalCompilation.branches(of: declaration))
            readBody(Syntax(assignment.value), member: member, parameters: assignment.locals, aliases: assignment.aliases)
        }
    }

    private static func declaration(of member: String, in block: MemberBlockSyntax) -> IdentifierPatternSyntax? {
        for item in block.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let ident = binding.pattern.as(IdentifierPatternSyntax.self), ident.identifier.text == member { return ident }
            }
        }
        return nil
    }

    /// Lazy properties a type needs before it is read as wiring them (two build from the others).
    static let wiringLazyMembers = 3

    /// A type whose name says nothing (`Core`, `ServiceProvider`) composes when its lazy
    /// properties build each other: at least two of them pass another of its lazy properties into
    /// what they build (`lazy var appService = AppService(network: networkService)`). Read from
    /// the member list alone: most types have no lazy property at all.
    static func wiresLazyMembers(_ outline: MemberOutline) -> Bool {
        let lazyValues = outline.lazyValues
        guard lazyValues.count >= wiringLazyMembers else { return false }
        let names = Set(lazyValues.map(\.name))
        var wiring = 0
        for (name, value) in lazyValues where MemberNameFinder.passes(value, anyOf: names.subtracting([name])) {
            wiring += 1
            if wiring >= 2 { return true }
        }
        return false
    }

    private func readMethod(_ function: FunctionDeclSyntax, owner: String) {
        guard Self.isFactoryName(function.name.text), !Self.platformRequirements.contains(function.name.text),
            let body = function.body,
            let returnType = function.signature.returnClause?.type
        else { return }
        let type = TypeName.normalize(returnType.trimmedDescription)
        guard type != "Void", type != "()", !Self.isLibraryFactory(type) else { return }
        let reading = ProductReading(owner: owner, root: Syntax(body))
        let results = Self.results(of: body.statements)
        let product = reading.product(of: results, declaredType: type)
        guard !product.implementations.contains(where: Self.isLibraryFactory) else { return }
        let isStatic = function.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let member = CompositionMemberFact(
            owner: owner, name: function.name.text, kind: .factoryMethod, isStatic: isStatic, type: type,
            parameterTypes: function.signature.parameterClause.parameters.map { TypeName.normalize($0.type.trimmedDescription) },
            implementationTypes: product.implementations, product: product.kind, location: state.location(of: function.name),
            conditions: ConditionalCompilation.branches(of: function))
        readBody(Syntax(body), member: member, parameters: function.signature.parameterClause.parameters.map {
            ($0.secondName ?? $0.firstName).text
        })
    }

    private func readProperty(_ variable: VariableDeclSyntax, owner: String) {
        let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
        for binding in variable.bindings {
            guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = ident.identifier.text
            if isStatic, DeclarationCollector.isSharedMemberName(name) { continue }
            let annotation = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
            if let annotation, Self.isLibraryFactory(annotation) { continue }
            let kind: CompositionMemberFact.Kind
            let root: Syntax
            let results: [ExprSyntax]
            if let value = binding.initializer?.value {
                kind = isLazy ? .lazyProperty : .storedProperty
                root = Syntax(value)
                // `lazy var x: T = { … }()`: the closure runs on first read, its results are the value.
                if let call = value.as(FunctionCallExprSyntax.self), let closure = call.calledExpression.as(ClosureExprSyntax.self),
                    call.arguments.isEmpty
                {
                    results = ExpressionReading.results(of: closure)
                } else {
                    results = [value]
                }
            } else if binding.accessorBlock != nil, let getter = Self.getterStatements(binding) {
                // `if let value = _x { return value }; …; _x = value`: a lazy property by hand.
                kind = Self.storesIntoMember(getter) ? .lazyProperty : .computedProperty
                root = Syntax(getter)
                results = Self.results(of: getter)
            } else {
                continue
            }
            let reading = ProductReading(owner: owner, root: root)
            let product = reading.product(of: results, declaredType: annotation)
            guard !product.implementations.contains(where: Self.isLibraryFactory) else { continue }
            // A stored or computed value that builds nothing is configuration, not a service; a
            // lazy one that reads other members is the container wiring them.
            switch kind {
            case .storedProperty, .computedProperty:
                guard product.kind == .new, !product.implementations.isEmpty else { continue }
            case .lazyProperty:
                guard product.kind != .unknown || !product.implementations.isEmpty else { continue }
            case .factoryMethod: break
            }
            let member = CompositionMemberFact(
                owner: owner, name: name, kind: kind, isStatic: isStatic, type: annotation,
                implementationTypes: product.implementations, product: product.kind, location: state.location(of: ident),
                conditions: ConditionalCompilation.branches(of: variable))
            readBody(root, member: member, parameters: [])
        }
    }

    /// A getter assigning one of its type's properties (`_session = value`, `self.cache = value`):
    /// it caches what it builds.
    private static func storesIntoMember(_ statements: CodeBlockItemListSyntax) -> Bool {
        let locals = LocalDeclarations.names(in: Syntax(statements))
        final class Finder: SyntaxVisitor {
            let locals: Set<String>
            var found = false
            init(_ locals: Set<String>) {
                self.locals = locals
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = node.elements
                guard elements.count >= 3, elements[elements.index(after: elements.startIndex)].is(AssignmentExprSyntax.self),
                    let target = elements.first
                else { return .visitChildren }
                if let ref = target.as(DeclReferenceExprSyntax.self), !locals.contains(ref.baseName.text) { found = true }
                if let access = target.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" { found = true }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(locals)
        finder.walk(statements)
        return finder.found
    }

    /// The Factory library's own types: its containers are read by the Factory extractors.
    private static func isLibraryFactory(_ type: String) -> Bool {
        let base = type.split(separator: "<").first.map(String.init) ?? type
        return base == "Factory" || base == "ParameterFactory"
    }

    static func getterStatements(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let items)?: return items
        case .accessors(let list)?:
            return list.first(where: { $0.accessorSpecifier.text == "get" })?.body?.statements
        case nil: return nil
        }
    }

    static func results(of statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        ExpressionReading.results(of: statements)
    }

    /// Records the member and what its body asks of members (its own or other factories').
    private func readBody(
        _ root: Syntax, member: CompositionMemberFact, parameters: some Sequence<String>, aliases: [String: String] = [:]
    ) {
        var member = member
        let reader = MemberBodyReader(owner: member.owner, root: root, locals: Set(parameters), aliases: aliases)
        reader.walk(root)
        member.passesSelf = reader.passesSelf
        state.facts.composition.members.append(member)
        for site in reader.sites {
            if let call = site.call { handled.insert(call.id) }
            state.facts.composition.requests.append(
                CompositionRequestFact(
                    requester: .service(member.serviceID), receiver: site.receiver, member: site.member,
                    timing: site.timing, retained: site.retained, passesIn: site.passesIn, via: site.via,
                    location: state.location(of: site.node),
                    conditions: ConditionalCompilation.branches(of: site.node), passedTo: site.passedTo))
            state.facts.composition.requests[state.facts.composition.requests.count - 1].argumentCount =
                site.call.map { $0.arguments.count + ($0.trailingClosure == nil ? 0 : 1) } ?? 0
        }
    }

    // MARK: - Consumers and constructions

    /// `LoginScreenFactory.create()`, `factory.makeDetail(…)`, `container.makeX()` anywhere else;
    /// and `AppDIContainer()` wherever it is built.
    func visit(_ call: FunctionCallExprSyntax) {
        guard readsNamedOwners else { return }
        if Self.mayConstructOwner(call), let type = ExpressionReading.constructedType(ExprSyntax(call)),
            Self.isOwnerName(TypeName.lastComponent(type))
        {
            recordConstruction(call, type: type)
        }
        guard !handled.contains(call.id), let name = ExpressionReading.calledNameToken(call)?.text, Self.isFactoryName(name),
            let receiver = consumerReceiver(call)
        else { return }
        let context = SiteContext.of(call, in: state)
        // `private lazy var settings = makeSettings()`: the type keeps one of its own products, the
        // lifetime it chose for it, not a captive of it (its twin, `Analytics(session:
        // makeSession())` stored, keeps a product inside another object).
        let cachesOwnProduct = call.calledExpression.is(DeclReferenceExprSyntax.self) && Self.isWholeStoredValue(call)
        state.facts.composition.requests.append(
            CompositionRequestFact(
                requester: context.requester, receiver: receiver, member: name, timing: context.timing,
                retained: context.retained && !cachesOwnProduct, via: context.positionalVia ?? .method,
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call)))
    }

    /// The whole value of a stored property of the enclosing type (`try`, `await` and `!` aside).
    static func isWholeStoredValue(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent,
            parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
        {
            current = parent
        }
        guard let clause = current.parent?.as(InitializerClauseSyntax.self),
            let variable = clause.parent?.parent?.parent?.as(VariableDeclSyntax.self)
        else { return false }
        return variable.parent?.is(MemberBlockItemSyntax.self) == true
    }

    private func consumerReceiver(_ call: FunctionCallExprSyntax) -> CompositionRequestFact.Receiver? {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) {
            // `makeDetail()` inside a type: its own method.
            return EnvironmentExtractor.enclosingType(of: call).map { .type($0) }
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        return Self.receiver(of: base, around: call)
    }

    /// The type whose member `base.member` reaches, as far as the code around says.
    static func receiver(of base: ExprSyntax, around node: some SyntaxProtocol) -> CompositionRequestFact.Receiver? {
        // `AppContainer().makeFeed()`.
        if let type = ExpressionReading.constructedType(base) { return .type(type) }
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if name == "self" || name == "Self" { return EnvironmentExtractor.enclosingType(of: node).map { .type($0) } }
            if name.startsUppercase { return .type(name) }
            if let binding = LocalBinding.find(name, at: node) {
                if let annotation = binding.typeAnnotation { return .type(TypeName.unwrappingOptional(annotation.type.trimmedDescription)) }
                return binding.initializer.flatMap { ExpressionReading.constructedType($0.value) }.map { .type($0) }
            }
            if let type = parameterType(name, around: node) { return .type(type) }
            if let type = memberType(name, around: node) { return .type(type) }
            return EnvironmentExtractor.enclosingType(of: node).map { .property(owner: $0, name: name) }
        }
        guard let access = base.as(MemberAccessExprSyntax.self), let root = access.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let property = access.declName.baseName.text
        // `AppContainer.shared.makeX()`.
        if root.baseName.text.startsUppercase, DeclarationCollector.isSharedMemberName(property) {
            return .type(root.baseName.text)
        }
        if root.baseName.text == "self" {
            if let type = memberType(property, around: node) { return .type(type) }
            return EnvironmentExtractor.enclosingType(of: node).map { .property(owner: $0, name: property) }
        }
        return nil
    }

    /// `let container = AppDIContainer()` / `let factory: DetailFactory` declared in the type (or
    /// extension) around `node`; a property declared elsewhere is left to the linker.
    private static func memberType(_ name: String, around node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let members = n.as(MemberBlockSyntax.self) {
                for item in members.members {
                    guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let annotation = binding.typeAnnotation { return TypeName.unwrappingOptional(annotation.type.trimmedDescription) }
                        return binding.initializer.flatMap { ExpressionReading.constructedType($0.value) }
                    }
                }
                return nil
            }
            current = n.parent
        }
        return nil
    }

    /// `func show(factory: DetailFactory) { factory.makeDetail() }`: the annotated parameter type.
    private static func parameterType(_ name: String, around node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            let parameters: FunctionParameterListSyntax?
            if let function = n.as(FunctionDeclSyntax.self) {
                parameters = function.signature.parameterClause.parameters
            } else if let initializer = n.as(InitializerDeclSyntax.self) {
                parameters = initializer.signature.parameterClause.parameters
            } else {
                parameters = nil
            }
            if let parameters {
                return parameters.first { ($0.secondName ?? $0.firstName).text == name }
                    .map { TypeName.unwrappingOptional($0.type.trimmedDescription) }
            }
            if n.is(MemberBlockSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    private func recordConstruction(_ call: FunctionCallExprSyntax, type: String) {
        var current = Syntax(call).parent
        var property: String?
        while let n = current {
            if let macro = n.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return }
            if let macro = n.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return }
            if property == nil, let variable = n.as(VariableDeclSyntax.self),
                variable.parent?.is(MemberBlockItemSyntax.self) == true,
                let binding = variable.bindings.first(where: { $0.initializer.map { Self.contains($0, call) } == true }),
                let ident = binding.pattern.as(IdentifierPatternSyntax.self)
            {
                property = ident.identifier.text
            }
            if n.is(FunctionDeclSyntax.self) || n.is(InitializerDeclSyntax.self) || n.is(AccessorDeclSyntax.self) {
                // Code of a type (or a global function): once per call, unless it is the app's root.
                if Self.isPreview(n) { return }
                append(type, Self.isAppRoot(n) ? .appRoot : .elsewhere, call)
                return
            }
            if let name = TypeNaming.declaredName(of: n) {
                if Self.isPreview(n) { return }
                if Self.isAppRoot(n) {
                    append(type, .appRoot, call)
                } else if let property {
                    append(type, .property(owner: name, name: property), call)
                } else {
                    append(type, .elsewhere, call)
                }
                return
            }
            current = n.parent
        }
        // A global or top-level code: built once.
        append(type, .appRoot, call)
    }

    private func append(_ type: String, _ site: ContainerConstructionFact.Site, _ call: FunctionCallExprSyntax) {
        state.facts.composition.constructions.append(
            ContainerConstructionFact(type: type, site: site, location: state.location(of: call)))
    }

    private static func contains(_ clause: InitializerClauseSyntax, _ node: some SyntaxProtocol) -> Bool {
        let range = clause.position..<clause.endPosition
        return range.contains(node.position)
    }

    /// Whether `node` is (or is inside) the app's root type: `@main`, an app or scene delegate.
    static func isAppRoot(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let n = current {
            if let group = n.asProtocol(DeclGroupSyntax.self), TypeNaming.declaredName(of: n) != nil {
                let name = TypeNaming.declaredName(of: n).map(TypeName.lastComponent) ?? ""
                if name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate") { return true }
                if group.attributes.contains(where: {
                    let attribute = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
                    return attribute == "main" || attribute == "UIApplicationMain" || attribute == "NSApplicationMain"
                }) {
                    return true
                }
                let bases = group.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                let roots: Set<String> = ["App", "UIApplicationDelegate", "UIWindowSceneDelegate", "NSApplicationDelegate"]
                if bases.contains(where: roots.contains) { return true }
                return false
            }
            current = n.parent
        }
        return false
    }

    private static func isPreview(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let n = current {
            if let group = n.asProtocol(DeclGroupSyntax.self), TypeNaming.declaredName(of: n) != nil {
                return group.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "PreviewProvider" } == true
            }
            current = n.parent
        }
        return false
    }
}

/// What a member's results are: new instances of which types, another member, a shared instance.
struct ProductReading {
    let owner: String
    let root: Syntax

    struct Product {
        var kind: CompositionMemberFact.Product
        var implementations: [String]
    }

    func product(of results: [ExprSyntax], declaredType: String?) -> Product {
        guard !results.isEmpty else { return Product(kind: .unknown, implementations: []) }
        var kinds: Set<CompositionMemberFact.Product> = []
        var implementations: Set<String> = []
        for result in results {
            let (kind, implementation) = read(result, declaredType: declaredType, hops: 0)
            kinds.insert(kind)
            if let implementation { implementations.insert(implementation) }
        }
        let kind = kinds.count == 1 ? kinds.first! : .unknown
        return Product(kind: kind, implementations: implementations.sorted())
    }

    private func read(_ expr: ExprSyntax, declaredType: String?, hops: Int) -> (CompositionMemberFact.Product, String?) {
        var e = expr
        while true {
            if let x = e.as(TryExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(AwaitExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(ForceUnwrapExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(AsExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(TupleExprSyntax.self), x.elements.count == 1, let only = x.elements.first, only.label == nil {
                e = only.expression
                continue
            }
            if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first
            {
                e = first
                continue
            }
            break
        }
        if let constructed = ExpressionReading.constructedType(e) { return (.new, constructed) }
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `.init(…)`: the declared type.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                member.declName.baseName.text == "init"
            {
                return (.new, declaredType)
            }
            let name = ExpressionReading.calledName(call) ?? ""
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            let ownCall = base == nil || ["self", "Self"].contains(base!.trimmedDescription)
            // `makeSession()`: whatever that member gives; `Detail.create(with:)`, `other.makeX()`: new.
            if ownCall, CompositionExtractor.isFactoryName(name) { return (.member(name), nil) }
            if CompositionExtractor.isFactoryName(name) || name == "instantiate" || name == "create" {
                // `Detail.create(with:)` builds a `Detail`; `PaymentFactory.make()` builds something else.
                let type = base.flatMap { $0.as(DeclReferenceExprSyntax.self) }?.baseName.text
                return (.new, type.flatMap { $0.startsUppercase && !CompositionExtractor.isOwnerName($0) ? $0 : nil })
            }
            return (.unknown, nil)
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            let name = member.declName.baseName.text
            if base.baseName.text.startsUppercase, DeclarationCollector.isSharedMemberName(name) {
                return (.staticInstance("\(base.baseName.text).\(name)"), base.baseName.text)
            }
            if base.baseName.text == "self" { return (.member(name), nil) }
            return (.unknown, nil)
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if hops < 3, let binding = LocalBinding.find(name, at: ref), Self.isInside(binding, root) {
                guard let value = binding.initializer?.value else { return (.unknown, nil) }
                // `let vc: TradeViewController = .init(…)`: the annotation is what `.init` builds.
                let annotation = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
                return read(value, declaredType: annotation ?? declaredType, hops: hops + 1)
            }
            if name.startsLowercase, !LocalNames.isLocal(name, at: ref) { return (.member(name), nil) }
        }
        return (.unknown, nil)
    }

    static func isInside(_ node: some SyntaxProtocol, _ root: Syntax) -> Bool {
        let range = root.position..<root.endPosition
        return range.contains(node.position)
    }
}

/// Reads one member's body: what it asks of its own members (`makeStore()`, `self.api`, `api`),
/// of other factories (`AuthServiceFactory.create()`, `AppContainer.shared.makeX()`), and of a
/// child container (`let child = SceneContainer(…); child.makeX()`, `self.child.makeX()`).
final class MemberBodyReader: SyntaxVisitor {
    struct Site {
        var node: Syntax
        var call: FunctionCallExprSyntax?
        var receiver: CompositionRequestFact.Receiver
        var member: String
        var timing: Timing
        var retained: Bool
        var passesIn: Bool
        var via: Via
        var passedTo: InitializerArgument?
    }

    let owner: String
    private let ownerLast: String
    let root: Syntax
    private var locals: Set<String>
    private(set) var sites: [Site] = []
    private(set) var passesSelf = false

    /// An initializer's locals holding a member's value (`let content = ContentService(…)` then
    /// `self.content = content`): reading one reads the member.
    private let aliases: [String: String]

    init(owner: String, root: Syntax, locals: Set<String>, aliases: [String: String] = [:]) {
        self.owner = owner
        ownerLast = TypeName.lastComponent(owner)
        self.root = root
        self.aliases = aliases
        self.locals = locals.union(LocalDeclarations.names(in: root))
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // The name of a member access is read with its base.
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id { return .visitChildren }
        let name = node.baseName.text
        if name == "self" {
            if node.parent?.is(LabeledExprSyntax.self) == true || node.parent?.is(ArrayElementSyntax.self) == true {
                passesSelf = true
            }
            return .visitChildren
        }
        if let member = aliases[name], !isCalled(node) {
            add(member, .type(owner), node)
            return .visitChildren
        }
        guard name.startsLowercase, !locals.contains(name) else { return .visitChildren }
        // A call of one of its own methods counts only when it is a factory (`configure(x)` is not).
        if isCalled(node), !CompositionExtractor.isFactoryName(name) { return .visitChildren }
        add(name, .type(owner), node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base else { return .visitChildren }
        let name = node.declName.baseName.text
        let factoryCall = isCalled(node) && CompositionExtractor.isFactoryName(name)
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            let baseName = ref.baseName.text
            if baseName == "self" || baseName == "Self" || baseName == ownerLast {
                if !isCalled(node) || CompositionExtractor.isFactoryName(name) { add(name, .type(owner), node) }
            } else if baseName.startsUppercase {
                // Another type's factory: `AuthServiceFactory.create()`.
                if factoryCall { add(name, .type(baseName), node) }
            } else if factoryCall {
                if locals.contains(baseName) {
                    if let binding = LocalBinding.find(baseName, at: node), let receiver = localReceiver(binding) {
                        add(name, receiver, node)
                    }
                } else {
                    // `child.makeX()` with `child` one of its own members.
                    add(name, .property(owner: owner, name: baseName), node)
                }
            }
            return .visitChildren
        }
        // `AppContainer.shared.makeX()`, `self.child.makeX()`.
        if factoryCall, let access = base.as(MemberAccessExprSyntax.self), let root = access.base?.as(DeclReferenceExprSyntax.self) {
            let property = access.declName.baseName.text
            if root.baseName.text.startsUppercase, DeclarationCollector.isSharedMemberName(property) {
                add(name, .type(root.baseName.text), node)
            } else if root.baseName.text == "self" {
                add(name, .property(owner: owner, name: property), node)
            }
        }
        return .visitChildren
    }

    /// Nested types are other types.
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// `let child = SceneContainer(…)` or `let child = makeChildContainer()`.
    private func localReceiver(_ binding: PatternBindingSyntax) -> CompositionRequestFact.Receiver? {
        if let annotation = binding.typeAnnotation { return .type(TypeName.unwrappingOptional(annotation.type.trimmedDescription)) }
        guard let value = binding.initializer?.value else { return nil }
        if let type = ExpressionReading.constructedType(value) { return .type(type) }
        if let call = value.as(FunctionCallExprSyntax.self), let name = ExpressionReading.calledName(call),
            CompositionExtractor.isFactoryName(name)
        {
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
            if base == nil || base == "self" { return .property(owner: owner, name: name) }
        }
        return nil
    }

    private func isCalled(_ node: some SyntaxProtocol) -> Bool {
        node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
    }

    private func add(_ member: String, _ receiver: CompositionRequestFact.Receiver, _ node: some SyntaxProtocol) {
        let call = isCalled(node) ? node.parent?.as(FunctionCallExprSyntax.self) : nil
        let value = call.map(Syntax.init) ?? Syntax(node)
        // A method named without a call is passed on as a function, called later.
        let isReference = call == nil && CompositionExtractor.isFactoryName(member)
        let deferred = isReference || Self.crossesClosure(value, root: root)
        let kept = !deferred && KeptValue.isKept(value, root: root)
        sites.append(
            Site(
                node: value, call: call, receiver: receiver, member: member, timing: deferred ? .deferred : .eager,
                retained: kept, passesIn: !deferred && Self.isPassedAsArgument(value, root: root),
                via: call == nil ? .property : .method, passedTo: KeptUse.initializerArgument(of: value, kept: kept)))
    }

    /// Passed as an argument of a call (an initializer, another factory), itself, a property of it
    /// (`dependencies.tradingManager`) or through a local: what composition does. Returned as the
    /// result, or gathered into a returned array, it is a helper's aggregation, not composition.
    static func isPassedAsArgument(_ node: Syntax, root: Syntax, hops: Int = 0) -> Bool {
        var current = node
        while current.id != root.id, let parent = current.parent {
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
                || parent.is(AsExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
            {
                current = parent
                continue
            }
            if let tuple = parent.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                current = parent
                continue
            }
            if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == current.id {
                current = parent
                continue
            }
            if parent.is(LabeledExprSyntax.self) {
                return parent.parent?.parent?.is(FunctionCallExprSyntax.self) == true
            }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                guard hops < 3, let binding = clause.parent?.as(PatternBindingSyntax.self),
                    let ident = binding.pattern.as(IdentifierPatternSyntax.self), ProductReading.isInside(binding, root),
                    binding.id != root.id
                else { return false }
                let name = ident.identifier.text
                return LocalReferences.named(name, in: root).contains { isPassedAsArgument(Syntax($0), root: root, hops: hops + 1) }
            }
            return false
        }
        return false
    }

    /// Inside a closure the member stores (not one it calls on the spot), or a nested function.
    static func crossesClosure(_ node: Syntax, root: Syntax) -> Bool {
        var current = node.parent
        while let n = current, n.id != root.id {
            if let closure = n.as(ClosureExprSyntax.self) {
                let calledNow = closure.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == closure.id
                if !calledNow { return true }
            }
            if n.is(FunctionDeclSyntax.self) { return true }
            current = n.parent
        }
        return false
    }
}

/// Names declared inside a body: locals, bindings, closure parameters, nested functions. Scoping
/// is over-approximated, which only makes fewer names members: never an edge the code lacks.
enum LocalDeclarations {
    static func names(in root: Syntax) -> Set<String> {
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.identifier.text)
                return .skipChildren
            }
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.pattern.trimmedDescription)
                return .visitChildren
            }
            override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.name.text)
                return .skipChildren
            }
            override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert((node.secondName ?? node.firstName).text)
                return .skipChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.name.text)
                for parameter in node.signature.parameterClause.parameters {
                    names.insert((parameter.secondName ?? parameter.firstName).text)
                }
                return .visitChildren
            }
            override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(root)
        return finder.names
    }
}

/// Whether a value obtained in a member's body is kept by what the member builds (passed to an
/// initializer, returned, stored, captured) or only used (`x.make()`, `x.url`, a condition).
/// Where it cannot tell, it says kept.
enum KeptValue {
    static func isKept(_ node: Syntax, root: Syntax, hops: Int = 0) -> Bool {
        var current = node
        while current.id != root.id, let parent = current.parent {
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
                || parent.is(AsExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
            {
                current = parent
                continue
            }
            if let tuple = parent.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                current = parent
                continue
            }
            if let member = parent.as(MemberAccessExprSyntax.self) { return member.base?.id != current.id }
            if let call = parent.as(FunctionCallExprSyntax.self) { return call.calledExpression.id != current.id }
            if parent.is(LabeledExprSyntax.self) || parent.is(ArrayElementSyntax.self) || parent.is(DictionaryElementSyntax.self)
                || parent.is(ReturnStmtSyntax.self)
            {
                return true
            }
            if parent.is(ConditionElementSyntax.self) || parent.is(ExpressionSegmentSyntax.self) { return false }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                guard hops < 3, let binding = clause.parent?.as(PatternBindingSyntax.self),
                    let ident = binding.pattern.as(IdentifierPatternSyntax.self), ProductReading.isInside(binding, root),
                    binding.id != root.id
                else { return true }
                return localIsKept(ident.identifier.text, root: root, hops: hops + 1)
            }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                // A statement on its own: the result when it is the body's last (implicit return).
                let list = item.parent?.as(CodeBlockItemListSyntax.self)
                return list?.count == 1
            }
            current = parent
        }
        return true
    }

    private static func localIsKept(_ name: String, root: Syntax, hops: Int) -> Bool {
        LocalReferences.named(name, in: root).contains { isKept(Syntax($0), root: root, hops: hops) }
    }
}
