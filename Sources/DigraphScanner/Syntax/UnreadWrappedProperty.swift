import DigraphCore
import SwiftSyntax

/// `@Injected(\.analytics) var analytics` that nothing in the file reads: a declaration, not a
/// use. Its requests are marked ``RequestFact/isNeverRead`` (`god_singleton` does not count them;
/// what they resolve at construction still counts for misses, cycles and captives).
///
/// Read means the name, its projection (`$x`) or its storage (`_x`) appears again as an
/// identifier in the type (or extension) that declares it. One read only from another extension
/// or file is taken as unread: `god_singleton` errs on the side of silence.
enum UnreadWrappedProperty {
    /// `before`: the counts of requests, member requests and project wrappers' properties
    /// (`@Inject var x: X`, settled once every file is read) before the declaration was read.
    static func mark(_ node: VariableDeclSyntax, requestsFrom before: (Int, Int, Int), state: ScanState) {
        let facts = state.facts
        let wrapped =
            facts.requests[before.0...].contains { $0.via == .propertyWrapper }
            || facts.members.requests[before.1...].contains { $0.via == .propertyWrapper }
            || facts.wrappedProperties.count > before.2
        guard wrapped, node.bindings.count == 1, !node.attributes.isEmpty,
            let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            !isRead(name, node, in: state)
        else { return }
        for i in before.0..<facts.requests.count where facts.requests[i].via == .propertyWrapper {
            state.facts.requests[i].isNeverRead = true
        }
        for i in before.1..<facts.members.requests.count where facts.members.requests[i].via == .propertyWrapper {
            state.facts.members.requests[i].isNeverRead = true
        }
        for i in before.2..<facts.wrappedProperties.count { state.facts.wrappedProperties[i].request.isNeverRead = true }
    }

    private static func isRead(_ name: String, _ node: VariableDeclSyntax, in state: ScanState) -> Bool {
        // The type (or extension) declaring it: where its uses are.
        var current = node.parent
        while let n = current, !n.is(MemberBlockSyntax.self) { current = n.parent }
        guard let members = current else { return true }
        let counts = state.identifierCounts(in: members)
        // Less what the declaration itself spells (`@Injected(\.logger) var logger`: twice).
        var own: [String: Int] = [:]
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind { own[text, default: 0] += 1 }
        }
        return [name, "$" + name, "_" + name].contains { counts[$0, default: 0] > own[$0, default: 0] }
    }
}
