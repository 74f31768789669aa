import DigraphCore
@_spi(RawSyntax) import SwiftSyntax

/// Types, their stored properties and conformances, and `static let shared` singletons: what the
/// linker needs to follow injection across files.
final class DeclarationCollector: SyntaxVisitor {
    /// Static members that hold a type's shared instance: `shared`, `sharedInstance`, and the
    /// Objective-C era's `sharedManager`, `sharedClient`, … (`shared` then a capitalised word).
    /// A `shared…` name other than the first two is a singleton only when it holds the type's own
    /// instance (see ``holdsOwnInstance``): `static let sharedDefaults = UserDefaults(…)` in an
    /// enum of constants is not that enum's singleton.
    static func isSharedMemberName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isSharedMemberText(SyntaxText(baseAddress: $0.baseAddress, count: $0.count)) }
    }

    /// ``isSharedMemberName(_:)`` on a token's text, without making a string of it.
    static func isSharedMemberText(_ text: SyntaxText) -> Bool {
        // `instance` and `defaultInstance` are the next most common names of a type's own instance
        // (Primal's `IdentityManager.instance`): a member of that name counts only where it holds
        // the type's own instance, like any `sharedX`.
        if text == "shared" || text == "sharedInstance" || text == "instance" || text == "defaultInstance" { return true }
        guard text.count > 6, text.hasPrefix("shared") else { return false }
        let next = text[text.startIndex + 6]
        return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
    }

    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .class, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .struct, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .enum, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .actor, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .protocol, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .extension, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    private func record(
        _ node: some DeclSyntaxProtocol, kind: TypeDeclFact.Kind, inheritance: InheritanceClauseSyntax?,
        members: MemberBlockSyntax
    ) -> SyntaxVisitorContinueKind {
        guard let name = TypeNaming.declaredName(of: Syntax(node)) else { return .visitChildren }
        if kind != .extension, kind != .protocol, DILooking.typeName(TypeName.lastComponent(name)) {
            state.unrecognised("type \(TypeName.lastComponent(name))", at: node)
        }
        var properties: [PropertyFact] = []
        var shared: [SharedMember] = []
        var weakCache = false
        var declaresLocatorRegistration = false
        // One pass over the members: the initializers are read after it, with every alias the
        // type declares (before or after them); the stored properties give a struct's memberwise one.
        var initializerDecls: [InitializerDeclSyntax] = []
        var variables: [VariableDeclSyntax] = []
        var aliases: [String: String] = [:]
        var staticFunctions: [StaticFunctionFact] = []
        var computedShared: [(IdentifierPatternSyntax, PatternBindingSyntax)] = []
        let stringBacked = kind == .enum && inheritance?.inheritedTypes.first?.type.trimmedDescription == "String"
        for decl in members.flattenedDecls {
            if stringBacked, let cases = decl.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements {
                    let raw = element.rawValue.flatMap { ExpressionReading.stringLiteral($0.value) }
                    state.facts.constants.append(
                        ConstantFact(name: "\(name).\(element.name.text)", value: raw ?? element.name.text))
                }
            }
            if let variable = decl.as(VariableDeclSyntax.self) {
                variables.append(variable)
                let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                for binding in variable.bindings {
                    guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    let propertyName = ident.identifier.text
                    if isStatic, let value = Self.literalValue(of: binding) {
                        state.facts.constants.append(ConstantFact(name: "\(name).\(propertyName)", value: value))
                    } else if isStatic, variable.bindingSpecifier.tokenKind == .keyword(.let),
                        let target = binding.initializer.flatMap({ Self.aliasTarget($0.value, owner: name) })
                    {
                        state.facts.constants.append(
                            ConstantFact(name: "\(name).\(propertyName)", value: "", aliasOf: target))
                    }
                    // A static `let live = LiveClient(…)` has the type it constructs (what a
                    // `Client.live` elsewhere gives, see `StaticProductTypes`).
                    let type = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
                        ?? (isStatic ? binding.initializer.flatMap { ExpressionReading.constructedType($0.value) }
                            .map { $0 == "Self" ? TypeName.lastComponent(name) : $0 } : nil)
                    // Computed (`var x: T { … }`) is no state; observed (`didSet`) is.
                    let isComputed = binding.accessorBlock.map { block in
                        guard case .accessors(let accessors) = block.accessors else { return true }
                        return !accessors.contains { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
                    } ?? false
                    let isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var) && !isComputed
                    properties.append(PropertyFact(name: propertyName, type: type, isStatic: isStatic, isVariable: isVariable))
                    if isStatic, Self.holdsSharedInstance(binding, named: propertyName, in: TypeName.lastComponent(name)) {
                        // `static let shared = XcodesShell()` in `Shell`: another type's instance.
                        let built = binding.initializer.map { Self.madeValue($0.value) }.flatMap { value in
                            Self.constructsOwnType(value, type: TypeName.lastComponent(name))
                                ? nil : ExpressionReading.constructedType(value).map(TypeName.normalize)
                        }
                        shared.append(
                            SharedMember(
                                name: propertyName, location: state.location(of: ident),
                                isAssigned: binding.initializer == nil, builds: built))
                    } else if isStatic, Self.isSharedMemberName(propertyName), binding.accessorBlock != nil {
                        computedShared.append((ident, binding))
                    }
                    if state.mentionsWeakTables, let value = binding.initializer?.value, Self.keepsWeakValues(value) {
                        weakCache = true
                    }
                }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                if Self.isLocatorFactoryRegistration(function) { declaresLocatorRegistration = true }
                if let made = Self.staticProduct(function) { staticFunctions.append(made) }
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                initializerDecls.append(initializer)
            } else if let alias = decl.as(TypeAliasDeclSyntax.self), let (name, target) = InitializerReading.alias(alias) {
                aliases[name] = target
            }
        }
        shared += computedShared.compactMap { ident, binding in
            Self.computedSharedMember(binding, type: TypeName.lastComponent(name), variables: variables).map {
                SharedMember(name: ident.identifier.text, location: state.location(of: ident), isComputedInstance: $0)
            }
        }
        var initializers = initializerDecls.map { InitializerReading.read($0, aliases: aliases, state: state) }
        let location = state.location(of: node)
        if kind == .struct && initializers.isEmpty {
            let memberwise = InitializerReading.memberwise(variables, location: location)
            initializers = [memberwise]
            // Every stored property has a value: Swift also writes `init()`, so a bare
            // `AppState.init` may mean either (RssReeder's `register(AppState.init)`).
            if !memberwise.parameters.isEmpty, memberwise.parameters.allSatisfy(\.hasDefault) {
                initializers.append(InitializerFact(parameters: [], isSynthesized: true, location: location))
            }
        }
        var fact = TypeDeclFact(
            name: name, kind: kind,
            inheritedTypes: inheritance?.inheritedTypes.map { TypeName.normalize(InheritedTypeReading.base($0).trimmedDescription) } ?? [],
            storedProperties: properties, sharedMembers: shared, holdsWeakValueCache: weakCache,
            initializers: initializers, location: location)
        fact.genericParameters = Self.genericParameters(of: Syntax(node))
        fact.staticFunctions = staticFunctions
        // A `private extension` hides its members, not the type.
        if kind != .extension, let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers,
            modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }),
            node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        {
            fact.isFilePrivate = true
        }
        state.facts.types.append(fact)
        if declaresLocatorRegistration {
            state.facts.locatorImplementations.append(LocatorImplementationFact(typeName: name, location: location))
        }
        return .visitChildren
    }

    /// `static func make() -> Self` and its kin: what calling it gives (see ``StaticFunctionFact``).
    private static func staticProduct(_ function: FunctionDeclSyntax) -> StaticFunctionFact? {
        guard function.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
            let returned = function.signature.returnClause?.type
        else { return nil }
        let type = TypeName.unwrappingOptional(TypeName.normalize(returned.trimmedDescription))
        guard !type.isEmpty, type != "Void", type != "()" else { return nil }
        let generics = function.genericParameterClause?.parameters.map(\.name.text) ?? []
        guard generics.contains(type) else { return StaticFunctionFact(name: function.name.text, returnType: type) }
        // `<T>(of type: T.Type) -> T`: the metatype argument says what it makes.
        for parameter in function.signature.parameterClause.parameters
        where TypeName.normalize(parameter.type.trimmedDescription) == "\(type).Type" {
            let label = parameter.firstName.tokenKind == .wildcard ? "_" : parameter.firstName.text
            return StaticFunctionFact(name: function.name.text, returnType: type, metatypeLabel: label)
        }
        return nil
    }

    private static func genericParameters(of node: Syntax) -> [String] {
        let clause =
            node.as(ClassDeclSyntax.self)?.genericParameterClause ?? node.as(StructDeclSyntax.self)?.genericParameterClause
            ?? node.as(EnumDeclSyntax.self)?.genericParameterClause ?? node.as(ActorDeclSyntax.self)?.genericParameterClause
        return clause?.parameters.map(\.name.text) ?? []
    }

    /// A global `let kName = "name"`: a constant a registration name can refer to.
    func visitTopLevel(_ node: VariableDeclSyntax) {
        guard node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true else { return }
        for binding in node.bindings {
            guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if let value = Self.literalValue(of: binding) {
                state.facts.constants.append(ConstantFact(name: ident.identifier.text, value: value))
            } else if let type = Self.globalEnvironmentType(ident.identifier.text, binding) {
                // Not read: said in the coverage, so an app wired this way never looks clean.
                state.unrecognised("type \(type) (the global environment `\(ident.identifier.text)`)", at: ident)
            }
        }
    }

    /// Point-Free's "world" (CoronaCheck's `var Current: Environment!`, neptune's `let Current =
    /// World()`): a global instance every file reads its services from (`Current.apiClient`).
    /// digraph does not read it as a container; the type it holds, else nil.
    private static func globalEnvironmentType(_ name: String, _ binding: PatternBindingSyntax) -> String? {
        guard name == "Current" || DILooking.environmentNames.contains(where: { name.hasSuffix($0) }) else { return nil }
        let written = binding.typeAnnotation.map { TypeName.unwrappingOptional(TypeName.normalize($0.type.trimmedDescription)) }
        guard let type = written ?? binding.initializer.flatMap({ ExpressionReading.constructedType($0.value) }),
            type.startsUppercase
        else { return nil }
        return type
    }

    /// Test frameworks are imported only by test code.
    static let testFrameworks: Set<String> = ["XCTest", "Testing", "Quick", "Nimble", "SnapshotTesting"]

    func visitImport(_ node: ImportDeclSyntax) {
        if let module = node.path.first?.name.text, Self.testFrameworks.contains(module) {
            state.facts.declaresTests = true
        }
    }

    /// `= "api"`, `= Self("api")`, `= Name("api")`, or a getter returning a literal.
    private static func literalValue(of binding: PatternBindingSyntax) -> String? {
        if let value = binding.initializer?.value {
            return ExpressionReading.stringLiteral(value) ?? NameReading.nameInitializerLiteral(value)
        }
        guard let accessors = binding.accessorBlock?.accessors, case .getter(let body) = accessors, body.count == 1,
            let item = body.first?.item
        else { return nil }
        if let expr = item.as(ExprSyntax.self) { return ExpressionReading.stringLiteral(expr) }
        if let ret = item.as(ReturnStmtSyntax.self), let expr = ret.expression { return ExpressionReading.stringLiteral(expr) }
        return nil
    }

    /// `static let apiMode = mock` / `= .mock` / `= Self.mock` / `= Names.mock`: the constant it
    /// stands for, qualified.
    private static func aliasTarget(_ value: ExprSyntax, owner: String) -> String? {
        if let ref = value.as(DeclReferenceExprSyntax.self), ref.baseName.text.startsLowercase {
            return "\(owner).\(ref.baseName.text)"
        }
        guard let member = value.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        let property = member.declName.baseName.text
        guard let base = member.base else { return "\(owner).\(property)" }
        if base.trimmedDescription == "Self" { return "\(owner).\(property)" }
        guard base.trimmedDescription.startsUppercase else { return nil }
        return TypeName.normalize(member.trimmedDescription)
    }

    /// `NSMapTable(keyOptions: …, valueOptions: .weakMemory)` and `NSMapTable.strongToWeakObjects()`.
    private static func keepsWeakValues(_ expr: ExprSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.baseName.text
                if name == "weakMemory" || name == "strongToWeakObjects" || name == "weakToWeakObjects" { found = true }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(expr)
        return finder.found
    }

    /// `func register<T>(factory: …, forMetaType metaType: T.Type)`: the locator's own plumbing.
    private static func isLocatorFactoryRegistration(_ function: FunctionDeclSyntax) -> Bool {
        guard function.name.text == "register", function.body != nil else { return false }
        let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
        return labels.contains("factory") && labels.contains("forMetaType")
    }
}

