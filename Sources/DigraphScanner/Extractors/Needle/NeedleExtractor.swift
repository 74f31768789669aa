import DigraphCore
import SwiftSyntax

/// Needle (uber/needle), in files that import `NeedleFoundation`:
///
/// ```swift
/// protocol GameDependency: Dependency {
///     var scoreStream: ScoreStream { get }
/// }
/// class GameComponent: Component<GameDependency> {
///     var gameViewController: UIViewController {
///         GameViewController(scoreStream: dependency.scoreStream, sheet: scoreSheetComponent)
///     }
///     var scoreSheetComponent: ScoreSheetComponent { ScoreSheetComponent(parent: self) }
///     var cache: Cache { shared { Cache() } }
/// }
/// class RootComponent: BootstrapComponent { … }
/// class LoggedInComponent: PluginizedComponent<LoggedInDependency, LoggedInPluginExtension, LoggedInNonCoreComponent> { … }
/// ```
///
/// Components are recognised as Needle's generator recognises them: by the first inherited type
/// (`Component<…>`, `BootstrapComponent`, `NonCoreComponent<…>`, `…PluginizedComponent<…>`).
/// Each instance property is a service; what its body reads (`dependency.x`, its own component's
/// properties, `pluginExtension.x`, `child.x`) is kept for the linker, which walks the component
/// tree from the constructions it records (`ChildComponent(parent: self)`), as the generator does.
/// Needle's generated code (`NeedleGenerated.swift`) declares no component and no `Dependency`
/// protocol: its providers conform to the protocols, so it adds nothing here.
///
/// Extensions of components need no import (`extension AppComponent { var x: X { shared { … } } }`
/// compiles in any file of the module), so in files that do not import `NeedleFoundation`, the
/// extensions of types named `…Component` are read too; the linker keeps those of components.
final class NeedleExtractor {
    private let state: ScanState
    private let importsNeedle: Bool

    init(state: ScanState, importsNeedle: Bool) {
        self.state = state
        self.importsNeedle = importsNeedle
    }

    /// Names Needle's own API gives every component: never a service or a read of one.
    static let frameworkMembers: Set<String> = [
        "dependency", "pluginExtension", "nonCoreComponent", "parent", "path", "name", "shared",
    ]

    // MARK: - Declarations

    func visit(_ node: ClassDeclSyntax) {
        guard importsNeedle, let kind = Self.kind(of: node) else { return }
        var fact = NeedleComponentFact(name: node.name.text, kind: kind.kind, location: state.location(of: node.name))
        fact.dependency = kind.dependency
        fact.pluginExtension = kind.pluginExtension
        fact.nonCoreComponent = kind.nonCore
        fact.properties = properties(of: node.memberBlock)
        fact.calledNames = Self.calledNames(in: node.memberBlock)
        fact.reads = methodReads(in: node.memberBlock)
        state.facts.needle.components.append(fact)
    }

    func visit(_ node: ExtensionDeclSyntax) {
        guard importsNeedle || Self.lastName(of: node.extendedType).hasSuffix("Component") else { return }
        let name = TypeName.normalize(node.extendedType.trimmedDescription)
        guard name.startsUppercase, !name.contains("<") else { return }
        let properties = properties(of: node.memberBlock)
        let called = Self.calledNames(in: node.memberBlock)
        let reads = methodReads(in: node.memberBlock)
        guard !properties.isEmpty || !called.isEmpty || !reads.isEmpty else { return }
        state.facts.needle.components.append(
            NeedleComponentFact(
                name: TypeName.lastComponent(name), kind: .extension, properties: properties, calledNames: called,
                reads: reads, location: state.location(of: node.extendedType)))
    }

