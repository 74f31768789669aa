import DigraphCore
@_spi(RawSyntax) import SwiftSyntax

/// Calls that a project's own locator would make registrations or requests, whatever their
/// labels: one concrete metatype among two or more arguments (`register(dependencyFactory: { … },
/// forType: P.self)`) may register; one metatype alone (`store.get(P.self)`, `locator[P.self]`) or
/// nothing but a typed context (`let p: P = locator.get()`) may resolve. Which they are is only
/// known once every file's locator methods are read (see ``ProvisionalLocatorCallFact``); calls
/// another extractor took are left alone. Also `@Wrapper var x: P` with a wrapper nobody knows.
final class ProvisionalLocatorCallExtractor {
    static let containerName = "service-locator"
    private let state: ScanState
    /// Names of calls given one value of a type not read here, already recorded in this file.
    private var untypedValueCalls: Set<String> = []

    init(state: ScanState) { self.state = state }

    func visit(_ node: FunctionCallExprSyntax) {
        // Most calls pass no metatype: tell that (on the raw tree) before reading anything else.
        let passesMetatype = Self.passesMetatype(node)
        if !passesMetatype {
            guard node.arguments.count <= 1, node.trailingClosure == nil, Self.isCalledOnReceiver(node),
                !state.isClaimed(node), let name = state.calledName(node), name.startsLowercase, name != "init"
            else { return }
            if let only = node.arguments.first {
                if !UnreadValueCalls.names.contains(name) {
                    recordValueRegistration(node, name, label: only.label?.text, value: only.expression)
                }
                return
            }
            recordTypedByContext(node, name)
            return
        }
        guard !state.isClaimed(node), let name = state.calledName(node), name.startsLowercase
        else { return }
        let labels = node.argumentLabels
        let metatypes = node.arguments.enumerated().compactMap { i, arg in
            ExpressionReading.metatype(arg.expression).map { (index: i, type: $0) }
        }
        guard metatypes.count == 1, let key = metatypes.first, isService(key.type, at: node) else { return }
        let shape = LocatorCallShape(
            name: name, labels: labels, metatypeArgument: key.index, hasTrailingClosure: node.trailingClosure != nil,
            argumentScopes: ArgumentScopes.of(node))
        // With more arguments than the key, it may register (a value beside the key) or resolve
        // (`get(P.self, name: "x")`): the linker keeps whichever a locator method has the shape of.
        if labels.count > 1 { recordRegistration(node, shape: shape, type: key.type, metatypeIndex: key.index) }
        recordRequest(node, shape: shape, type: .named(key.type))
    }

    /// `receiver.name(…)`: a locator's method is called on the locator. Not `.success(value)`,
    /// `.some(x)`: an implicit member is an enum case or a static member of the contextual type,
    /// never a locator's own method (read on the raw tree: asked of every call).
    private static func isCalledOnReceiver(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = RawFunctionCallExprSyntax(call.raw)?.calledExpression.as(RawMemberAccessExprSyntax.self)
        else { return false }
        return member.base != nil
    }

    /// Whether an argument is `X.self`, read without making a node per argument.
    private static func passesMetatype(_ call: FunctionCallExprSyntax) -> Bool {
        guard let arguments = RawFunctionCallExprSyntax(call.raw)?.arguments else { return false }
        for argument in arguments.elements {
            if let member = argument.expression.as(RawMemberAccessExprSyntax.self),
                member.declName.baseName.tokenKind == .keyword, member.declName.baseName.tokenText == "self"
            {
                return true
            }
        }
        return false
    }

    /// `locator[P.self]`
    func visit(_ node: SubscriptCallExprSyntax) {
        guard node.arguments.count == 1, let only = node.arguments.first,
            let type = ExpressionReading.metatype(only.expression), isService(type, at: node)
        else { return }
        let shape = LocatorCallShape(name: "subscript", labels: [only.label?.text], metatypeArgument: 0)
        recordRequest(node, shape: shape, type: .named(type))
    }

    /// Not the locator's own plumbing: `T.self` for a generic `T`, `type.self` for a parameter, a
    /// type spelled around a generic `T` (`Factory<T>`), which each caller decides.
    private func isService(_ type: String, at node: some SyntaxProtocol) -> Bool {
        type.first?.isLowercase != true && !TypeNaming.isPlumbing(type, at: node)
    }

