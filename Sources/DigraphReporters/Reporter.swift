import DigraphCore

/// One output format. Reporters are pure: analysis in, bytes out; writing is the caller's job
/// (atomically, see the CLI's `OutputWriter`).
public protocol Reporter: Sendable {
    /// The `--format` value.
    static var identifier: String { get }
    func render(_ analysis: Analysis, context: ReportContext) -> String
}

/// What a reporter may need beyond the analysis.
public struct ReportContext: Sendable {
    public var inputs: [ReportInput]
    /// Number of Swift files scanned.
    public var files: Int
    /// ANSI colour (text format only): on a terminal and when `NO_COLOR` is unset.
    public var useColor: Bool
    /// The text of a source line (1-based) for the text format's excerpts and the sarif and github
    /// formats' UTF-16 columns; nil when unavailable.
    public var sourceLine: @Sendable (_ file: String, _ line: Int) -> String?
    /// Whether the text and github formats end with their count line; off for `check --quiet`.
    public var includeSummary: Bool
    /// True when the analysis ran against a baseline (`--baseline` or the configuration's
    /// `baseline:`): SARIF then marks every result `unchanged` (baselined) or `new`.
    public var baselineUsed: Bool
    /// What the scan understood per style (the JSON report's `coverage`); nil: not known.
    public var coverage: Coverage?
    /// Per program, the sites that leave its containers open (the JSON report's `coverage.open`).
    public var openSites: [ProgramOpenSites]
    /// What program discovery could not read in the project descriptions (a helper it could not
    /// follow, a target it skipped): the JSON report's `descriptionNotes`.
    public var programNotes: [ProgramNote] = []
    /// Per program, what looked like DI and was not read, most hidden first (the JSON report's
    /// `coverage.notRead`, SARIF's tool notifications).
    public var notRead: [NotReadGroup] = []

    public init(
        inputs: [ReportInput] = [], files: Int = 0, useColor: Bool = false,
        sourceLine: @escaping @Sendable (_ file: String, _ line: Int) -> String? = { _, _ in nil },
        includeSummary: Bool = true, baselineUsed: Bool = false, coverage: Coverage? = nil,
        openSites: [ProgramOpenSites] = []
    ) {
        self.coverage = coverage
        self.openSites = openSites
        self.inputs = inputs
        self.files = files
        self.useColor = useColor
        self.sourceLine = sourceLine
        self.includeSummary = includeSummary
        self.baselineUsed = baselineUsed
    }
}

public struct ReportInput: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable { case source, snapshot }
    public var kind: Kind
    public var path: String
    public var files: Int?

    public init(kind: Kind, path: String, files: Int? = nil) {
        self.kind = kind
        self.path = path
        self.files = files
    }
}
