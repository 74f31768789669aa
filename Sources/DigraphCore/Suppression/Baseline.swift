/// Findings a team has accepted, to adopt digraph on a code base that already has defects.
///
/// Entries match by fingerprint (the rule and the services involved), never by line, so moving
/// code does not resurrect a finding. Matching counts: a baseline holding one instance of a
/// fingerprint hides one finding with it, so a new instance of the same defect still fails.
public struct Baseline: Codable, Sendable, Equatable {
    /// 2: fingerprints identify the defect (``DefectIdentity``), not its extent. Version 1 files
    /// are read and their fingerprints recomputed from the services they record.
    public static let currentVersion = 2
    public static let readableVersions: ClosedRange<Int> = 1...2

    public struct Entry: Codable, Sendable, Equatable {
        public var rule: String
        public var fingerprint: String
        public var services: [String]
        /// For the people reading the file; not used for matching.
        public var message: String

        public init(rule: String, fingerprint: String, services: [String], message: String) {
            self.rule = rule
            self.fingerprint = fingerprint
            self.services = services
            self.message = message
        }
    }

    public var version: Int
    public var findings: [Entry]

    public init(version: Int = Baseline.currentVersion, findings: [Entry]) {
        self.version = version
        self.findings = findings
    }

    /// Records every finding not already suppressed in source, in a stable order.
    public init(recording diagnostics: [Diagnostic]) {
        // A group is recorded member by member, as the baseline is applied before grouping.
        let entries = diagnostics.filter { $0.suppression != .inSource }.flatMap { d in
            (d.members ?? [Diagnostic.Member(fingerprint: d.fingerprint, services: d.services, message: d.message)]).map {
                Entry(rule: d.rule, fingerprint: $0.fingerprint, services: $0.services, message: $0.message)
            }
        }
        self.init(findings: entries.sorted { ($0.rule, $0.fingerprint, $0.message) < ($1.rule, $1.fingerprint, $1.message) })
    }

    /// A version 1 baseline with its fingerprints recomputed the current way, from the services
    /// and the messages' salts each entry records; entries of other versions are unchanged.
    public func upgraded() -> Baseline {
        guard version == 1 else { return self }
        return Baseline(
            findings: findings.map { entry in
                var entry = entry
                let identity = DefectIdentity.services(rule: entry.rule, services: entry.services)
                if identity != entry.services {
                    entry.fingerprint = Fingerprint.make(rule: entry.rule, services: identity)
                }
                return entry
            })
    }

    /// Marks findings recorded here as suppressed by the baseline, at most as many per fingerprint
    /// as were recorded, in report order.
    public func apply(to diagnostics: inout [Diagnostic]) {
        var remaining: [String: Int] = [:]
        for entry in findings { remaining[entry.fingerprint, default: 0] += 1 }
        for i in diagnostics.indices where diagnostics[i].suppression == nil {
            let key = diagnostics[i].fingerprint
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                diagnostics[i].suppress(.baseline)
            }
        }
    }
}
