import SwiftSyntax

/// The stored properties a type's initializers build, in the order written:
///
/// ```swift
/// private init() {
///     serverList = VPNServerList()
///     settings = Settings(serverList: serverList)          // reads the member built above
///     let content = ContentService(client: client)
///     self.contentService = content                         // `content` stands for the member …
///     self.queue = QueueManager(contentService: content)    // … in what is built after
/// }
/// ```
///
/// Only top-level statements of an initializer's body are read: an assignment inside a branch
/// or a closure may not run, and a value read there is no member's.
struct InitializedMembers {
    struct Assignment {
        var member: String
        /// What the member is given: the local's value when it is given a local.
        var value: ExprSyntax
        /// The initializer's parameters and locals: names that are never the type's members.
        var locals: Set<String>
        /// Locals holding a member's value, to the member.
        var aliases: [String: String]
    }

    private(set) var assignments: [Assignment] = []

    /// The assignments of the outlined type's initializers to its stored properties declared
    /// without a value.
    init(_ outline: MemberOutline) {
        let members = outline.unvaluedStoredProperties
        guard !members.isEmpty else { return }
        for initializer in outline.initializers {
            guard let body = initializer.body else { continue }
            let parameters = initializer.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
            read(body.statements, members: members, parameters: Set(parameters))
        }
    }

    private mutating func read(_ statements: CodeBlockItemListSyntax, members: Set<String>, parameters: Set<String>) {
        var localValues: [String: ExprSyntax] = [:]
        /// The statement declaring each local: a value reads only the locals declared before it
        /// (`let size = CGSize(width: size.width)` reads the parameter).
        var declaredAt: [String: Int] = [:]
        var aliases: [String: String] = [:]
        /// Each member given a value, what it is given, and the statement that value was written in.
        var built: [(member: String, value: ExprSyntax, position: Int)] = []
        for (index, item) in statements.enumerated() {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let value = binding.initializer?.value { localValues[name] = value }
                    declaredAt[name] = index
                }
                continue
            }
            guard let (target, value) = Self.assignment(item.item) else { continue }
            let member: String
            if let access = target.as(MemberAccessExprSyntax.self),
                access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            {
                member = access.declName.baseName.text
            } else if let ref = target.as(DeclReferenceExprSyntax.self), localValues[ref.baseName.text] == nil,
                !parameters.contains(ref.baseName.text)
            {
                member = ref.baseName.text
            } else {
                continue
            }
            guard members.contains(member) else { continue }
            var given = value
            var position = index
            if let ref = value.as(DeclReferenceExprSyntax.self), let localValue = localValues[ref.baseName.text] {
                aliases[ref.baseName.text] = member
                given = localValue
                position = declaredAt[ref.baseName.text] ?? index
            }
            built.append((member, given, position))
        }
        // A local is one value, whichever member it is stored in, even when stored after.
        let locals = parameters.union(localValues.keys)
        assignments += built.map { member, value, position in
            Assignment(member: member, value: value, locals: locals, aliases: aliases.filter { (declaredAt[$0.key] ?? .max) < position })
        }
    }

    /// `target = value` as written (operators are not folded in a scanned tree).
    private static func assignment(_ item: CodeBlockItemSyntax.Item) -> (ExprSyntax, ExprSyntax)? {
        guard let sequence = item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2])
    }

    /// Whether at least two members are built from other members: the type wires what it holds
    /// (`settings = Settings(serverList: serverList)`), not merely keeps what it is given.
    func wiresMembers(constructs: (ExprSyntax) -> Bool) -> Bool {
        var wiring = 0
        for assignment in assignments where constructs(assignment.value) {
            let others = Set(assignments.map(\.member)).subtracting([assignment.member])
            let readable = others.subtracting(assignment.locals).union(assignment.aliases.filter { $0.value != assignment.member }.keys)
            if MemberNameFinder.passes(assignment.value, anyOf: readable) {
                wiring += 1
                if wiring >= 2 { return true }
            }
        }
        return false
    }
}