extension MemberBlockSyntax {
    /// The members' declarations, with those inside `#if` blocks (every branch) in place of the
    /// blocks. In one pass, each member's node made once: its readers went over the members up to
    /// six times, a tenth of the walk.
    var flattenedDecls: [DeclSyntax] {
        var decls: [DeclSyntax] = []
        func add(_ list: MemberBlockItemListSyntax) {
            for item in list {
                let decl = item.decl
                if let block = decl.as(IfConfigDeclSyntax.self) {
                    for clause in block.clauses {
                        if case .decls(let inner)? = clause.elements { add(inner) }
                    }
                } else {
                    decls.append(decl)
                }
            }
        }
        add(members)
        return decls
    }
}

extension DeclarationCollector {
    /// `static let sharedManager = DataManager()`, `= Self()`, `= .init()`, or `: DataManager`
    /// written: the binding holds an instance of `type` itself.
    /// A computed `static var shared: Store { … }` typed with its own type: true when every result
    /// constructs one (`Store()`, `Self()`, `.init()`), a new instance on every read; false when its
    /// one result is a stored static property of the type holding its own instance
    /// (`private static let _shared = Store()`, `static var shared: Store { _shared }`), which is
    /// that singleton; nil otherwise (not read).
    static func computedSharedMember(
        _ binding: PatternBindingSyntax, type: String, variables: [VariableDeclSyntax]
    ) -> Bool? {
        guard let annotation = binding.typeAnnotation?.type, binding.initializer == nil,
            let getter = CompositionExtractor.getterStatements(binding)
        else { return nil }
        let written = TypeName.lastComponent(TypeName.normalize(annotation.trimmedDescription))
        guard written == type || written == "Self" else { return nil }
        let results = CompositionExtractor.results(of: getter)
        guard !results.isEmpty else { return nil }
        if results.allSatisfy({ constructsOwnType($0, type: type) }) { return true }
        guard results.count == 1, let stored = storedStaticName(results[0], type: type) else { return nil }
        let holds = variables.contains { variable in
            variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                && variable.bindings.contains { candidate in
                    candidate.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == stored
                        && candidate.accessorBlock == nil && holdsOwnInstance(candidate, type: type)
                }
        }
        return holds ? false : nil
    }