    private func recordTypedByContext(_ node: FunctionCallExprSyntax, _ name: String) {
        // Most calls without arguments have no typed context: tell that before walking to the requester.
        let stored = Requester.type("")
        guard ContextualType.of(node, requester: stored) != nil else {
            recordInitializerArgument(node, name)
            return
        }
        let context = SiteContext.of(node, in: state)
        guard let type = ContextualType.of(node, requester: context.requester) else { return }
        // ugglan's `let component: T = modules[name]?.resolve() as? T` inside `resolve<T>()`: the
        // locator's own plumbing, typed by its caller.
        if case .named(let typeName) = type, !isService(typeName, at: node) { return }
        recordRequest(node, shape: LocatorCallShape(name: name, labels: [], metatypeArgument: nil), type: type, context: context)
    }

    /// `locator.register(networkService)`: a registration if a locator's `register<T>(_ service:
    /// T)` takes it, keyed by the value's static type: a local's annotation or what it is built
    /// as, a cast, a construction. A value of a type not read here is kept once per name, so a
    /// register keyed by it opens its locator.
    private func recordValueRegistration(_ node: FunctionCallExprSyntax, _ name: String, label: String?, value: ExprSyntax) {
        // A closure, a collection, `nil`: no service instance; a literal is a plain value. Told
        // from the node's kind: most calls given one value pass one of these.
        switch value.kind {
        case .closureExpr, .nilLiteralExpr, .arrayExpr, .dictionaryExpr, .stringLiteralExpr, .integerLiteralExpr,
            .floatLiteralExpr, .booleanLiteralExpr:
            return
        default: break
        }
        let shape = LocatorCallShape(name: name, labels: [label], metatypeArgument: nil)
        // `self` is not typed here, nor a name no statement binds (a parameter, a property): its
        // type would be read from that binding alone.
        let reference = value.as(DeclReferenceExprSyntax.self)
        let isUntyped = reference.map {
            $0.baseName.tokenKind == .keyword(.self) || !state.boundNames.contains($0.baseName.text)
        }
        let reading = isUntyped == true ? nil : FactoryProduct.valueType(of: value)
        guard let type = reading?.type else {
            guard untypedValueCalls.insert(name + ":" + (label ?? "_")).inserted else { return }
            // No factory, so no request ever falls back to a requester here.
            state.facts.provisionalLocatorCalls.append(
                ProvisionalLocatorCallFact(shape: shape, kind: .untypedValue(state.location(of: node)), fallbackRequester: .root))
            state.speculativeSites += 1
            return
        }
        guard !Self.isPlainValue(type), isService(type, at: node) else { return }
        let index = appendRegistration(node, type: type, isFactory: false, implementations: reading?.implementations ?? [])
        if value.kind == .functionCallExpr { state.noteGenericConstruction(value: value, registers: type, at: node) }
        state.facts.provisionalLocatorCalls.append(
            ProvisionalLocatorCallFact(shape: shape, kind: .registration(index: index), fallbackRequester: .root))
        state.speculativeSites += 2
    }

    /// Values no project registers as a service: text, numbers, flags, dates, collections.
    private static func isPlainValue(_ type: String) -> Bool {
        plainValueTypes.contains(type) || type.hasPrefix("[") || type.hasSuffix("?")
    }

    private static let plainValueTypes: Set<String> = [
        "String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Character", "Date", "Data", "URL", "UUID", "TimeInterval", "Decimal",
        "NSNumber", "NSString", "CGPoint", "CGSize", "CGRect",
    ]

    /// A provisional locator registration at `node`, kept by the linker if a locator method takes
    /// the call (an instance lives as long as the locator; a factory as its caching says).
    private func appendRegistration(_ node: FunctionCallExprSyntax, type: String, isFactory: Bool, implementations: [String]) -> Int {
        let index = state.facts.registrations.count
        // "factory" is settled by the linker from how the project's locator caches results.
        state.appendRegistration(
            RegistrationFact(
                registry: .serviceLocator, container: Self.containerName, serviceType: type,
                lifetime: isFactory ? .weak : .singleton, lifetimeDetail: isFactory ? "factory" : "instance",
                implementationTypes: implementations, location: state.location(of: node),
                conditions: ConditionalCompilation.branches(of: node), scope: LocalBinding.scope(of: node, path: state.path)), at: node)
        return index
    }

