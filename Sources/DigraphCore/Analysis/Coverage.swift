/// What a scan understood, per DI style, and what looked like DI but was not read: the line that
/// keeps a run in a style digraph does not read from passing as a clean one.
public struct Coverage: Sendable, Equatable, Codable {
    public struct StyleCount: Sendable, Equatable, Codable {
        public var registrations = 0
        public var requests = 0
        public var files = 0
    }

    /// By style: `swinject`, `service-locator`, `singleton`, `resolve` (resolves whose container
    /// the scanner cannot tell).
    public var styles: [String: StyleCount]
    public var unrecognised: [UnrecognisedSite]
    public var syntaxErrors: [SourceLocation]
    /// Files nested too deeply to parse safely: not analysed at all.
    public var notAnalysed: [FileNote]
    public var files: Int

    /// DI sites read (registrations and requests of every style).
    public var recognisedSites: Int { styles.values.reduce(0) { $0 + $1.registrations + $1.requests } }

    public init(_ facts: [FileFacts]) { self.init(parts: facts.map(FilePart.init)) }

    /// The parts of every scanned file, joined: member requests count only where some file
    /// declares their member.
    public init(parts: [FilePart]) {
        var styles: [String: StyleCount] = [:]
        var unrecognised: [UnrecognisedSite] = []
        var syntaxErrors: [SourceLocation] = []
        var notAnalysed: [FileNote] = []
        let declaredMembers = Set(parts.flatMap(\.declaredMembers))
        for part in parts {
            var seen = Set(part.styles.keys)
            for (style, count) in part.styles {
                styles[style, default: StyleCount()].registrations += count.registrations
                styles[style, default: StyleCount()].requests += count.requests
            }
            // A member call is read wherever it could be a service (`x.shared.api()`); only those
            // naming a member some scanned code declares are DI sites.
            for request in part.memberRequests where declaredMembers.contains(request) {
                styles[request.registry.style, default: StyleCount()].requests += 1
                seen.insert(request.registry.style)
            }
            for style in seen { styles[style, default: StyleCount()].files += 1 }
            unrecognised += part.unrecognised
            if let error = part.syntaxError { syntaxErrors.append(error) }
            if let note = part.notAnalysed { notAnalysed.append(note) }
        }
        self.styles = styles
        self.unrecognised = unrecognised.sorted { ($0.location, $0.what) < ($1.location, $1.what) }
        self.syntaxErrors = syntaxErrors.sorted()
        self.notAnalysed = notAnalysed.sorted { $0.location < $1.location }
        self.files = parts.count
    }

    /// A member of a member-keyed registry (`Container.api`, `DependencyValues.client`).
    public struct DeclaredMember: Hashable, Sendable, Codable {
        var registry: Registry
        var property: String
    }

    /// What one file adds to the coverage, read from its facts alone: kept with the file's cache
    /// entry, so that a run reusing a program's analysis needs no file's whole facts for it.
    public struct FilePart: Sendable, Equatable, Codable {
        /// Sites by style, member requests aside (`files` unused here).
        var styles: [String: StyleCount] = [:]
        /// Member requests, counted once the members all files declare are known.
        var memberRequests: [DeclaredMember] = []
        var declaredMembers: [DeclaredMember] = []
        var unrecognised: [UnrecognisedSite] = []
        var syntaxError: SourceLocation?
        var notAnalysed: FileNote?

