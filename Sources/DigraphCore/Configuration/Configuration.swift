/// The effective configuration, whatever file or flags it came from. Parsing `.digraph.yml`
/// lives in the CLI target; the core only consumes values.
public struct Configuration: Sendable, Equatable {
    public var included: [String] = []
    public var excluded: [String] = []
    public var disabledRules: Set<String> = []
    public var onlyRules: Set<String> = []
    public var rules: [String: RuleOptions] = [:]
    /// Extra scope names -> normalized lifetime (`session: scoped`).
    public var lifetimes: [String: Lifetime] = [:]
    public var baseline: String?
    public var failOn: FailOn = .error
    /// `cache_dir:` where the facts cache is kept, relative to the configuration file.
    public var cacheDirectory: String?
    /// `assume_registered:` keys registered where digraph cannot read them, and the sites that
    /// register them (which then no longer leave their containers open).
    public var assumedRegistrations: [AssumedRegistration] = []

    public init() {}

    public func options(for ruleID: String) -> RuleOptions { rules[ruleID] ?? RuleOptions() }

    public func isEnabled(_ ruleID: String) -> Bool {
        if !onlyRules.isEmpty { return onlyRules.contains(ruleID) }
        return !disabledRules.contains(ruleID)
    }
}

public struct RuleOptions: Sendable, Equatable {
    public var severity: Severity?
    public var threshold: Int?
    public var allow: [String] = []
    /// `god_singleton`: count dependents in test code too (off by default).
    public var countTests: Bool?

    public init(severity: Severity? = nil, threshold: Int? = nil, allow: [String] = [], countTests: Bool? = nil) {
        self.severity = severity
        self.threshold = threshold
        self.allow = allow
        self.countTests = countTests
    }
}

/// `--fail-on`: the lowest severity that makes `check` exit 1.
public enum FailOn: String, Sendable, CaseIterable {
    case error, warning, note, never

    public func fails(on severity: Severity) -> Bool {
        switch self {
        case .never: return false
        case .error: return severity >= .error
        case .warning: return severity >= .warning
        case .note: return true
        }
    }
}