    /// `FilmInfoInteractor(filmInfoService: resolver.resolve())`: typed by the parameter it is
    /// passed to, declared wherever the initializer is (the linker reads it).
    private func recordInitializerArgument(_ node: FunctionCallExprSyntax, _ name: String) {
        guard let site = ConstructorArgument.of(node) else { return }
        let context = SiteContext.of(node, in: state)
        let shape = LocatorCallShape(name: name, labels: [], metatypeArgument: nil)
        let template = request(node, type: .named(""), context: context)
        state.facts.provisionalLocatorCalls.append(
            ProvisionalLocatorCallFact(
                shape: shape,
                kind: .initializerArgument(
                    InitializerRequestFact(
                        type: site.type, labels: site.labels, parameters: .argument(index: site.index), template: template,
                        through: site.through)),
                fallbackRequester: context.requester, isForceUnwrapped: node.parent?.is(ForceUnwrapExprSyntax.self) == true))
    }

    private func request(_ node: some ExprSyntaxProtocol, type: RequestedType, context: SiteContext) -> RequestFact {
        var retained = context.retained
        if let closure = context.factoryClosure, retained { retained = KeptUse.isKept(node, in: closure) }
        let forced = node.parent?.is(ForceUnwrapExprSyntax.self) == true
        return RequestFact(
            requester: context.requester, registry: context.factory?.registry ?? .serviceLocator, type: type,
            timing: context.timing, retained: retained, via: .resolve,
            optional: !forced && OptionalUse.isOptional(Syntax(node)), location: state.location(of: node),
            conditions: ConditionalCompilation.branches(of: node))
    }

    private func recordRequest(
        _ node: some ExprSyntaxProtocol, shape: LocatorCallShape, type: RequestedType, context: SiteContext? = nil
    ) {
        let context = context ?? SiteContext.of(node, in: state)
        let forced = node.parent?.is(ForceUnwrapExprSyntax.self) == true
        state.facts.provisionalLocatorCalls.append(
            ProvisionalLocatorCallFact(
                shape: shape, kind: .request(request(node, type: type, context: context)),
                fallbackRequester: context.requester, isForceUnwrapped: forced))
    }

    private func recordRegistration(_ node: FunctionCallExprSyntax, shape: LocatorCallShape, type: String, metatypeIndex: Int) {
        // The factory, wherever it is among the arguments (PianoReminder's
        // `registerService(type:scope:) { q in … }` passes a scope first); else the first value.
        let others = node.arguments.enumerated().filter { $0.offset != metatypeIndex }.map(\.element.expression)
        let value =
            node.trailingClosure.map(ExprSyntax.init) ?? others.first { $0.is(ClosureExprSyntax.self) } ?? others.first
        guard let value else { return }
        let index = state.facts.registrations.count
        var implementations: [String] = []
        let isFactory: Bool
        if let closure = value.as(ClosureExprSyntax.self) {
            isFactory = true
            implementations = FactoryProduct.read(closure, keyedBy: type).implementations
            state.markFactory(closure, registration: index, registry: .serviceLocator, isCompletion: false)
        } else if let initialized = ExpressionReading.initReference(value) {
            isFactory = true
            implementations = [initialized]
        } else {
            isFactory = false
            implementations = ExpressionReading.constructedType(value).map { [$0] } ?? []
        }
        _ = appendRegistration(node, type: type, isFactory: isFactory, implementations: implementations)
        if let closure = value.as(ClosureExprSyntax.self) {
            state.facts.registrations[index].factoryParameterTypes = ClosureParameters.types(of: closure)
        }
        let context = SiteContext.of(node, in: state)
        state.facts.provisionalLocatorCalls.append(
            ProvisionalLocatorCallFact(shape: shape, kind: .registration(index: index), fallbackRequester: context.requester))
    }

    // MARK: - Property wrappers

    /// Wrappers of the platform and of libraries read elsewhere: never a project's locator.
    static let knownWrappers: Set<String> = [
        "State", "Binding", "Published", "ObservedObject", "StateObject", "EnvironmentObject", "Environment",
        "AppStorage", "SceneStorage", "FocusState", "GestureState", "Namespace", "FetchRequest", "SectionedFetchRequest",
        "Query", "Bindable", "ScaledMetric", "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor",
        "AccessibilityFocusState", "IBOutlet", "IBInspectable", "NSManaged", "objc", "nonobjc", "MainActor",
        "available", "discardableResult", "inlinable", "usableFromInline", "Dependency", "Injected", "LazyInjected",
        "WeakLazyInjected", "OptionalInjected", "InjectedObject", "Model", "Attribute", "Relationship", "Transient",
        "ObservationIgnored", "ObservationTracked", "preconcurrency", "Sendable", "unchecked", "TaskLocal",
    ]

