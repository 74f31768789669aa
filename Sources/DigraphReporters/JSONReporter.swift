import DigraphCore
import Foundation

/// The `digraph-report/1` document (docs/schemas/report.schema.json): the whole graph plus every
/// finding, suppressed ones included and marked, for editors and CI.
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    public static let schema = "digraph-report/1"

    public init() {}

    public func render(_ analysis: Analysis, context: ReportContext) -> String {
        let encoder = JSONEncoder()
        // Sorted keys and no timestamps: the same analysis gives the same bytes on every run.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain strings, ints and bools only: encoding cannot fail.
        let data = try! encoder.encode(ReportDocument(analysis, context: context))
        // Nothing raw that acts in a terminal or an editor (bidirectional controls, C1 controls).
        return SafeText.escapingJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}

/// The wire shapes, kept apart from the model so internal fields (an edge's `retained` and
/// `request`) never leak into the contract. Optionals are omitted when nil.
struct ReportDocument: Encodable {
    struct Tool: Encodable { var name: String, version: String }

    struct Summary: Encodable {
        var files, services, edges, errors, warnings, notes, suppressed: Int
    }

    struct Location: Encodable {
        var file: String, line: Int, column: Int
        init(_ l: SourceLocation) { (file, line, column) = (l.file, l.line, l.column) }
    }

    struct ServiceEntry: Encodable {
        var id, type: String
        var name: String?
        var arguments: [String]?
        var lifetime: String
        var lifetimeDetail: String?
        var implementation: [String]?
        var style: String
        var container: String?
        var locations: [Location]
        var fanIn, fanOut: Int
        var program: String?
    }

    struct EdgeEntry: Encodable {
        var from, to: String
        var missing: Bool?
        var timing, via: String
        var optional: Bool?
        var location: Location?
        var program: String?
    }

    struct NoteEntry: Encodable {
        var message: String
        var location: Location?
    }

    struct DiagnosticEntry: Encodable {
        var rule, severity, message: String
        var location: Location
        var services: [String]
        var path: [String]?
        var notes: [NoteEntry]?
        var fingerprint: String
        var suppressed: Bool?
        var program: String?
    }

    struct CoverageEntry: Encodable {
        struct Style: Encodable { var registrations, requests, files: Int }
        struct Unrecognised: Encodable {
            var what: String
            var location: Location
        }
        struct Open: Encodable {
            struct Site: Encodable {
                var what: String
                var location: Location
            }
            var program: String?
            var sites: [Site]
        }
        var styles: [String: Style]
        var unrecognised: [Unrecognised]?
        /// Per program, the registrations seen but not read: their containers are open, and a
        /// miss there is a note.
        var open: [Open]?
        /// Per program, what looked like DI and was not read, grouped by how it is written and
        /// ranked by the misses it may hide.
        var notRead: [NotRead]?

        struct NotRead: Encodable {
            struct Entry: Encodable {
                var shape, kind, advice: String
                var hiddenMisses: Int
                var sites: [Location]
            }
            var program: String?
            var entries: [Entry]
        }
    }

    struct ProgramEntry: Encodable {
        var name, kind, source: String
        var files: Int
        var sees: [String]?
    }

    var schema = JSONReporter.schema
    var tool = Tool(name: ToolInfo.name, version: ToolInfo.version)
    var inputs: [ReportInput]
    var summary: Summary
    var services: [ServiceEntry]
    /// Service-to-service edges only: requests from top-level code (`graph.rootRequests`) have
    /// no `from` service and stay out.
    var edges: [EdgeEntry]
    var diagnostics: [DiagnosticEntry]
    /// Present when a project description was read or the scan found more than one program.
    var programs: [ProgramEntry]?
    /// What the scan read per style and what looked like DI but was not read.
    var coverage: CoverageEntry?
    /// What the project descriptions held that program discovery did not read or follow.
    var descriptionNotes: [NoteEntry]?

    init(_ analysis: Analysis, context: ReportContext) {
        let graph = analysis.graph
        inputs = context.inputs
        services = graph.services.map { s in
            ServiceEntry(
                id: s.id, type: s.type, name: s.name, arguments: s.arguments.nilIfEmpty, lifetime: s.lifetime.rawValue,
                lifetimeDetail: s.lifetimeDetail, implementation: s.implementation.nilIfEmpty, style: s.style,
                container: s.container, locations: s.locations.map(Location.init),
                fanIn: graph.fanIn(s.id), fanOut: graph.fanOut(s.id), program: s.program)
        }
        edges = graph.edges.map { e in
            EdgeEntry(
                from: e.from, to: e.to, missing: e.missing ? true : nil, timing: e.timing.rawValue,
                via: e.via.rawValue, optional: e.optional ? true : nil, location: e.location.map(Location.init),
                program: e.program)
        }
        diagnostics = analysis.diagnostics.map { d in
            DiagnosticEntry(
                rule: d.rule, severity: d.severity.rawValue, message: d.message, location: Location(d.location),
                services: d.services, path: d.path,
                notes: d.notes.isEmpty ? nil : d.notes.map { NoteEntry(message: $0.message, location: $0.location.map(Location.init)) },
                fingerprint: d.fingerprint, suppressed: d.suppressed, program: d.program)
        }
        if analysis.programs.count > 1 || analysis.programs.contains(where: { $0.source != "fallback" }) {
            programs = analysis.programs.map { p in
                ProgramEntry(
                    name: p.name, kind: p.kind.rawValue, source: p.source, files: p.files.count, sees: p.sees.nilIfEmpty)
            }
        }
        descriptionNotes = context.programNotes.isEmpty
            ? nil
            : context.programNotes.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
                .map { NoteEntry(message: $0.message, location: Location($0.location)) }
        if let c = context.coverage {
            coverage = CoverageEntry(
                styles: c.styles.mapValues { CoverageEntry.Style(registrations: $0.registrations, requests: $0.requests, files: $0.files) },
                unrecognised: c.unrecognised.isEmpty
                    ? nil : c.unrecognised.map { CoverageEntry.Unrecognised(what: $0.what, location: Location($0.location)) },
                open: context.openSites.isEmpty
                    ? nil
                    : context.openSites.map { group in
                        CoverageEntry.Open(
                            program: group.program,
                            sites: group.sites.map { .init(what: $0.what, location: Location($0.location)) })
                    },
                notRead: context.notRead.isEmpty
                    ? nil
                    : context.notRead.map { group in
                        CoverageEntry.NotRead(
                            program: group.program,
                            entries: group.entries.map { entry in
                                .init(
                                    shape: entry.shape, kind: entry.kind.rawValue, advice: entry.advice,
                                    hiddenMisses: entry.hiddenMisses, sites: entry.sites.map(Location.init))
                            })
                    })
        }
        summary = Summary(
            files: context.files, services: services.count, edges: edges.count,
            errors: analysis.count(.error), warnings: analysis.count(.warning), notes: analysis.count(.note),
            suppressed: analysis.diagnostics.filter { $0.suppressed == true }.count)
    }
}

extension Array {
    /// Empty lists are left out of the document like other absent optional fields.
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