        public init(_ file: FileFacts) {
            func count(_ style: String, registrations: Int = 0, requests: Int = 0) {
                guard registrations + requests > 0 else { return }
                styles[style, default: StyleCount()].registrations += registrations
                styles[style, default: StyleCount()].requests += requests
            }
            for (style, group) in Dictionary(grouping: file.registrations, by: { $0.registry.style }) {
                count(style, registrations: group.count)
            }
            for (style, group) in Dictionary(grouping: file.requests, by: { Coverage.style(of: $0.registry) }) {
                count(style, requests: group.count)
            }
            for (style, group) in Dictionary(grouping: file.members.services, by: { $0.registry.style }) {
                count(style, registrations: group.count)
            }
            for (style, group) in Dictionary(grouping: file.members.assignments, by: { $0.registry.style }) {
                count(style, registrations: group.count)
            }
            // `@Dependency(Client.self)` names its key, which is a DI site wherever it is declared.
            count(Registry.swiftDependencies.style, requests: file.members.requests.filter { $0.keyType != nil }.count)
            memberRequests = file.members.requests.filter { $0.keyType == nil }.map {
                DeclaredMember(registry: $0.registry, property: $0.property)
            }
            declaredMembers = file.members.services.map { DeclaredMember(registry: $0.registry, property: $0.property) }
            let composition = file.composition
            count(
                Registry.composition.style, registrations: composition.members.count,
                requests: composition.requests.filter { if case .service = $0.requester { return true } else { return false } }.count)
            count(
                Registry.injector.style, registrations: composition.injectors.count,
                requests: composition.injections.count)
            count(
                Registry.needle.style, registrations: file.needle.components.reduce(0) { $0 + $1.properties.count },
                requests: file.needle.components.reduce(0) { total, component in
                    component.properties.reduce(total) { $0 + $1.reads.count }
                })
            count(
                Registry.weaver.style, registrations: file.weaver.annotations.filter { $0.kind == .registration }.count,
                requests: file.weaver.annotations.filter { $0.kind == .reference }.count + file.weaver.reads.count)
            count(
                "singleton", registrations: file.types.reduce(0) { $0 + $1.sharedMembers.count },
                requests: file.sharedAccesses.count)
            unrecognised = file.unrecognised
            syntaxError = file.syntaxError
            notAnalysed = file.notAnalysed
        }
    }

    fileprivate static func style(of registry: Registry) -> String {
        registry == .unspecified ? "resolve" : registry.style
    }

    /// `48 services from swinject (31), singleton (17); 96 edges`, from the linked graph.
    public static func summary(services: [Service], edges: Int) -> String {
        summary(styleCounts: Dictionary(grouping: services, by: \.style).mapValues(\.count), services: services.count, edges: edges)
    }

    static func summary(styleCounts byStyle: [String: Int], services count: Int, edges: Int) -> String {
        let parts = byStyle.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) (\($0.value))" }
        let from = parts.isEmpty ? "" : " from " + parts.joined(separator: ", ")
        return "\(count) service\(count == 1 ? "" : "s")\(from); \(edges) edge\(edges == 1 ? "" : "s")"
    }

    /// The warning when the scan read no DI site at all, or only a small share of what looks like
    /// DI; nil when what was read is the bulk of it.
    public var warning: String? {
        let read = recognisedSites
        // Type names alone (`AppContainer`) only matter when nothing at all was read.
        let sites = unrecognised.filter { !$0.namesAType }
        let skipped = read == 0 ? unrecognised.count : sites.count
        if files == 0 { return nil }
        if read == 0 {
            let examples = unrecognised.prefix(3).map { "`\($0.what)` at \($0.location)" }.joined(separator: ", ")
            let found = skipped == 0 ? "" : "; \(skipped) site\(skipped == 1 ? " looks" : "s look") like DI but \(skipped == 1 ? "is" : "are") not read (\(examples)\(skipped > 3 ? ", …" : ""))"
            return "no dependency-injection site recognised in \(files) file\(files == 1 ? "" : "s")\(found). "
                + Self.supported
        }
        if skipped >= 5 && skipped > read {
            let examples = sites.prefix(3).map { "`\($0.what)` at \($0.location)" }.joined(separator: ", ")
            return "only \(read) of \(read + skipped) sites that look like dependency injection were read; not read: \(examples)\(skipped > 3 ? ", …" : ""). "
                + Self.supported
        }
        return nil
    }

    /// What was not read is not small beside what was (a quarter of it or more): a stray unread
    /// call among hundreds of read sites is in the JSON's coverage only.
    public var notReadIsNotable: Bool { !unrecognised.isEmpty && unrecognised.count * 4 >= recognisedSites }

    static let supported =
        "digraph reads Swinject, SwinjectAutoregistration, Resolver, Dip, DITranquillity, Needle, Weaver, the Factory library, swift-dependencies, key-path containers, `Has…` environments, hand-written service locators, factories and containers, protocol injectors and `static let shared` singletons (see \"What the scanner understands\" in the README)"
}

/// One program's open sites: the registrations it could not read that left a container open.
public struct ProgramOpenSites: Sendable, Equatable {
    /// nil: the run had no programs.
    public var program: String?
    public var sites: [OpenSite]

    public init(program: String?, sites: [OpenSite]) {
        self.program = program
        self.sites = sites
    }
}