    /// `_shared`, `Self._shared`, `Store._shared`, `instance!`: the name of the static it reads.
    private static func storedStaticName(_ expr: ExprSyntax, type: String) -> String? {
        if let unwrapped = expr.as(ForceUnwrapExprSyntax.self) { return storedStaticName(unwrapped.expression, type: type) }
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text == "Self" || base.baseName.text == type
        else { return nil }
        return member.declName.baseName.text
    }

    /// Whether a static stored property is the type's shared instance (a ``SharedMember``):
    /// `static let shared = Self()`, `static let sharedManager: DataManager`, or `static let shared
    /// = XcodesShell()` in `Shell` (another type's instance, under the type's own name).
    static func holdsSharedInstance(_ binding: PatternBindingSyntax, named name: String, in type: String) -> Bool {
        guard isSharedMemberName(name), binding.accessorBlock == nil || binding.initializer != nil else { return false }
        return name == "shared" || name == "sharedInstance" || holdsOwnInstance(binding, type: type)
    }

    static func holdsOwnInstance(_ binding: PatternBindingSyntax, type: String) -> Bool {
        if let annotation = binding.typeAnnotation?.type {
            return TypeName.lastComponent(TypeName.unwrappingOptional(annotation.trimmedDescription)) == type
        }
        guard let value = binding.initializer?.value else { return false }
        return constructsOwnType(value, type: type)
    }

    /// What makes a stored value: the left side of `made ?? fallback` (BuyOrNot's
    /// `static let shared = UserDefaults(suiteName: suiteName) ?? .standard` holds a
    /// `UserDefaults`), else the value itself.
    static func madeValue(_ value: ExprSyntax) -> ExprSyntax {
        ExpressionReading.nilCoalescing(value)?.left ?? value
    }

    /// `Store()`, `Self()`, `.init()`: a construction of `type` itself.
    private static func constructsOwnType(_ value: ExprSyntax, type: String) -> Bool {
        if let member = value.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil, member.declName.baseName.text == "init"
        {
            return true
        }
        guard let constructed = ExpressionReading.constructedType(value) else { return false }
        return constructed == "Self" || TypeName.lastComponent(constructed) == type
    }
}
