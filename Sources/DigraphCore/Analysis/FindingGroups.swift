/// Findings with one cause, reported as one: the dependency many cached holders keep captive,
/// the key many requesters ask for and nothing registers. Thirteen repositories keeping the same
/// client are one thing to fix, not thirteen.
///
/// The first member in report order stands for the group; each other member becomes a note at
/// its own location. Members keep their own fingerprints (``Diagnostic/members``), so a baseline
/// records and matches them one by one: a new holder of a baselined captive is still reported.
/// Only findings alike in everything but the site group: same rule, cause, severity, programs
/// and suppression.
public enum FindingGroups {
    /// What a group's members share, by rule; nil for rules whose findings never group.
    static func cause(of diagnostic: Diagnostic) -> String? {
        switch diagnostic.rule {
        // `[holder, kept]`: the kept dependency.
        case ScopeMismatchRule.description.id: return diagnostic.services.count == 2 ? diagnostic.services[1] : nil
        // `[requested, requester]`: the key nothing registers.
        case MissingRegistrationRule.description.id, ArgumentMismatchRule.description.id: return diagnostic.services.first
        default: return nil
        }
    }

    /// How the members other than the first are counted in the group's message.
    static func noun(of rule: String, count: Int) -> String {
        let plural = count == 1 ? "" : "s"
        switch rule {
        case ScopeMismatchRule.description.id: return "holder\(plural)"
        default: return "request\(plural)"
        }
    }

    private struct Key: Hashable {
        var rule: String
        var cause: String
        var severity: Severity
        var program: String?
        var suppression: Suppression?
    }

    /// `diagnostics` in report order (baseline already applied), grouped; the result is in report order.
    public static func group(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var groups: [Key: [Int]] = [:]
        for (index, diagnostic) in diagnostics.enumerated() {
            guard let cause = cause(of: diagnostic) else { continue }
            let key = Key(
                rule: diagnostic.rule, cause: cause, severity: diagnostic.severity, program: diagnostic.program,
                suppression: diagnostic.suppression)
            groups[key, default: []].append(index)
        }
        var absorbed: Set<Int> = []
        var out = diagnostics
        for (key, indices) in groups where indices.count > 1 {
            let members = indices.map { diagnostics[$0] }
            out[indices[0]] = merged(members, cause: key.cause)
            absorbed.formUnion(indices.dropFirst())
        }
        return out.indices.filter { !absorbed.contains($0) }.map { out[$0] }
    }

    private static func merged(_ members: [Diagnostic], cause: String) -> Diagnostic {
        var group = members[0]
        let others = members.dropFirst()
        group.message += " (and \(others.count) more \(noun(of: group.rule, count: others.count)) of `\(cause)`)"
        group.notes += others.map { Diagnostic.Note(message: $0.message, location: $0.location) }
        group.members = members.map { Diagnostic.Member(fingerprint: $0.fingerprint, services: $0.services, message: $0.message) }
        group.fingerprint = Fingerprint.make(rule: group.rule, services: [cause], salt: "group")
        return group
    }
}
