import DigraphCore
import SwiftSyntax

/// Reads and assignments of key-path dependencies (swift-dependencies, seed 004's container):
///
/// - `@Dependency(\.apiClient) var apiClient` on a type: resolved on each access (deferred);
///   `\.apiClient.fetch` reads `apiClient`; `@Dependency(APIClient.self)` reads a key type.
/// - `@Dependency(\.b) var b` as a local inside a key's `liveValue`: a dependency of a
///   dependency, eager when the body uses it outside any closure, deferred when only a closure
///   (an endpoint that runs later) does.
/// - `$0.apiClient = …` inside `withDependencies` / `prepareDependencies` /
///   `transformDependency`, `.dependency(\.apiClient, …)`, and seed 004's
///   `DependencyContainer[\.b] = …` / `DependencyContainer.set(initialValue:key:)`: values given
///   at run time.
///
/// `@Dependency var x: T` without an argument is seed 000's service locator, not this.
final class DependencyRequestExtractor {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    // MARK: - Reads

    func visit(_ node: VariableDeclSyntax) {
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self), Self.isDependencyAttribute(attribute),
                case .argumentList(let arguments) = attribute.arguments, let first = arguments.first?.expression
            else { continue }
            guard let target = Self.target(first) else {
                legacyFactoryRequest(first, attribute: attribute, node: node)
                continue
            }
            let context = SiteContext.of(node, in: state)
            let isLocal = node.parent?.is(MemberBlockItemSyntax.self) != true
            var timing = Timing.deferred
            if isLocal, Self.isInLiveValue(node),
                let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                Self.usedOutsideClosures(name, after: node)
            {
                timing = .eager
            }
            state.facts.members.requests.append(
                MemberRequestFact(
                    requester: context.requester, registry: target.owner == nil ? .unspecified : .swiftDependencies,
                    owner: target.owner, property: target.property ?? "", keyType: target.keyType, timing: timing,
                    retained: false, via: .propertyWrapper, location: state.location(of: attribute),
                    conditions: ConditionalCompilation.branches(of: node)))
        }
    }

    /// `@Dependency(Dependencies.api)` where the project renamed Factory 1.x's `Injected`
    /// (`typealias Dependency = Injected`): a Factory request the linker keeps only when
    /// `Dependencies.api` is a Factory service.
    private func legacyFactoryRequest(_ expr: ExprSyntax, attribute: AttributeSyntax, node: VariableDeclSyntax) {
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text.startsUppercase, member.declName.baseName.text.startsLowercase
        else { return }
        let context = SiteContext.of(node, in: state)
        state.facts.members.requests.append(
            MemberRequestFact(
                requester: context.requester, registry: .factory, owner: base.baseName.text,
                property: member.declName.baseName.text, timing: context.timing, retained: true, via: .propertyWrapper,
                location: state.location(of: attribute), conditions: ConditionalCompilation.branches(of: node)))
    }

    /// `@Dependency` / `@Dependencies.Dependency`, compared on the name token (this runs on every attribute).
    static func isDependencyAttribute(_ attribute: AttributeSyntax) -> Bool {
        if let ident = attribute.attributeName.as(IdentifierTypeSyntax.self) { return ident.name.text == "Dependency" }
        return attribute.attributeName.as(MemberTypeSyntax.self)?.name.text == "Dependency"
    }

    struct Target {
        var owner: String?
        var property: String?
        var keyType: String?
    }

    /// `\.x`, `\.x.y` (reads `x`), `\DependencyValues.x`, `T.self`.
    static func target(_ expr: ExprSyntax) -> Target? {
        if let keyPath = expr.as(KeyPathExprSyntax.self) {
            guard let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self) else {
                return nil
            }
            let name = component.declName.baseName.text
            guard name != "self" else { return nil }
            return Target(owner: keyPath.root.map { TypeName.normalize($0.trimmedDescription) }, property: name)
        }
        if let type = ExpressionReading.metatype(expr) { return Target(keyType: type) }
        return nil
    }

    /// Inside a key's `static let liveValue = …` / `static var liveValue: Self { … }`: built when
    /// the dependency is first read.
    private static func isInLiveValue(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let binding = n.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "liveValue"
            }
            // playola's `liveValue = Self(clear: { @Dependency(\.push) var push … })`: declared in
            // an endpoint closure, it is read when the endpoint runs, not while the value is built.
            // A closure applied on the spot (`static let liveValue = { … }()`) runs then.
            if let closure = n.as(ClosureExprSyntax.self),
                closure.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != closure.id
            {
                return false
            }
            // `static let liveValue = Self.live()` with `static func live() -> Self { @Dependency(…) var x … }`:
            // the helper's body runs while the key's value is built.
            if let function = n.as(FunctionDeclSyntax.self) { return isCalledByLiveValue(function) }
            if n.is(MemberBlockSyntax.self) { return false }
            current = n.parent
        }
        return false
    }

    /// A static function of a type whose `liveValue`, declared in this file in that type or an
    /// extension of it, calls it outside any closure (`Self.live()`, `live()`, `Client.live()`).
    private static func isCalledByLiveValue(_ function: FunctionDeclSyntax) -> Bool {
        guard function.modifiers.contains(where: { $0.name.text == "static" }),
            let owner = TypeNaming.enclosingName(of: function), let file = function.root.as(SourceFileSyntax.self)
        else { return false }
        let name = function.name.text
        final class Calls: SyntaxVisitor {
            let name: String
            let owner: String
            var found = false
            init(name: String, owner: String) {
                self.name = name
                self.owner = owner
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let called = node.calledExpression
                if let ref = called.as(DeclReferenceExprSyntax.self), ref.baseName.text == name { found = true }
                if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name,
                    let base = member.base?.as(DeclReferenceExprSyntax.self),
                    base.baseName.text == "Self" || base.baseName.text == TypeName.lastComponent(owner)
                {
                    found = true
                }
                return .visitChildren
            }
        }
        for item in file.statements {
            guard let group = item.item.asProtocol(DeclGroupSyntax.self),
                TypeNaming.declaredName(of: Syntax(group)) == owner
            else { continue }
            for member in group.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "liveValue" {
                    let calls = Calls(name: name, owner: owner)
                    if let value = binding.initializer?.value { calls.walk(value) }
                    if let accessors = binding.accessorBlock { calls.walk(accessors) }
                    if calls.found { return true }
                }
            }
        }
        return false
    }

    /// Whether the local `name` is used after its declaration outside any closure (so reading it
    /// happens while the enclosing value is being built).
    private static func usedOutsideClosures(_ name: String, after declaration: VariableDeclSyntax) -> Bool {
        guard let block = declaration.parent?.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        final class Uses: SyntaxVisitor {
            let name: String
            var outside = false
            init(_ name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.baseName.text == name { outside = true }
                return .visitChildren
            }
        }
        let uses = Uses(name)
        var seen = false
        for item in block {
            if seen { uses.walk(item) }
            if item.item.id == declaration.id { seen = true }
        }
        return uses.outside
    }

    /// `DependencyValues._current.tmdb`, `DependencyValues.live.networkClient`: the value the
    /// current (or the library's live, preview, test) dependencies hold for a key, read on the
    /// spot, as a `@Dependency` local is: in a key's `liveValue` while it is built (eager),
    /// elsewhere when the code runs (as its context says).
    func visit(_ node: MemberAccessExprSyntax) {
        guard Self.valuesInstances.contains(node.declName.baseName.text),
            node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "DependencyValues",
            let read = node.parent?.as(MemberAccessExprSyntax.self), read.base?.id == node.id
        else { return }
        let context = SiteContext.of(node, in: state)
        // `let tmdb = DependencyValues._current.tmdb` in the getter: asked from the local's
        // declaration, whose own binding is not the key's.
        var site = Syntax(node)
        while let parent = site.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(ClosureExprSyntax.self),
            !parent.is(MemberBlockItemSyntax.self)
        {
            site = parent
        }
        let isBuildTime = site.as(VariableDeclSyntax.self).map(Self.isInLiveValue) ?? Self.isInLiveValue(node)
        state.facts.members.requests.append(
            MemberRequestFact(
                requester: context.requester, registry: .swiftDependencies, owner: "DependencyValues",
                property: read.declName.baseName.text, timing: isBuildTime ? .eager : context.timing,
                retained: false, via: .resolve, location: state.location(of: read),
                conditions: ConditionalCompilation.branches(of: node)))
    }

    /// `DependencyValues`' own instances: the task's current one and the library's three contexts.
    private static let valuesInstances: Set<String> = ["_current", "live", "preview", "test"]

    /// `DependencyContainer[\.x]` read (not assigned) in code: a key-path container read, eager
    /// when it runs while its requester is built (an initializer, a stored property's value).
    func visit(_ node: SubscriptCallExprSyntax) {
        guard let base = node.calledExpression.as(DeclReferenceExprSyntax.self), base.baseName.text.startsUppercase,
            let argument = node.arguments.first?.expression, argument.is(KeyPathExprSyntax.self),
            let target = Self.target(argument), let property = target.property, !Self.isAssigned(node)
        else { return }
        let context = SiteContext.of(node, in: state)
        state.facts.members.requests.append(
            MemberRequestFact(
                requester: context.requester, registry: .keyPathContainer, owner: base.baseName.text, property: property,
                timing: context.timing, retained: context.retained, via: context.positionalVia ?? .resolve,
                location: state.location(of: node), conditions: ConditionalCompilation.branches(of: node)))
    }

    /// The left side of `a = b` (an unfolded sequence).
    private static func isAssigned(_ node: SubscriptCallExprSyntax) -> Bool {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
        let items = Array(list)
        guard let i = items.firstIndex(where: { $0.id == node.id }), i + 1 < items.count else { return false }
        return items[i + 1].is(AssignmentExprSyntax.self)
    }

    // MARK: - Assignments

    static let scopingCalls: Set<String> = ["withDependencies", "prepareDependencies", "transformDependency"]

    /// `$0.x = …` / `values.x = …` inside a closure given to a dependency-scoping call, and
    /// `DependencyContainer[\.x] = …` (the parser leaves `a = b` an unfolded sequence).
    func visitSequence(_ node: SequenceExprSyntax) {
        let elements = node.elements
        guard elements.count >= 3, let left = elements.first,
            elements[elements.index(after: elements.startIndex)].is(AssignmentExprSyntax.self)
        else { return }
        assignment(left: left, at: node)
    }

    private func assignment(left: ExprSyntax, at node: some SyntaxProtocol) {
        if let subscriptCall = left.as(SubscriptCallExprSyntax.self),
            let base = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self),
            base.baseName.text.startsUppercase, let argument = subscriptCall.arguments.first?.expression,
            let target = Self.target(argument), let property = target.property
        {
            record(owner: base.baseName.text, property: property, key: nil, at: node)
            return
        }
        // The rest give `DependencyValues` values, where a file names it or a scoping call.
        guard state.mentionsDependencyValues else { return }
        // `$0[FeatureFlags.self] = …`: a value given to a key type read as `@Dependency(FeatureFlags.self)`.
        // Not `self[K.self] = newValue`: that is an accessor's setter in `extension DependencyValues`.
        if let subscriptCall = left.as(SubscriptCallExprSyntax.self),
            let root = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, root != "self",
            subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first?.expression,
            let keyType = Self.target(argument)?.keyType, Self.isValuesRoot(root, at: node)
        {
            record(owner: nil, property: nil, key: keyType, at: node)
            return
        }
        // fews' `mutating func prepareDependencies(context:) { taskClient = TaskClientLive(…) }` in
        // `extension DependencyValues`: a bare name is `self`'s property unless a local.
        if let bare = left.as(DeclReferenceExprSyntax.self), case .identifier = bare.baseName.tokenKind,
            Self.isInValuesExtension(node), !LocalNames.isLocal(bare.baseName.text, at: bare)
        {
            record(owner: nil, property: bare.baseName.text, key: nil, at: node)
            return
        }
        // Outermost member of `$0.x.y`: `x`.
        var member = left.as(MemberAccessExprSyntax.self)
        while let inner = member?.base?.as(MemberAccessExprSyntax.self) { member = inner }
        guard let member, let root = member.base?.as(DeclReferenceExprSyntax.self) else { return }
        let rootName = root.baseName.text
        // `self.x = …` in a method of `extension DependencyValues` (isowords'
        // `mutating func gameOnboarding() { self.database = .noop }`, applied with
        // `transformDependency(\.self) { $0.gameOnboarding() }`).
        guard Self.isValuesRoot(rootName, at: node) else { return }
        record(owner: nil, property: member.declName.baseName.text, key: nil, at: node)
    }

    /// Whether `name` is the `DependencyValues` being given values at `node`: `$0` or the named
    /// parameter of a scoping closure, an `inout DependencyValues` parameter, or `self` in a method
    /// of `extension DependencyValues`.
    private static func isValuesRoot(_ name: String, at node: some SyntaxProtocol) -> Bool {
        (name == "self" && isInValuesExtension(node)) || name == "$0" || isScopingClosureParameter(name, at: node)
            || isValuesParameter(name, at: node)
    }

    /// A parameter of the enclosing function typed `DependencyValues` (`inout`): CHALLA's
    /// `CompositionRoot.registerPhoto(into values: inout DependencyValues) { values.x = … }`,
    /// called with `&$0` from `prepareDependencies` or `withDependencies`.
    private static func isValuesParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { parameter in
                    (parameter.secondName ?? parameter.firstName).text == name
                        && TypeName.lastComponent(
                            parameter.type.trimmedDescription.replacingOccurrences(of: "inout ", with: ""))
                            == DependencyKeyExtractor.valuesOwner
                }
            }
            current = n.parent
        }
        return false
    }

    /// Inside a method of `extension DependencyValues` (not a closure stored in one).
    private static func isInValuesExtension(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if n.is(ClosureExprSyntax.self) { return false }
            if let ext = n.as(ExtensionDeclSyntax.self) {
                return TypeName.lastComponent(ext.extendedType.trimmedDescription) == DependencyKeyExtractor.valuesOwner
            }
            if n.is(MemberBlockSyntax.self), n.parent?.is(ExtensionDeclSyntax.self) != true { return false }
            current = n.parent
        }
        return false
    }

    private static func isScopingClosureParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self) {
                guard case .simpleInput(let names)? = closure.signature?.parameterClause, names.first?.name.text == name
                else { return false }
                return isScopingClosure(closure)
            }
            current = n.parent
        }
        return false
    }

    /// A closure given to `withDependencies { … }` / `prepareDependencies { … }`, or labelled
    /// `withDependencies:` (`Store(initialState:) { … } withDependencies: { … }`).
    private static func isScopingClosure(_ closure: ClosureExprSyntax) -> Bool {
        var current = closure.parent
        for _ in 0..<3 {
            guard let n = current else { return false }
            if let element = n.as(MultipleTrailingClosureElementSyntax.self) {
                return element.label.text.contains("ependenc")
            }
            if let labeled = n.as(LabeledExprSyntax.self), let label = labeled.label {
                return label.text.contains("ependenc")
            }
            if let call = n.as(FunctionCallExprSyntax.self) {
                return ExpressionReading.calledName(call).map(scopingCalls.contains) == true
            }
            current = n.parent
        }
        return false
    }

    /// `.dependency(\.x, value)` on a reducer or store, `DependencyContainer.set(initialValue:key:)`.
    func visit(_ call: FunctionCallExprSyntax) {
        guard let name = ExpressionReading.calledNameToken(call)?.text else { return }
        guard name == "dependency" || name == "set" else {
            valuesMethodCall(call, name: name)
            return
        }
        if name == "dependency", let first = call.arguments.first?.expression, let target = Self.target(first) {
            if let property = target.property {
                record(owner: nil, property: property, key: nil, at: call)
            } else if let key = target.keyType {
                record(owner: nil, property: nil, key: key, at: call)
            }
        } else if name == "dependency", call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
            call.calledExpression.is(MemberAccessExprSyntax.self)
        {
            // `Form().dependency(RecordPersistence(…))`: a value for the key type it is (the
            // library's `dependency(_ value:)` takes a key that is its own value), or for any key
            // when its type is not read (`.dependency(.mock)`, `.dependency(records)`).
            record(owner: nil, property: nil, key: Self.valueKeyType(only.expression) ?? MemberAssignmentFact.anyKey, at: call)
        } else if name == "set", let key = call.arguments.first(labeled: "key"), call.arguments.first(labeled: "initialValue") != nil,
            let keyType = ExpressionReading.metatype(key.expression)
        {
            record(owner: nil, property: nil, key: keyType, at: call)
        }
    }

    /// `withDependencies { $0.prepareDependencies(context: …) }`: a method of the values, called
    /// where they are given, may give any key a value. One that an `extension DependencyValues`
    /// of this file declares is read there (its assignments, ``assignment(left:at:)``); any other
    /// is not read, so no key is proven unset.
    private func valuesMethodCall(_ call: FunctionCallExprSyntax, name: String) {
        guard state.mentionsDependencyValues, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let root = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, root != "self",
            root == "$0" ? Self.isInScopingClosure(call) : Self.isScopingClosureParameter(root, at: call) || Self.isValuesParameter(root, at: call),
            !Self.valuesExtensionDeclares(name, in: call)
        else { return }
        record(owner: nil, property: nil, key: MemberAssignmentFact.anyKey, at: call)
    }

    /// The closure nearest around `node` is given to a dependency-scoping call.
    private static func isInScopingClosure(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self) { return isScopingClosure(closure) }
            current = n.parent
        }
        return false
    }

    /// Whether an `extension DependencyValues` of the file around `node` declares a method `name`.
    private static func valuesExtensionDeclares(_ name: String, in node: some SyntaxProtocol) -> Bool {
        guard let file = node.root.as(SourceFileSyntax.self) else { return false }
        return file.statements.contains { item in
            guard let ext = item.item.as(ExtensionDeclSyntax.self),
                TypeName.lastComponent(ext.extendedType.trimmedDescription) == DependencyKeyExtractor.valuesOwner
            else { return false }
            return ext.memberBlock.members.contains { $0.decl.as(FunctionDeclSyntax.self)?.name.text == name }
        }
    }

    /// `RecordPersistence(…)` or `RecordPersistence.live`: the type a value given to
    /// `.dependency(_:)` is, when it is written there.
    private static func valueKeyType(_ expr: ExprSyntax) -> String? {
        if let constructed = ExpressionReading.constructedType(expr) { return TypeName.lastComponent(constructed) }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text.startsUppercase
        {
            return base.baseName.text
        }
        return nil
    }

    private func record(owner: String?, property: String?, key: String?, at node: some SyntaxProtocol) {
        state.facts.members.assignments.append(
            MemberAssignmentFact(
                registry: .swiftDependencies, owner: owner, property: property, key: key, location: state.location(of: node)))
    }
}
