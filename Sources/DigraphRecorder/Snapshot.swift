import Foundation

/// A `digraph-snapshot/1` document: what a running program's DI container holds (services, their
/// lifetimes, the edges between them), written for `digraph check --snapshot`.
///
/// Plain values; ``jsonString()`` writes them with sorted keys and a trailing newline, so the same
/// container always gives the same bytes (apart from ``capturedAt``, which is optional).
public struct Snapshot: Sendable, Equatable {
    public static let schema = "digraph-snapshot/1"

    public var generator: Generator
    /// RFC 3339; nil leaves it out (reproducible output).
    public var capturedAt: String?
    public var containers: [Container]
    public var services: [Service]
    public var edges: [Edge]
    public var diagnostics: [Diagnostic]

    public init(
        generator: Generator, capturedAt: String? = nil, containers: [Container] = [], services: [Service] = [],
        edges: [Edge] = [], diagnostics: [Diagnostic] = []
    ) {
        self.generator = generator
        self.capturedAt = capturedAt
        self.containers = containers
        self.services = services
        self.edges = edges
        self.diagnostics = diagnostics
    }

    /// Who wrote the snapshot and how.
    public struct Generator: Sendable, Equatable {
        public enum Source: String, Sendable, Equatable {
            /// Registrations plus the edges seen by running factories.
            case runtimeProbe = "runtime-probe"
            /// Registrations only, no edges.
            case runtimeRegistrations = "runtime-registrations"
            case `static`
        }

        public var name: String
        public var version: String?
        /// `Swinject`, `ServiceLocator`, `custom`, …
        public var framework: String
        public var frameworkVersion: String?
        public var source: Source

        public init(name: String, version: String? = nil, framework: String, frameworkVersion: String? = nil, source: Source) {
            self.name = name
            self.version = version
            self.framework = framework
            self.frameworkVersion = frameworkVersion
            self.source = source
        }
    }

    public struct Container: Sendable, Equatable {
        public var id: String
        /// Lookups that fail here fall back to the parent.
        public var parent: String?
        public var label: String?

        public init(id: String, parent: String? = nil, label: String? = nil) {
            self.id = id
            self.parent = parent
            self.label = label
        }
    }

    /// digraph's normalized lifetimes (see docs/formats.md).
    public enum Lifetime: String, Sendable, Equatable, CaseIterable {
        case singleton, scoped, weak, graph, transient, unknown
    }

    /// Where something happened in the program's sources.
    public struct Site: Sendable, Equatable {
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var function: String?

        public init(file: String? = nil, line: Int? = nil, column: Int? = nil, function: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.function = function
        }

        var isEmpty: Bool { file == nil && line == nil && column == nil && function == nil }
    }

    public struct Service: Sendable, Equatable {
        public enum Origin: String, Sendable, Equatable {
            case factory, instance, alias, key
        }

        public struct Probe: Sendable, Equatable {
            public enum Status: String, Sendable, Equatable {
                /// The factory ran to the end.
                case ok
                /// The factory returned nil.
                case `nil`
                /// Not run: it needs runtime arguments, or registrations-only mode.
                case skipped
                case crashed
                /// Stopped part-way: a missing dependency, a cycle, a time limit.
                case cut
            }

            public var status: Status
            public var detail: String?

            public init(status: Status, detail: String? = nil) {
                self.status = status
                self.detail = detail
            }
        }

        /// `Type`, `Type#name`, `Type(Arg1,Arg2)`, `Type#name(Arg1)`; unique in the document.
        public var id: String
        public var type: String
        public var name: String?
        public var arguments: [String]?
        public var lifetime: Lifetime
        /// The framework's own spelling: `container`, `session`, `factory (weakly cached)`.
        public var lifetimeDetail: String?
        public var implementation: [String]?
        public var origin: Origin?
        public var aliasOf: String?
        public var container: String?
        public var site: Site?
        public var probe: Probe?

        public init(
            id: String, type: String, name: String? = nil, arguments: [String]? = nil, lifetime: Lifetime,
            lifetimeDetail: String? = nil, implementation: [String]? = nil, origin: Origin? = nil,
            aliasOf: String? = nil, container: String? = nil, site: Site? = nil, probe: Probe? = nil
        ) {
            self.id = id
            self.type = type
            self.name = name
            self.arguments = arguments
            self.lifetime = lifetime
            self.lifetimeDetail = lifetimeDetail
            self.implementation = implementation
            self.origin = origin
            self.aliasOf = aliasOf
            self.container = container
            self.site = site
            self.probe = probe
        }
    }

    public struct Edge: Sendable, Equatable {
        public enum Timing: String, Sendable, Equatable {
            case eager, deferred
        }

        public enum Kind: String, Sendable, Equatable {
            case resolve
            case optionalResolve = "optional_resolve"
            case lazy, provider
        }

        public enum Status: String, Sendable, Equatable {
            case resolved, missing, `nil`, cut, aborted
        }

        public var from: String
        /// A service id; an id absent from the services is an unsatisfied request.
        public var to: String
        public var type: String?
        public var name: String?
        public var arguments: [String]?
        public var timing: Timing
        public var kind: Kind?
        public var status: Status?
        public var site: Site?
        public var count: Int?

