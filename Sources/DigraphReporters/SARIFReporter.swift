import DigraphCore
import Foundation

/// SARIF 2.1.0, as GitHub code scanning and SARIF viewers read it: one run, every rule of the
/// catalog in `tool.driver.rules`, one result per finding (suppressed ones included and marked),
/// with the notes that have a place (each hop of a cycle, each near miss) as related locations.
///
/// Paths are relative to `%SRCROOT%`, the working directory digraph ran in (run it from the
/// repository root for GitHub). Columns are converted from digraph's UTF-8 bytes to UTF-16 code
/// units (`columnKind`), reading each line through `ReportContext.sourceLine`.
public struct SARIFReporter: Reporter {
    public static let identifier = "sarif"
    public static let version = "2.1.0"
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The base of every relative artifact URI.
    public static let sourceRoot = "%SRCROOT%"
    /// The key of digraph's fingerprint in `partialFingerprints`; bump the version if its
    /// derivation ever changes, so consumers do not match old and new fingerprints.
    public static let fingerprintKey = "digraph/v1"

    public init() {}

    /// The rule's section of docs/rules.md on the project's repository.
    public static func helpURI(forRule id: String) -> String {
        "\(ToolInfo.informationURI)/blob/main/\(RulesMarkdown.path)#\(id)"
    }

    public func render(_ analysis: Analysis, context: ReportContext) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, ints and arrays of them only: encoding cannot fail.
        let data = try! encoder.encode(SARIF.Log(analysis, context: context))
        // Nothing raw that acts in a terminal or an editor (bidirectional controls, C1 controls).
        return SafeText.escapingJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// An `artifactLocation` for a display path: relative to `%SRCROOT%`, or a `file://` URI for an
    /// absolute path outside the working directory. Percent-encoded as RFC 3986 requires.
    static func artifactLocation(_ path: String) -> SARIF.ArtifactLocation {
        if path.hasPrefix("/") {
            return SARIF.ArtifactLocation(uri: "file://" + percentEncodedPath(path))
        }
        return SARIF.ArtifactLocation(uri: percentEncodedPath(path), uriBaseId: sourceRoot)
    }

