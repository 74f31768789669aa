import DigraphCore

/// A parsed and validated `digraph-snapshot/1` document, with the position of each element in the
/// snapshot file (for findings that have no source site).
public struct SnapshotDocument: Sendable {
    public static let supportedSchemas = ["digraph-snapshot/1"]

    public enum Source: String, Sendable, CaseIterable {
        case runtimeProbe = "runtime-probe"
        case runtimeRegistrations = "runtime-registrations"
        case `static`
    }

    public struct Generator: Sendable {
        public var name: String
        public var version: String?
        public var framework: String
        public var frameworkVersion: String?
        public var source: Source
    }

    public struct Container: Sendable {
        public var id: String
        public var parent: String?
        public var label: String?
        public var location: SourceLocation
    }

    public enum Origin: String, Sendable, CaseIterable {
        case factory, instance, alias, key
    }

    public enum ProbeStatus: String, Sendable, CaseIterable {
        case ok, `nil`, skipped, crashed, cut
    }

    public struct Probe: Sendable {
        public var status: ProbeStatus
        public var detail: String?
    }

    /// A site in the program's sources; `location` is set when the site has a file and a line
    /// (its path made relative as digraph shows paths).
    public struct Site: Sendable {
        public var location: SourceLocation?
        public var function: String?
    }

    public struct Service: Sendable {
        public var id: String
        public var type: String
        public var name: String?
        public var arguments: [String]?
        public var lifetime: Lifetime
        public var lifetimeDetail: String?
        public var implementation: [String]
        public var origin: Origin?
        public var aliasOf: String?
        public var container: String?
        public var site: Site?
        public var probe: Probe?
        /// The element in the snapshot file.
        public var location: SourceLocation

        /// Where findings about it point: its registration site, else its line in the snapshot.
        public var primaryLocation: SourceLocation { site?.location ?? location }
    }

    public enum EdgeKind: String, Sendable, CaseIterable {
        case resolve
        case optionalResolve = "optional_resolve"
        case lazy, provider
    }

    public enum EdgeStatus: String, Sendable, CaseIterable {
        case resolved, missing, `nil`, cut, aborted
    }

    public struct Edge: Sendable {
        public var from: String
        public var to: String
        public var type: String?
        public var name: String?
        public var arguments: [String]?
        public var timing: Timing
        public var kind: EdgeKind?
        public var status: EdgeStatus?
        public var site: Site?
        public var count: Int?
        public var location: SourceLocation

        public var primaryLocation: SourceLocation { site?.location ?? location }
    }

    public struct Diagnostic: Sendable {
        public var level: Severity
        public var code: String?
        public var service: String?
        public var message: String
        public var location: SourceLocation
    }

    /// The snapshot file as digraph shows it.
    public var path: String
    public var generator: Generator
    public var capturedAt: String?
    public var containers: [Container]
    public var services: [Service]
    public var edges: [Edge]
    public var diagnostics: [Diagnostic]

    public func service(_ id: String) -> Service? { services.first { $0.id == id } }
}