    func visit(_ node: ProtocolDeclSyntax) {
        guard importsNeedle, let first = node.inheritanceClause?.inheritedTypes.first?.type else { return }
        let inherited = Self.lastName(of: first)
        guard inherited == "Dependency" || inherited == "PluginExtension" else { return }
        var requirements: [NeedleRequirementFact] = []
        for decl in Self.memberDecls(node.memberBlock) {
            guard let variable = decl.as(VariableDeclSyntax.self), !Self.isStatic(variable) else { continue }
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self),
                    let type = binding.typeAnnotation?.type
                else { continue }
                requirements.append(
                    NeedleRequirementFact(
                        name: ident.identifier.text, type: TypeName.normalize(type.trimmedDescription),
                        location: state.location(of: ident)))
            }
        }
        state.facts.needle.protocols.append(
            NeedleProtocolFact(
                name: node.name.text, isPluginExtension: inherited == "PluginExtension", requirements: requirements,
                location: state.location(of: node.name)))
    }

    private struct ComponentKind {
        var kind: NeedleComponentFact.Kind
        var dependency: String?
        var pluginExtension: String?
        var nonCore: String?
    }

    /// What Needle's generator reads from the first inherited type: `Component<D>`,
    /// `NeedleFoundation.Component<D>`, `BootstrapComponent`, `NonCoreComponent<D>`,
    /// `PluginizedComponent<D, E, N>` and subclasses spelled `…PluginizedComponent<D, E, N>`.
    private static func kind(of node: ClassDeclSyntax) -> ComponentKind? {
        guard let first = node.inheritanceClause?.inheritedTypes.first?.type else { return nil }
        let name = lastName(of: first)
        let arguments = genericArguments(of: first)
        if name == "BootstrapComponent" { return ComponentKind(kind: .bootstrap, dependency: "EmptyDependency") }
        guard let dependency = arguments.first else { return nil }
        if name == "Component" { return ComponentKind(kind: .component, dependency: dependency) }
        if name == "NonCoreComponent" { return ComponentKind(kind: .nonCore, dependency: dependency) }
        // A generic class is the project's own base (`UberPluginizedComponent<D, E, N>`), not a component.
        if name.hasSuffix("PluginizedComponent"), arguments.count == 3, node.genericParameterClause == nil {
            return ComponentKind(
                kind: .pluginized, dependency: dependency, pluginExtension: arguments[1], nonCore: arguments[2])
        }
        return nil
    }

    private static func lastName(of type: TypeSyntax) -> String {
        if let ident = type.as(IdentifierTypeSyntax.self) { return ident.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return ""
    }

    /// Generic arguments without a module prefix (`NeedleFoundation.EmptyDependency`).
    private static func genericArguments(of type: TypeSyntax) -> [String] {
        let clause = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause
            ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
        return clause?.arguments.map { argument in
            let text = TypeName.normalize(argument.argument.trimmedDescription)
            return text.hasPrefix("NeedleFoundation.") ? String(text.dropFirst("NeedleFoundation.".count)) : text
        } ?? []
    }

    // MARK: - Members

    /// Member declarations, including those inside `#if` blocks.
    static func memberDecls(_ block: MemberBlockSyntax) -> [DeclSyntax] {
        var out: [DeclSyntax] = []
        func add(_ list: MemberBlockItemListSyntax) {
            for item in list {
                if let config = item.decl.as(IfConfigDeclSyntax.self) {
                    for clause in config.clauses {
                        if case .decls(let inner)? = clause.elements { add(inner) }
                    }
                } else {
                    out.append(item.decl)
                }
            }
        }
        add(block.members)
        return out
    }

    static func isStatic(_ variable: VariableDeclSyntax) -> Bool {
        variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    private static func isPrivate(_ variable: VariableDeclSyntax) -> Bool {
        variable.modifiers.contains { modifier in
            (modifier.name.text == "private" || modifier.name.text == "fileprivate") && modifier.detail == nil
        }
    }

    /// Reads in methods and initializers, timed by where they are (an initializer storing a value
    /// keeps it; a method runs later).
    private func methodReads(in block: MemberBlockSyntax) -> [NeedleReadFact] {
        var out: [NeedleReadFact] = []
        for decl in Self.memberDecls(block) {
            if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
                guard !function.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) else {
                    continue
                }
                out += NeedleReads(state: state, storage: .computed, sharedClosure: nil, contextual: true)
                    .collect(in: Syntax(body), excluding: Self.parameterNames(function.signature))
            } else if let initializer = decl.as(InitializerDeclSyntax.self), let body = initializer.body {
                out += NeedleReads(state: state, storage: .computed, sharedClosure: nil, contextual: true)
                    .collect(in: Syntax(body), excluding: Self.parameterNames(initializer.signature))
            }
        }
        return out
    }

    private static func parameterNames(_ signature: FunctionSignatureSyntax) -> Set<String> {
        Set(signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
    }

    private func properties(of block: MemberBlockSyntax) -> [NeedlePropertyFact] {
        var out: [NeedlePropertyFact] = []
        for decl in Self.memberDecls(block) {
            guard let variable = decl.as(VariableDeclSyntax.self), !Self.isStatic(variable) else { continue }
            let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = ident.identifier.text
                guard !Self.frameworkMembers.contains(name) else { continue }
                out.append(property(name, binding: binding, variable: variable, isLazy: isLazy, at: ident))
            }
        }
        return out
    }

    private func property(
        _ name: String, binding: PatternBindingSyntax, variable: VariableDeclSyntax, isLazy: Bool,
        at ident: IdentifierPatternSyntax
    ) -> NeedlePropertyFact {
        let type = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
        var storage: NeedlePropertyFact.Storage = isLazy ? .lazy : .stored
        var body: Syntax?
        var results: [ExprSyntax] = []
        var sharedClosure: ClosureExprSyntax?
        if let getter = Self.getterBody(binding) {
            storage = .computed
            body = Syntax(getter)
            results = Self.results(of: getter)
            if results.count == 1, let closure = Self.sharedClosure(results[0]) {
                storage = .shared
                sharedClosure = closure
                results = ExpressionReading.results(of: closure)
            }
        } else if let value = binding.initializer?.value {
            body = Syntax(value)
            results = [value]
        }
        var fact = NeedlePropertyFact(
            name: name, type: type, isPrivate: Self.isPrivate(variable), storage: storage,
            location: state.location(of: ident), conditions: ConditionalCompilation.branches(of: variable))
        // A result naming a local the getter built (`let d = JSONDecoder(); …; return d`) is that construction.
        let built = results.map { result -> ExprSyntax in
            guard let ref = result.as(DeclReferenceExprSyntax.self), let local = LocalBinding.find(ref.baseName.text, at: ref),
                let value = local.initializer?.value
            else { return result }
            return value
        }
        fact.implementationTypes = FactoryProduct.implementations(of: built)
        if let body {
            fact.reads = NeedleReads(state: state, storage: storage, sharedClosure: sharedClosure).collect(in: body)
        }
        if storage == .computed, results.count == 1, let forwarded = NeedleReads.plainRead(results[0]) {
            fact.forwards = NeedleReadFact(
                source: forwarded.source, name: forwarded.name, timing: .eager, retained: false,
                location: state.location(of: results[0]))
        }
        return fact
    }

    /// The statements of a getter: `var x: T { … }` or `var x: T { get { … } }`; nil for a stored
    /// property, with or without observers.
    private static func getterBody(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        switch accessors {
        case .getter(let items): return items
        case .accessors(let list):
            return list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        }
    }

    /// What a getter evaluates to: its single expression, or its `return`s.
    private static func results(of body: CodeBlockItemListSyntax) -> [ExprSyntax] {
        if body.count == 1, let only = body.first?.item.as(ExprSyntax.self) { return [only] }
        final class ReturnFinder: SyntaxVisitor {
            var found: [ExprSyntax] = []
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                if let e = node.expression { found.append(e) }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// `shared { … }`, `self.shared { … }`, `shared({ … })`.
    private static func sharedClosure(_ expr: ExprSyntax) -> ClosureExprSyntax? {
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        let called = call.calledExpression
        let isShared =
            called.as(DeclReferenceExprSyntax.self)?.baseName.text == "shared"
            || called.as(MemberAccessExprSyntax.self).map {
                $0.declName.baseName.text == "shared" && $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            } == true
        guard isShared else { return nil }
        if let trailing = call.trailingClosure { return trailing }
        return call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// The first token of every called expression, as Needle's generator collects them: a
    /// component named there is a child of the component whose body calls it.
    static func calledNames(in block: MemberBlockSyntax) -> [String] {
        final class Calls: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let token = node.calledExpression.firstToken(viewMode: .sourceAccurate),
                    token.text.startsUppercase
                {
                    names.insert(token.text)
                }
                return .visitChildren
            }
        }
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(block)
        return calls.names.sorted()
    }
}