    /// Wrappers a DI library defines, read by its extractor where the file imports it. In a file
    /// importing none of those libraries, a wrapper of that name is the project's own (Trio's
    /// `@Injected` over a Swinject resolver), read if its declaration forwards to a resolve.
    static let libraryWrappers: Set<String> = [
        "Injected", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedObject", "Dependency",
    ]
    static let librariesDefiningWrappers: Set<String> = [
        "Resolver", "Factory", "FactoryKit", "Dependencies", "ComposableArchitecture",
    ]

    private func isProjectWrapper(_ name: String) -> Bool {
        Self.libraryWrappers.contains(name) && state.imports.isDisjoint(with: Self.librariesDefiningWrappers)
            && !state.spellings.contains(Spellings.resolverName)
    }

    func visit(_ node: VariableDeclSyntax) {
        if node.attributes.isEmpty { readWrapperInstances(node) }
        guard !node.attributes.isEmpty, node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.arguments == nil,
                let wrapper = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
                wrapper.startsUppercase, !Self.knownWrappers.contains(wrapper) || isProjectWrapper(wrapper)
            else { continue }
            let context = SiteContext.of(node, in: state)
            for binding in node.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self), let annotation = binding.typeAnnotation
                else { continue }
                record(wrapper: wrapper, type: annotation.type, at: ident, in: node, context: context)
            }
        }
    }

    /// Haby's `let dataManaging: Injected<DataManaging> = .init()`: a wrapper's instance made by
    /// hand, with no argument, asks for its argument as `@Injected var x: DataManaging` would.
    private func readWrapperInstances(_ node: VariableDeclSyntax) {
        guard Self.initializesByEmptyCall(node) else { return }
        for binding in node.bindings {
            guard let ident = binding.pattern.as(IdentifierPatternSyntax.self),
                let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                call.trailingClosure == nil
            else { continue }
            let wrapper: String
            let argument: TypeSyntax
            if let generic = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self),
                let arguments = generic.genericArgumentClause?.arguments, arguments.count == 1,
                let only = arguments.first?.argument.as(TypeSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self).map({ $0.base == nil && $0.declName.baseName.text == "init" })
                    ?? call.calledExpression.trimmedDescription.hasPrefix(generic.name.text)
            {
                // `let x: Injected<P> = .init()`, `= Injected()`.
                (wrapper, argument) = (generic.name.text, only)
            } else if binding.typeAnnotation == nil, let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                let name = specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                specialized.genericArgumentClause.arguments.count == 1,
                let only = specialized.genericArgumentClause.arguments.first?.argument.as(TypeSyntax.self)
            {
                // `let x = Injected<P>()`.
                (wrapper, argument) = (name, only)
            } else {
                continue
            }
            guard wrapper.startsUppercase, !Self.knownWrappers.contains(wrapper) || isProjectWrapper(wrapper) else { continue }
            record(wrapper: wrapper, type: argument, at: ident, in: node, context: SiteContext.of(node, in: state))
        }
    }

    /// Whether a binding's value is a call with no arguments and no trailing closure, read on the
    /// raw tree: asked of every declaration without attributes, and true of few.
    private static func initializesByEmptyCall(_ node: VariableDeclSyntax) -> Bool {
        guard let bindings = RawVariableDeclSyntax(node.raw)?.bindings else { return false }
        for binding in bindings.elements {
            guard let call = binding.initializer?.value.as(RawFunctionCallExprSyntax.self) else { continue }
            if call.arguments.elements.isEmpty, call.trailingClosure == nil { return true }
        }
        return false
    }

    private func record(
        wrapper: String, type annotation: TypeSyntax, at ident: IdentifierPatternSyntax, in node: VariableDeclSyntax,
        context: SiteContext
    ) {
        let written = TypeName.normalize(annotation.trimmedDescription)
        let type = TypeName.unwrappingOptional(written)
        state.facts.wrappedProperties.append(
            WrappedPropertyFact(
                wrapper: wrapper,
                request: RequestFact(
                    requester: context.requester, registry: .serviceLocator, type: .named(type), timing: .deferred,
                    retained: true, via: .propertyWrapper, optional: written != type,
                    location: state.location(of: ident), conditions: ConditionalCompilation.branches(of: node))))
    }
}
