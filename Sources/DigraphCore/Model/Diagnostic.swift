/// A finding: one rule's report about one defect.
public struct Diagnostic: Codable, Sendable, Hashable {
    public struct Note: Codable, Sendable, Hashable {
        public var message: String
        public var location: SourceLocation?

        public init(message: String, location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// One finding of a group (``FindingGroups``), as it was before grouping.
    public struct Member: Codable, Sendable, Hashable {
        public var fingerprint: String
        public var services: [String]
        public var message: String
    }

    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// Service ids involved, primary first.
    public var services: [String]
    /// `dependency_cycle`: the cycle, first id repeated at the end.
    public var path: [String]?
    public var notes: [Note]
    /// Stable across line moves: derived from the rule and the services, never from positions.
    public var fingerprint: String
    /// True when hidden by an inline `digraph:disable` comment or a baseline; see `suppression`.
    public var suppressed: Bool?
    /// How it was hidden, when it was.
    public var suppression: Suppression?
    /// The program(s) it was found in, when the scan found more than one (`Widget`, or
    /// `App, Widget` for code both compile).
    public var program: String?
    /// The findings with one cause this one stands for, itself first (``FindingGroups``); nil
    /// when it stands for itself alone.
    public var members: [Member]?

    public init(
        rule: String, severity: Severity, message: String, location: SourceLocation, services: [String],
        path: [String]? = nil, notes: [Note] = [], fingerprintSalt: String = ""
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.services = services
        self.path = path
        self.notes = notes
        self.fingerprint = Fingerprint.make(
            rule: rule, services: DefectIdentity.services(rule: rule, services: services), salt: fingerprintSalt)
        self.suppressed = nil
        self.suppression = nil
    }

    public mutating func suppress(_ kind: Suppression) {
        suppressed = true
        suppression = kind
    }

    /// Report order: file, line, column, rule, then message for full determinism.
    public static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.location != b.location { return a.location < b.location }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}

/// Why a finding is hidden from the verdict (it stays in reports, marked).
public enum Suppression: String, Codable, Sendable, Hashable {
    /// A `// digraph:disable…` comment covers its primary location.
    case inSource = "in_source"
    /// Its fingerprint is recorded in the baseline file.
    case baseline
}

/// The services that identify a defect, as opposed to its current extent: the singleton of a god
/// singleton (not its dependents, which grow), a cycle's members in sorted order (not where the
/// cycle was entered), the two ends of a captive dependency or a miss. Fingerprints and baselines
/// use them, so a baselined finding stays hidden while its extent changes.
public enum DefectIdentity {
    public static func services(rule: String, services: [String]) -> [String] {
        switch rule {
        case "god_singleton": return Array(services.prefix(1))
        case "dependency_cycle": return Array(Set(services)).sorted()
        case "scope_mismatch", "missing_registration", "argument_mismatch": return Array(services.prefix(2))
        default: return services
        }
    }
}

/// FNV-1a 64-bit over the rule and services: the same defect gets the same fingerprint on every
/// machine and run, wherever its lines move.
public enum Fingerprint {
    public static func make(rule: String, services: [String], salt: String = "") -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ([rule] + services + [salt]).joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