        public init(
            from: String, to: String, type: String? = nil, name: String? = nil, arguments: [String]? = nil,
            timing: Timing, kind: Kind? = nil, status: Status? = nil, site: Site? = nil, count: Int? = nil
        ) {
            self.from = from
            self.to = to
            self.type = type
            self.name = name
            self.arguments = arguments
            self.timing = timing
            self.kind = kind
            self.status = status
            self.site = site
            self.count = count
        }
    }

    /// Something the writer itself noticed; digraph passes it on as a note.
    public struct Diagnostic: Sendable, Equatable {
        public enum Level: String, Sendable, Equatable {
            case error, warning, note
        }

        public var level: Level
        public var code: String?
        public var service: String?
        public var message: String

        public init(level: Level, code: String? = nil, service: String? = nil, message: String) {
            self.level = level
            self.code = code
            self.service = service
            self.message = message
        }
    }

    /// The id of a type-keyed registration: `Type`, `Type#name`, `Type(Arg1,Arg2)`, `Type#name(Arg1)`.
    public static func serviceID(type: String, name: String?, arguments: [String]) -> String {
        var id = type
        if let name { id += "#\(name)" }
        if !arguments.isEmpty { id += "(\(arguments.joined(separator: ",")))" }
        return id
    }
}

// MARK: - Writing

extension Snapshot {
    /// Pretty-printed JSON, keys sorted, trailing newline.
    public func jsonString() -> String {
        var root: [(String, JSONWriter.Value)] = [
            ("schema", .string(Self.schema)),
            ("generator", generator.json),
            ("services", .array(services.map(\.json))),
            ("edges", .array(edges.map(\.json))),
        ]
        if let capturedAt { root.append(("capturedAt", .string(capturedAt))) }
        if !containers.isEmpty { root.append(("containers", .array(containers.map(\.json)))) }
        if !diagnostics.isEmpty { root.append(("diagnostics", .array(diagnostics.map(\.json)))) }
        return JSONWriter.render(.object(root)) + "\n"
    }

    /// Writes ``jsonString()`` atomically: a reader never sees half a document.
    public func write(to url: URL) throws {
        try Data(jsonString().utf8).write(to: url, options: .atomic)
    }

    /// The current time as RFC 3339 (UTC, seconds).
    public static func timestamp(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

extension Snapshot.Generator {
    var json: JSONWriter.Value {
        .object(
            JSONWriter.fields([
                ("name", .string(name)), ("version", version.map(JSONWriter.Value.string)),
                ("framework", .string(framework)), ("frameworkVersion", frameworkVersion.map(JSONWriter.Value.string)),
                ("source", .string(source.rawValue)),
            ]))
    }
}

extension Snapshot.Container {
    var json: JSONWriter.Value {
        .object(
            JSONWriter.fields([
                ("id", .string(id)), ("parent", parent.map(JSONWriter.Value.string)),
                ("label", label.map(JSONWriter.Value.string)),
            ]))
    }
}

extension Snapshot.Site {
    var json: JSONWriter.Value {
        .object(
            JSONWriter.fields([
                ("file", file.map(JSONWriter.Value.string)), ("line", line.map(JSONWriter.Value.int)),
                ("column", column.map(JSONWriter.Value.int)), ("function", function.map(JSONWriter.Value.string)),
            ]))
    }
}

extension Snapshot.Service {
    var json: JSONWriter.Value {
        var probeValue: JSONWriter.Value?
        if let probe {
            probeValue = .object(
                JSONWriter.fields([
                    ("status", .string(probe.status.rawValue)), ("detail", probe.detail.map(JSONWriter.Value.string)),
                ]))
        }
        return .object(
            JSONWriter.fields([
                ("id", .string(id)), ("type", .string(type)), ("name", name.map(JSONWriter.Value.string)),
                ("arguments", arguments.map { .array($0.map(JSONWriter.Value.string)) }),
                ("lifetime", .string(lifetime.rawValue)),
                ("lifetimeDetail", lifetimeDetail.map(JSONWriter.Value.string)),
                ("implementation", implementation.map { .array($0.map(JSONWriter.Value.string)) }),
                ("origin", origin.map { .string($0.rawValue) }), ("aliasOf", aliasOf.map(JSONWriter.Value.string)),
                ("container", container.map(JSONWriter.Value.string)),
                ("site", site.flatMap { $0.isEmpty ? nil : $0.json }), ("probe", probeValue),
            ]))
    }
}

extension Snapshot.Edge {
    var json: JSONWriter.Value {
        .object(
            JSONWriter.fields([
                ("from", .string(from)), ("to", .string(to)), ("type", type.map(JSONWriter.Value.string)),
                ("name", name.map(JSONWriter.Value.string)),
                ("arguments", arguments.map { .array($0.map(JSONWriter.Value.string)) }),
                ("timing", .string(timing.rawValue)), ("kind", kind.map { .string($0.rawValue) }),
                ("status", status.map { .string($0.rawValue) }),
                ("site", site.flatMap { $0.isEmpty ? nil : $0.json }), ("count", count.map(JSONWriter.Value.int)),
            ]))
    }
}

extension Snapshot.Diagnostic {
    var json: JSONWriter.Value {
        .object(
            JSONWriter.fields([
                ("level", .string(level.rawValue)), ("code", code.map(JSONWriter.Value.string)),
                ("service", service.map(JSONWriter.Value.string)), ("message", .string(message)),
            ]))
    }
}
