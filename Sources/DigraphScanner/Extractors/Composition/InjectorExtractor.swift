import DigraphCore
@_spi(RawSyntax) import SwiftSyntax

/// Seed 001's protocol injector:
///
/// ```swift
/// protocol Injectable: AnyObject { var data: [[String]]! { get set } }
/// func inject(into controller: UIViewController, data: [[String]]) {
///     if let dest = controller as? Injectable { dest.data = data }
///     for child in controller.children { inject(into: child, data: data) }
/// }
/// let injector = Injector<Injectable, [[String]]>(callback: { controller, data in controller.data = data })
/// injector.inject(into: rootController, data: data)
/// ```
///
/// Records the implicitly unwrapped, settable requirements of protocols (what an injector fills
/// after the view controller exists), the injectors and what they assign, and every name the file
/// assigns to (a requirement assigned anywhere is not reported as never set). The linker turns
/// them into edges from each conforming type to `Protocol.requirement`.
final class InjectorExtractor {
    private let state: ScanState
    private var assigned: Set<String> = []

    init(state: ScanState) { self.state = state }

    /// `protocol P { var x: T! { get set } }`.
    func visit(_ node: ProtocolDeclSyntax) {
        for item in node.memberBlock.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self),
                    let unwrapped = binding.typeAnnotation?.type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self),
                    Self.isSettable(binding)
                else { continue }
                state.facts.composition.injectionRequirements.append(
                    InjectionRequirementFact(
                        protocolName: node.name.text, property: ident.identifier.text,
                        type: TypeName.normalize(unwrapped.wrappedType.trimmedDescription), location: state.location(of: ident)))
            }
        }
    }

    private static func isSettable(_ binding: PatternBindingSyntax) -> Bool {
        guard case .accessors(let list)? = binding.accessorBlock?.accessors else { return false }
        return list.contains { $0.accessorSpecifier.text == "set" }
    }

    /// `Injector<P, D>(…)`: an injector for conformers of `P`, assigning what its callback assigns;
    /// `injector.inject(into: root, data: data)`: one running.
    func visit(_ call: FunctionCallExprSyntax) {
        if ExpressionReading.calledNameToken(call)?.text == "inject", call.arguments.first?.label?.text == "into" {
            state.facts.composition.injections.append(state.location(of: call))
            return
        }
        guard let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            let base = generic.expression.as(DeclReferenceExprSyntax.self), base.baseName.text.hasSuffix("Injector"),
            generic.genericArgumentClause.arguments.count == 2
        else { return }
        let arguments = generic.genericArgumentClause.arguments.map { TypeName.normalize($0.argument.trimmedDescription) }
        let protocolName = arguments[0]
        guard protocolName.startsUppercase, !TypeNaming.isGenericParameter(protocolName, at: call) else { return }
        let closure = Self.firstClosure(in: Syntax(call))
        let sets = closure.map { closure -> [String] in
            let target = Self.firstParameter(of: closure)
            return Self.assignedMembers(in: Syntax(closure.statements)) { base in target == nil || base == target }
        }
        state.facts.composition.injectors.append(
            InjectorFact(protocolName: protocolName, dataType: arguments[1], sets: sets, location: state.location(of: call)))
    }

    /// `func inject(into:data:)` (any function named `inject…`) casting to a protocol and assigning
    /// its requirements: `if let dest = controller as? Injectable { dest.data = data }`.
    func visit(_ function: FunctionDeclSyntax) {
        guard function.name.text.hasPrefix("inject"), let body = function.body else { return }
        final class Casts: SyntaxVisitor {
            var found: [(name: String, type: String)] = []
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                if let value = node.initializer?.value, let type = Casts.castType(value) {
                    found.append((node.pattern.trimmedDescription, type))
                }
                return .visitChildren
            }
            static func castType(_ expr: ExprSyntax) -> String? {
                if let cast = expr.as(AsExprSyntax.self) { return TypeName.normalize(cast.type.trimmedDescription) }
                guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                    sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true,
                    let type = sequence.elements.last?.as(TypeExprSyntax.self)
                else { return nil }
                return TypeName.normalize(type.type.trimmedDescription)
            }
        }
        let casts = Casts(viewMode: .sourceAccurate)
        casts.walk(body)
        for (name, protocolName) in casts.found
        where protocolName.startsUppercase && !TypeNaming.isGenericParameter(protocolName, at: body) {
            let sets = Self.assignedMembers(in: Syntax(body)) { $0 == name }
            guard !sets.isEmpty else { continue }
            let dataType = function.signature.parameterClause.parameters.first { ($0.secondName ?? $0.firstName).text == "data" }
                .map { TypeName.normalize($0.type.trimmedDescription) }
            state.facts.composition.injectors.append(
                InjectorFact(protocolName: protocolName, dataType: dataType, sets: sets, location: state.location(of: function.name)))
        }
    }

    /// `a.x = …` and `x = …`: the names a file assigns to.
    func visit(_ sequence: SequenceExprSyntax) {
        // On every sequence of every file: read on the raw tree, no node made.
        guard let elements = RawSequenceExprSyntax(sequence.raw)?.elements.layoutView.children, elements.count >= 3,
            let first = elements[elements.startIndex], let second = elements[elements.startIndex + 1],
            second.kind == .assignmentExpr
        else { return }
        if let member = RawMemberAccessExprSyntax(first) {
            assigned.insert(String(syntaxText: member.declName.baseName.tokenText))
        } else if let ref = RawDeclReferenceExprSyntax(first) {
            assigned.insert(String(syntaxText: ref.baseName.tokenText))
        }
    }

    func finish() {
        state.facts.composition.assignedNames = assigned.sorted()
    }

    // MARK: - Helpers

    private static func firstClosure(in node: Syntax) -> ClosureExprSyntax? {
        final class Finder: SyntaxVisitor {
            var found: ClosureExprSyntax?
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                if found == nil { found = node }
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    private static func firstParameter(of closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return names.first?.name.text
        case .parameterClause(let clause)?: return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: return "$0"
        }
    }

    /// The members assigned on a receiver `accepts` names: `dest.data = data` -> `data`.
    private static func assignedMembers(in node: Syntax, receiver accepts: @escaping (String) -> Bool) -> [String] {
        final class Finder: SyntaxVisitor {
            let accepts: (String) -> Bool
            var found: Set<String> = []
            init(_ accepts: @escaping (String) -> Bool) {
                self.accepts = accepts
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = node.elements
                if elements.count >= 3, elements[elements.index(after: elements.startIndex)].is(AssignmentExprSyntax.self),
                    let member = elements.first?.as(MemberAccessExprSyntax.self), let base = member.base
                {
                    var receiver = base
                    if let chained = receiver.as(OptionalChainingExprSyntax.self) { receiver = chained.expression }
                    if let ref = receiver.as(DeclReferenceExprSyntax.self), accepts(ref.baseName.text) {
                        found.insert(member.declName.baseName.text)
                    }
                }
                return .visitChildren
            }
        }
        let finder = Finder(accepts)
        finder.walk(node)
        return finder.found.sorted()
    }
}
