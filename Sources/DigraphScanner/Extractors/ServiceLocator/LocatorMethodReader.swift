import DigraphCore
import SwiftSyntax

/// Reads generic methods that may be a project's own locator (see ``LocatorMethodFact``): a
/// `T.Type` parameter beside a value (register), or a `T` result (resolve), and what their bodies
/// do with the key. Also generic `@propertyWrapper`s passing `T.self` on (see ``LocatorWrapperFact``).
/// Only generic declarations are looked at, so most functions cost one check.
final class LocatorMethodReader {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    func visit(_ node: FunctionDeclSyntax) {
        guard let generics = node.genericParameterClause?.parameters.map(\.name.text), !generics.isEmpty else { return }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            ParameterFact(
                label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
                type: InitializerReading.parameterType(parameter.type), hasDefault: parameter.defaultValue != nil)
        }
        let names = node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        record(
            node, name: node.name.text, generics: generics, parameters: parameters, names: names,
            returnClause: node.signature.returnClause, body: node.body.map(Syntax.init))
    }

    /// `subscript<T>(_ type: T.Type) -> T`: `locator[P.self]`. A subscript's parameters have no
    /// argument label unless one is written before the name.
    func visit(_ node: SubscriptDeclSyntax) {
        guard let generics = node.genericParameterClause?.parameters.map(\.name.text), !generics.isEmpty else { return }
        let parameters = node.parameterClause.parameters.map { parameter in
            ParameterFact(
                label: parameter.secondName == nil || parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
                type: InitializerReading.parameterType(parameter.type), hasDefault: parameter.defaultValue != nil)
        }
        let names = node.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        record(
            node, name: "subscript", generics: generics, parameters: parameters, names: names,
            returnClause: node.returnClause, body: node.accessorBlock.map(Syntax.init))
    }

    private func record(
        _ node: some SyntaxProtocol, name: String, generics: [String], parameters: [ParameterFact], names: [String],
        returnClause: ReturnClauseSyntax?, body: Syntax?
    ) {
        let metatype = parameters.firstIndex { parameter in
            generics.contains { TypeName.unwrappingOptional(parameter.type) == "\($0).Type" }
        }
        // `containerClosure: DependencyContainerClosure` with `typealias DependencyContainerClosure =
        // (DIContainable) -> Any` in the file (Heim's DIContainer): the parameter is that function.
        var parameters = parameters
        if metatype != nil {
            for index in parameters.indices where index != metatype {
                if let target = Self.functionAlias(parameters[index].type, declaredAround: node) { parameters[index].type = target }
            }
        }
        let returned = returnClause.map { TypeName.unwrappingOptional($0.type.trimmedDescription) }
        let role: LocatorMethodFact.Role
        var valueKey: Int?
        if let returned, generics.contains(returned),
            metatype != nil || parameters.allSatisfy({ $0.hasDefault || !Self.mentions($0.type, generics) })
        {
            // FilamentSwatches' `resolve<Value>(key: String?, in container: Container) -> Value`:
            // the other parameters say where to look, the result's type is the key.
            role = .resolve
        } else if metatype == nil, returned == nil || returned == "Void",
            let value = parameters.indices.first(where: { generics.contains(parameters[$0].type) }),
            parameters.indices.allSatisfy({ $0 == value || parameters[$0].hasDefault })
        {
            // `register<T>(_ service: T)`: keyed by the static type of what it is given.
            role = .register
            valueKey = value
        } else if let metatype, parameters.count >= 2,
            returned == nil || returned == "Void" || returned?.hasPrefix("ServiceEntry<") == true,
            Self.takesAnInstance(parameters, except: metatype, generics: generics)
        {
            role = .register
        } else {
            return
        }
        let keyNames = Set(metatype.map { [names[$0]] } ?? []).union(generics.map { "\($0).self" })
        let reading = body.map { BodyReading($0, keys: keyNames) }
        state.facts.locatorMethods.append(
            LocatorMethodFact(
                owner: Self.owner(of: node), name: name, parameters: parameters, metatypeParameter: metatype,
                role: role, usesKeyedStorage: reading?.usesKeyedStorage ?? false, forwards: reading?.forwards ?? [],
                isRequirement: body == nil,
                returnsOptional: role == .resolve && returnClause?.type.is(OptionalTypeSyntax.self) == true,
                failsWhenAbsent: (reading?.fails ?? false) && reading?.builds != true,
                takesFactory: role == .register && Self.takesFactory(parameters, except: metatype),
                location: state.location(of: node)))
        state.facts.locatorMethods[state.facts.locatorMethods.count - 1].buildsWhenAbsent = role == .resolve && reading?.builds == true
        state.facts.locatorMethods[state.facts.locatorMethods.count - 1].valueKeyParameter = valueKey
        if role == .resolve, let function = node.as(FunctionDeclSyntax.self) {
            state.facts.locatorMethods[state.facts.locatorMethods.count - 1].nameDefault = Self.nameDefault(function)
        }
    }

    /// The parameter with a string literal default that the body passes on as a call's `name:`.
    private static func nameDefault(_ function: FunctionDeclSyntax) -> LocatorMethodFact.NameDefault? {
        let defaulted = function.signature.parameterClause.parameters.filter {
            $0.defaultValue.flatMap { ExpressionReading.stringLiteral($0.value) } != nil
        }
        guard !defaulted.isEmpty, let body = function.body else { return nil }
        let passed = PassedNames(viewMode: .sourceAccurate)
        passed.walk(body)
        guard let parameter = defaulted.first(where: { passed.names.contains(($0.secondName ?? $0.firstName).text) }),
            let value = parameter.defaultValue.flatMap({ ExpressionReading.stringLiteral($0.value) })
        else { return nil }
        return LocatorMethodFact.NameDefault(
            label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text, value: value)
    }

    /// The names calls in a body pass as their `name:` argument (`resolve(type, name: name)`).
    private final class PassedNames: SyntaxVisitor {
        var names: Set<String> = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.arguments.first(labeled: "name")?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                names.insert(name)
            }
            return .visitChildren
        }
    }

    /// `@propertyWrapper struct Inject<T>`: the calls its code passes `T.self` to.
    func visitPropertyWrapper(_ node: some DeclGroupSyntax, name: String, generics: GenericParameterClauseSyntax?) {
        guard let generics = generics?.parameters.map(\.name.text), !generics.isEmpty,
            node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper" })
        else { return }
        let keys = Set(generics.map { "\($0).self" })
        let body = BodyReading(Syntax(node.memberBlock), keys: keys)
        guard !body.forwards.isEmpty else { return }
        let asksOnInit = node.memberBlock.members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), let code = initializer.body else { return false }
            return !BodyReading(Syntax(code), keys: keys).forwards.isEmpty
        }
        state.facts.locatorWrappers.append(
            LocatorWrapperFact(name: name, forwards: body.forwards, failsWhenAbsent: body.fails, asksOnInit: asksOnInit))
    }

    /// A registration keeps an instance of the key's type, or something that makes one: some
    /// other parameter is typed with the generic parameter (`T`, `T?`, `@escaping () -> T`), holds
    /// any object (`Any`, `AnyObject`), is a function, or names a factory. PayslipMax's
    /// `updateConversionState<T>(for: T.Type, state: ConversionState)` records a status keyed by the
    /// type: it keeps no instance, so its calls are no registrations.
    private static func takesAnInstance(_ parameters: [ParameterFact], except metatype: Int, generics: [String]) -> Bool {
        parameters.indices.contains { index in
            guard index != metatype else { return false }
            if mentions(parameters[index].type, generics + ["Any", "AnyObject"]) { return true }
            return takesFactory([parameters[index]], except: nil)
        }
    }

    /// Whether a written type names one of `names` as a whole word (`T`, `T?`, `() -> T`).
    private static func mentions(_ type: String, _ names: [String]) -> Bool {
        let words = Set(type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        return !words.isDisjoint(with: names)
    }

    /// The value parameter is a function, or names one (`DependencyFactory`, `factory:`).
    private static func takesFactory(_ parameters: [ParameterFact], except metatype: Int?) -> Bool {
        guard let value = parameters.indices.first(where: { $0 != metatype }).map({ parameters[$0] }) else { return false }
        let words = [value.type, value.label ?? ""].map { $0.lowercased() }
        return value.type.contains("->") || words.contains { $0.contains("factory") || $0.contains("provider") || $0.contains("builder") }
    }

    private static func owner(of node: some SyntaxProtocol) -> String { TypeNaming.enclosingName(of: node) ?? "" }

    /// What `typealias name = (…) -> …` declared in the same file (at its top level or in a type
    /// of it) stands for, when it is a function type; nil otherwise.
    private static func functionAlias(_ name: String, declaredAround node: some SyntaxProtocol) -> String? {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            let file = node.root.as(SourceFileSyntax.self)
        else { return nil }
        func search(_ items: some Sequence<DeclSyntax>, depth: Int) -> String? {
            for decl in items {
                if let alias = decl.as(TypeAliasDeclSyntax.self), alias.name.text == name {
                    let target = alias.initializer.value
                    return target.is(FunctionTypeSyntax.self) || target.as(AttributedTypeSyntax.self)?.baseType.is(FunctionTypeSyntax.self) == true
                        ? TypeName.normalize(target.trimmedDescription) : nil
                }
                if depth == 0, let group = decl.asProtocol(DeclGroupSyntax.self),
                    let found = search(group.memberBlock.members.map(\.decl), depth: 1)
                {
                    return found
                }
            }
            return nil
        }
        return search(file.statements.compactMap { $0.item.as(DeclSyntax.self) }, depth: 0)
    }

    /// What a body does with its key: keyed storage looked up by something made from the key
    /// (`factories[String(describing: metaType)]`, `object(forKey: name)` where `name` was made
    /// from it), and the calls that receive the key itself (a `T.Type` parameter, or `T.self`).
    /// A subscript keyed by anything else (`defaults[key]`) is not a type-keyed store.
    private struct BodyReading {
        var usesKeyedStorage = false
        var forwards: [LocatorCallShape] = []
        var fails = false
        var builds = false

        init(_ body: Syntax, keys: Set<String>) {
            let walker = KeyWalker(keys: keys)
            walker.walk(body)
            usesKeyedStorage = walker.keyed
            forwards = walker.forwards
            fails = walker.fails
            builds = walker.builds
        }
    }

    private final class KeyWalker: SyntaxVisitor {
        let keys: Set<String>
        /// The key and the locals made from it, in the order the body declares them.
        var derived: Set<String>
        var keyed = false
        var forwards: [LocatorCallShape] = []
        var fails = false
        /// Builds the key's type: `type.init(…)` on the metatype parameter, `T(…)`, `T.init(…)`.
        var builds = false

        /// The key's generic parameters (`T` of `T.self`) and metatype parameters (`type`).
        private let generics: Set<String>
        private let metatypeParameters: Set<String>

        init(keys: Set<String>) {
            self.keys = keys
            self.derived = keys
            generics = Set(keys.filter { $0.hasSuffix(".self") }.map { String($0.dropLast(".self".count)) })
            metatypeParameters = keys.filter { !$0.hasSuffix(".self") }
            super.init(viewMode: .sourceAccurate)
        }

        /// `type.init(…)` (the metatype parameter), `T(…)`, `T.init(…)` (a generic parameter).
        private func buildsKey(_ call: FunctionCallExprSyntax) -> Bool {
            if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) { return generics.contains(ref.baseName.text) }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                let base = member.base?.as(DeclReferenceExprSyntax.self)
            else { return false }
            return generics.contains(base.baseName.text) || metatypeParameters.contains(base.baseName.text)
        }

        /// Calls that stop the program (or report a failure) when what was asked for is missing.
        static let failing: Set<String> = [
            "fatalError", "preconditionFailure", "precondition", "assertionFailure", "assert", "abort", "exit",
        ]

        private func mentionsKey(_ node: some SyntaxProtocol) -> Bool {
            let text = node.trimmedDescription
            if keys.contains(where: { $0.hasSuffix(".self") && text.contains($0) }) { return true }
            var word = ""
            for ch in text + " " {
                if ch.isLetter || ch.isNumber || ch == "_" {
                    word.append(ch)
                } else {
                    if derived.contains(word) { return true }
                    word = ""
                }
            }
            return false
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let ident = node.pattern.as(IdentifierPatternSyntax.self), let value = node.initializer?.value,
                mentionsKey(value)
            {
                derived.insert(ident.identifier.text)
            }
            return .visitChildren
        }

        override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.arguments.contains(where: { mentionsKey($0.expression) }) { keyed = true }
            return .visitChildren
        }

        override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
            fails = true
            return .visitChildren
        }

        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
            fails = true
            return .visitChildren
        }

        override func visit(_ node: UnresolvedAsExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark?.tokenKind == .exclamationMark { fails = true }
            return .visitChildren
        }

        override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark?.tokenKind == .exclamationMark { fails = true }
            return .visitChildren
        }

        override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark?.tokenKind == .exclamationMark { fails = true }
            return .visitChildren
        }

        /// `register(…).inObjectScope(.container)`: `container`; nil when no scope is chained or
        /// it is not written as a member (`.container`, `ObjectScope.weak`).
        static func chainedScope(of call: FunctionCallExprSyntax) -> String? {
            guard let member = call.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "inObjectScope",
                let scoping = member.parent?.as(FunctionCallExprSyntax.self), let argument = scoping.arguments.first?.expression
            else { return nil }
            return SwinjectScope.read(argument)?.detail
        }

        /// `register(…).inObjectScope(scope)` with `scope` a parameter of the method: its label.
        static func chainedScopeParameter(of call: FunctionCallExprSyntax) -> String? {
            guard let member = call.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "inObjectScope",
                let scoping = member.parent?.as(FunctionCallExprSyntax.self),
                let name = scoping.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return nil }
            var current = Syntax(call).parent
            while let n = current {
                if let function = n.as(FunctionDeclSyntax.self) {
                    let parameter = function.signature.parameterClause.parameters.first { ($0.secondName ?? $0.firstName).text == name }
                    guard let label = parameter?.firstName.text, label != "_" else { return nil }
                    return label
                }
                if n.is(ClosureExprSyntax.self) || n.is(MemberBlockSyntax.self) { return nil }
                current = n.parent
            }
            return nil
        }


        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = ExpressionReading.calledName(node), Self.failing.contains(name) { fails = true }
            if buildsKey(node) { builds = true }
            let labels = node.arguments.map { $0.label?.text }
            if let key = node.arguments.first(labeled: "forKey"), mentionsKey(key.expression) { keyed = true }
            // Constructions (`String(describing: metaType)`) make keys; they do not forward.
            if let name = ExpressionReading.calledName(node), name.startsLowercase || name.hasPrefix("_"),
                let index = node.arguments.firstIndex(where: { keys.contains($0.expression.trimmedDescription) })
            {
                forwards.append(
                    LocatorCallShape(
                        name: name, labels: labels,
                        metatypeArgument: node.arguments.distance(from: node.arguments.startIndex, to: index),
                        hasTrailingClosure: node.trailingClosure != nil, scope: Self.chainedScope(of: node), scopeParameter: Self.chainedScopeParameter(of: node),
                        argumentScopes: ArgumentScopes.of(node)))
                if let closure = node.trailingClosure ?? node.arguments.first(labeled: "factory")?.expression.as(ClosureExprSyntax.self) {
                    forwards[forwards.count - 1].factoryArguments = max(0, ClosureParameters.types(of: closure).count - 1)
                }
            } else if let name = ExpressionReading.calledName(node), name.startsLowercase, !node.arguments.contains(where: { mentionsKey($0.expression) }),
                isTypedAsKey(node)
            {
                // Gitty's `guard let service: T = lookupService()`: the key handed on by the
                // call's context, a forward with no key argument.
                forwards.append(LocatorCallShape(name: name, labels: labels, metatypeArgument: nil, scope: nil))
            }
            return .visitChildren
        }

        /// The call's value is a binding annotated with the key's generic parameter (`let s: T =
        /// f()`, `guard let s: T = f()`, `T?`), through `try`, `await` and `!`.
        private func isTypedAsKey(_ call: FunctionCallExprSyntax) -> Bool {
            var current = Syntax(call)
            while let parent = current.parent,
                parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
            {
                current = parent
            }
            if assignsKeyTypedProperty(current) || isResultOfKeyTypedDeclaration(current) { return true }
            guard let owner = current.parent?.as(InitializerClauseSyntax.self)?.parent,
                let annotation = owner.as(PatternBindingSyntax.self)?.typeAnnotation?.type
                    ?? owner.as(OptionalBindingConditionSyntax.self)?.typeAnnotation?.type
            else { return false }
            return generics.contains(TypeName.unwrappingOptional(annotation.trimmedDescription))
        }

        /// `var wrappedValue: Value { context.resolve(key: key) }` (FilamentSwatches' `@Injected`),
        /// `func resolve<Value>(key: String?) -> Value { resolve(key: key, in: container) }`: the
        /// value is what a getter or function declared with the key's generic parameter gives.
        private func isResultOfKeyTypedDeclaration(_ value: Syntax) -> Bool {
            let isResult: Bool
            if value.parent?.is(ReturnStmtSyntax.self) == true {
                isResult = true
            } else if let item = value.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) {
                isResult = list.count == 1
            } else {
                isResult = false
            }
            guard isResult else { return false }
            var current = value.parent
            while let node = current {
                if node.is(ClosureExprSyntax.self) { return false }
                if let function = node.as(FunctionDeclSyntax.self) {
                    guard let type = function.signature.returnClause?.type else { return false }
                    return generics.contains(TypeName.unwrappingOptional(type.trimmedDescription))
                }
                if let binding = node.as(PatternBindingSyntax.self) {
                    guard let type = binding.typeAnnotation?.type else { return false }
                    return generics.contains(TypeName.unwrappingOptional(type.trimmedDescription))
                }
                if node.isProtocol(DeclGroupSyntax.self) { return false }
                current = node.parent
            }
            return false
        }

        /// `self.wrappedValue = injector.resolve()` (Hongik's `@Injected`): the value goes to a
        /// stored property of the wrapper declared with the key's generic parameter.
        private func assignsKeyTypedProperty(_ value: Syntax) -> Bool {
            guard let list = value.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true else { return false }
            let elements = Array(list)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == value.id else { return false }
            let target = elements[0]
            let name: String
            if let access = target.as(MemberAccessExprSyntax.self),
                access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            {
                name = access.declName.baseName.text
            } else if let ref = target.as(DeclReferenceExprSyntax.self) {
                name = ref.baseName.text
            } else {
                return false
            }
            var current = value.parent
            while let node = current, !node.isProtocol(DeclGroupSyntax.self) { current = node.parent }
            guard let group = current?.asProtocol(DeclGroupSyntax.self) else { return false }
            for item in group.memberBlock.members {
                guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let annotation = binding.typeAnnotation?.type else { return false }
                    return generics.contains(TypeName.unwrappingOptional(annotation.trimmedDescription))
                }
            }
            return false
        }
    }
}

/// `scope: .container` among a call's arguments: the Swinject scopes it passes, by label, for the
/// wrapper it calls to chain (see ``LocatorCallShape/argumentScopes``).
enum ArgumentScopes {
    static func of(_ call: FunctionCallExprSyntax) -> [ArgumentScope] {
        call.arguments.compactMap { argument -> ArgumentScope? in
            guard let label = argument.label?.text, let detail = SwinjectScope.read(argument.expression)?.detail else { return nil }
            return ArgumentScope(label: label, scope: detail)
        }.sorted()
    }
}