    /// Keeps unreserved characters, sub-delimiters, `@` and `/`; encodes everything else (spaces,
    /// `%`, `#`, `?`, `:` which would read as a scheme in a relative reference, non-ASCII as UTF-8).
    static func percentEncodedPath(_ path: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@/".utf8)
        var out = ""
        for byte in path.utf8 {
            if kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}

/// The wire shapes (a small subset of SARIF 2.1.0). Optionals are omitted when nil.
enum SARIF {
    struct Log: Encodable {
        var schema = SARIFReporter.schemaURI
        var version = SARIFReporter.version
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }

        init(_ analysis: Analysis, context: ReportContext) {
            runs = [Run(analysis, context: context)]
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var columnKind = "utf16CodeUnits"
        var results: [ResultEntry]
        /// Present when something looked like DI and was not read: one notification per shape.
        var invocations: [Invocation]?

        init(_ analysis: Analysis, context: ReportContext) {
            let rules = RuleCatalog.all.map { $0.description }
            tool = Tool(driver: Driver(rules: rules.map(ReportingDescriptor.init)))
            // No absolute path: the same analysis gives the same bytes on every machine. A SARIF
            // base without `uri` is one the consumer supplies (GitHub: the repository root).
            originalUriBaseIds = [
                SARIFReporter.sourceRoot: ArtifactLocation(
                    description: Message(text: "The directory digraph ran in; result paths are relative to it."))
            ]
            let indices = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            results = analysis.diagnostics.map { ResultEntry($0, ruleIndex: indices[$0.rule], context: context) }
            let notifications = context.notRead.flatMap { group in
                group.entries.map { Notification($0, program: group.program, context: context) }
            }
            if !notifications.isEmpty {
                invocations = [Invocation(executionSuccessful: true, toolExecutionNotifications: notifications)]
            }
        }
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    /// A shape of site digraph saw and did not read, with every site.
    struct Notification: Encodable {
        var level = "note"
        var message: Message
        var locations: [Location]

        init(_ entry: NotReadEntry, program: String?, context: ReportContext) {
            message = Message(text: NotReadText.line(entry, program: program))
            locations = entry.sites.map { Location($0, context: context) }
        }
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = ToolInfo.name
        var version = ToolInfo.version
        var semanticVersion = ToolInfo.version
        var informationUri = ToolInfo.informationURI
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        struct Configuration: Encodable { var level: String }
        struct Properties: Encodable { var tags: [String] }

        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var defaultConfiguration: Configuration
        var helpUri: String
        var help: MultiformatMessage
        var properties: Properties

        init(_ rule: RuleDescription) {
            id = rule.id
            name = rule.name
            shortDescription = Message(text: rule.summary)
            fullDescription = Message(text: rule.rationale)
            defaultConfiguration = Configuration(level: SARIFReporter.level(rule.defaultSeverity))
            helpUri = SARIFReporter.helpURI(forRule: rule.id)
            help = MultiformatMessage(
                text: "\(rule.summary)\n\n\(rule.rationale)\n\nExamples: \(helpUri)",
                markdown: RulesMarkdown.details(rule))
            properties = Properties(tags: ["dependency-injection", "swift"])
        }
    }

    struct Message: Encodable { var text: String }

    struct MultiformatMessage: Encodable { var text: String, markdown: String }

    struct ResultEntry: Encodable {
        struct Suppression: Encodable {
            var kind: String
            var justification: String?
        }
        struct Properties: Encodable {
            var services: [String]
            var path: [String]?
            var program: String?
        }

        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
        var suppressions: [Suppression]?
        var baselineState: String?
        var properties: Properties

        init(_ d: Diagnostic, ruleIndex: Int?, context: ReportContext) {
            ruleId = d.rule
            self.ruleIndex = ruleIndex
            level = SARIFReporter.level(d.severity)
            // Notes with a place become related locations; the others would be lost, so they
            // follow the message on lines of their own.
            let placed = d.notes.compactMap { note in note.location.map { (message: note.message, location: $0) } }
            let unplaced = d.notes.filter { $0.location == nil }.map(\.message)
            message = Message(text: ([d.message] + unplaced).joined(separator: "\n"))
            locations = [Location(d.location, context: context)]
            let related = placed.enumerated().map { index, note in
                Location(note.location, context: context, id: index + 1, message: note.message)
            }
            relatedLocations = related.isEmpty ? nil : related
            partialFingerprints = [SARIFReporter.fingerprintKey: d.fingerprint]
            switch d.suppression {
            case .inSource?:
                suppressions = [Suppression(kind: "inSource", justification: "a digraph:disable comment covers it")]
            case .baseline?:
                suppressions = [Suppression(kind: "external", justification: "recorded in the baseline")]
            case nil:
                // Hidden without a recorded reason: not in the source, so external.
                suppressions = d.suppressed == true ? [Suppression(kind: "external")] : nil
            }
            if d.suppression == .baseline {
                baselineState = "unchanged"
            } else if context.baselineUsed {
                baselineState = "new"
            }
            properties = Properties(services: d.services, path: d.path, program: d.program)
        }
    }

    struct Location: Encodable {
        var id: Int?
        var message: Message?
        var physicalLocation: PhysicalLocation

        init(_ location: SourceLocation, context: ReportContext, id: Int? = nil, message: String? = nil) {
            self.id = id
            self.message = message.map(Message.init)
            physicalLocation = PhysicalLocation(
                artifactLocation: SARIFReporter.artifactLocation(location.file), region: Region(location, context: context))
        }
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String?
        var uriBaseId: String?
        var description: Message?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?

        /// Nil when the location has no line (SARIF lines start at 1).
        init?(_ location: SourceLocation, context: ReportContext) {
            guard location.line >= 1 else { return nil }
            startLine = location.line
            startColumn = location.column >= 1 ? SourceColumns.utf16Column(of: location, context: context) : nil
        }
    }
}