/// What one component property's body reads, with when (eager unless inside a closure other than
/// its `shared { … }`) and whether the value built keeps it.
struct NeedleReads {
    let state: ScanState
    let storage: NeedlePropertyFact.Storage
    let sharedClosure: ClosureExprSyntax?
    /// In a method or initializer: timed and kept as the surrounding code says (``SiteContext``).
    var contextual = false

    struct Plain {
        var source: NeedleReadFact.Source
        var name: String
    }

    /// `x`, `self.x`, `dependency.x`, `self.dependency.x`, `pluginExtension.x`.
    static func plainRead(_ expr: ExprSyntax) -> Plain? {
        // The same instance, cast (`incidentCacheRepository as! IncidentDataPullReporter`,
        // CrisisCleanup), in parentheses or force-unwrapped: still a read of that member.
        if let cast = expr.as(AsExprSyntax.self) { return plainRead(cast.expression) }
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first
        {
            return plainRead(first)
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return plainRead(only.expression)
        }
        if let unwrapped = expr.as(ForceUnwrapExprSyntax.self) { return plainRead(unwrapped.expression) }
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            guard name.startsLowercase, !NeedleExtractor.frameworkMembers.contains(name), name != "self"
            else { return nil }
            // `let decoder = JSONDecoder(); …; return decoder`: a local of the getter, no member.
            if LocalBinding.find(name, at: ref) != nil { return nil }
            return Plain(source: .own, name: name)
        }
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let name = member.declName.baseName.text
        guard name.startsLowercase || name.first == "_" else { return nil }
        switch baseName(base) {
        case "self": return Plain(source: .own, name: name)
        case "dependency": return Plain(source: .dependency, name: name)
        case "pluginExtension": return Plain(source: .pluginExtension, name: name)
        default: return nil
        }
    }

    /// `dependency` of `dependency` and of `self.dependency`.
    private static func baseName(_ expr: ExprSyntax) -> String? {
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            let name = member.declName.baseName.text
            return name == "dependency" || name == "pluginExtension" ? name : nil
        }
        return nil
    }

    func collect(in body: Syntax, excluding parameters: Set<String> = []) -> [NeedleReadFact] {
        final class Walker: SyntaxVisitor {
            var found: [(NeedleReadFact.Source, String?, String, Syntax)] = []
            var locals: Set<String> = []

            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                guard let base = node.base else { return .visitChildren }
                if let plain = NeedleReads.plainRead(ExprSyntax(node)) {
                    found.append((plain.source, nil, plain.name, Syntax(node)))
                    return .skipChildren
                }
                // `dependency.child.x`: `x` of what the ancestor's `child` returns.
                if let inner = NeedleReads.plainRead(base), inner.source == .dependency,
                    node.declName.baseName.text.startsLowercase
                {
                    found.append((.dependency, nil, inner.name, Syntax(base)))
                    found.append((.dependencyMember, inner.name, node.declName.baseName.text, Syntax(node)))
                    return .skipChildren
                }
                // `child.x`: `x` of what the property `child` returns.
                if let ref = base.as(DeclReferenceExprSyntax.self), let first = ref.baseName.text.first,
                    first.isLowercase, !NeedleExtractor.frameworkMembers.contains(ref.baseName.text),
                    ref.baseName.text != "self"
                {
                    found.append((.own, nil, ref.baseName.text, Syntax(ref)))
                    found.append((.member, ref.baseName.text, node.declName.baseName.text, Syntax(node)))
                    return .skipChildren
                }
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self", node.declName.baseName.text == "dependency" {
                    found.append((.wholeDependency, nil, "dependency", Syntax(node)))
                    return .skipChildren
                }
                if let inner = base.as(MemberAccessExprSyntax.self), inner.base?.as(DeclReferenceExprSyntax.self)?
                    .baseName.text == "self", NeedleReads.plainRead(base)?.source == .own
                {
                    // `self.child.x`.
                    let child = inner.declName.baseName.text
                    found.append((.own, nil, child, Syntax(inner)))
                    found.append((.member, child, node.declName.baseName.text, Syntax(node)))
                    return .skipChildren
                }
                return .visitChildren
            }

            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                // The member of `Type.member` or `.member`.
                if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id { return .skipChildren }
                if node.baseName.text == "dependency" {
                    found.append((.wholeDependency, nil, "dependency", Syntax(node)))
                    return .skipChildren
                }
                if let plain = NeedleReads.plainRead(ExprSyntax(node)) {
                    found.append((plain.source, nil, plain.name, Syntax(node)))
                }
                return .skipChildren
            }

            // Names declared inside the body are locals, not properties.
            override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                locals.insert(node.identifier.text)
                return .visitChildren
            }
            override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
                locals.insert(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
                locals.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
            // Labels of arguments and keys of key paths are not reads.
            override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let walker = Walker(viewMode: .sourceAccurate)
        walker.locals = parameters
        walker.walk(body)
        var out: [NeedleReadFact] = []
        for (source, base, name, node) in walker.found {
            if Self.isAssigned(node) { continue }
            if (source == .own || source == .wholeDependency) && walker.locals.contains(name) { continue }
            if source == .member, let base, walker.locals.contains(base) { continue }
            if contextual {
                let context = SiteContext.of(node, in: state)
                out.append(
                    NeedleReadFact(
                        source: source, base: base, name: name, timing: context.timing, retained: context.retained,
                        location: state.location(of: node)))
                continue
            }
            let crossed = crossesClosure(node, upTo: body)
            let retained: Bool
            switch storage {
            case .computed: retained = false
            case .stored, .lazy: retained = !crossed
            case .shared: retained = !crossed && sharedClosure.map { KeptUse.isKept(node, in: $0) } ?? true
            }
            out.append(
                NeedleReadFact(
                    source: source, base: base, name: name, timing: crossed ? .deferred : .eager, retained: retained,
                    location: state.location(of: node)))
        }
        return out
    }

    /// The target of `x = …` / `self.x = …`: written, not read.
    private static func isAssigned(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if let list = parent.as(ExprListSyntax.self) {
            let items = Array(list)
            guard let i = items.firstIndex(where: { $0.id == node.id }), i + 1 < items.count else { return false }
            return items[i + 1].is(AssignmentExprSyntax.self)
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self) {
            return infix.operator.is(AssignmentExprSyntax.self) && infix.leftOperand.id == node.id
        }
        return false
    }

    /// Inside a closure that is not the property's `shared { … }`: runs later.
    private func crossesClosure(_ node: Syntax, upTo body: Syntax) -> Bool {
        var current = node.parent
        while let n = current, n.id != body.id {
            if let closure = n.as(ClosureExprSyntax.self), closure.id != sharedClosure?.id { return true }
            current = n.parent
        }
        return false
    }
}
