/// What looked like dependency injection and was not read, per program: the sites grouped by how
/// they are written (twelve `registerSingleton(…)` calls are one thing to configure, not twelve),
/// ranked by how many misses they may hide, with what to do about each. A newcomer otherwise
/// cannot tell "nothing is wrong" from "digraph did not understand this" (issue 30).
public struct NotReadGroup: Sendable, Equatable {
    /// The programs compiling these sites (`App, Widget`); nil when the run had no programs.
    public var program: String?
    /// Most hidden first.
    public var entries: [NotReadEntry]
}

public struct NotReadEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A registration call no reader understood: its container is open.
        case registration
        /// A request-like call or attribute (a project's wrapper): what it asks for is not checked.
        case request
        /// A type that looks like a container digraph does not know.
        case container
    }

    /// How the sites are written, arguments elided: `registerSingleton(…)`, `@Inject`.
    public var shape: String
    public var kind: Kind
    /// Sorted.
    public var sites: [SourceLocation]
    /// Missing registrations this shape's sites may provide (those findings are notes).
    public var hiddenMisses: Int

    /// What a user can do about it.
    public var advice: String {
        switch kind {
        case .registration:
            return "say what \(sites.count == 1 ? "it registers" : "they register") with `assume_registered:` in .digraph.yml"
        case .request: return "what \(sites.count == 1 ? "it asks" : "they ask") for is not checked"
        case .container: return "a container type digraph does not read"
        }
    }
}

public enum NotReadSummary {
    /// Groups `coverage`'s unread sites and the open sites the findings name. A site's program is
    /// the programs compiling its file (products before their tests, as findings name them).
    public static func groups(coverage: Coverage, diagnostics: [Diagnostic], programs: [Program]) -> [NotReadGroup] {
        struct Site {
            var what: String
            var kind: NotReadEntry.Kind
            var program: String?
        }
        let tests = Set(programs.filter(\.isTests).map(\.name))
        var labels: [String: String?] = [:]
        func label(of file: String) -> String? {
            if let known = labels[file] { return known }
            let names = Set(programs.filter { $0.compiles(file) }.map(\.name))
            let found = programs.count > 1 ? ProgramLabel.of(names, tests: tests) : nil
            labels[file] = found
            return found
        }
        var sites: [SourceLocation: Site] = [:]
        for site in coverage.unrecognised {
            let kind: NotReadEntry.Kind = site.namesAType ? .container : site.opens != nil ? .registration : .request
            sites[site.location] = Site(what: site.what, kind: kind, program: label(of: site.location.file))
        }
        var misses: [SourceLocation: Int] = [:]
        for diagnostic in diagnostics where diagnostic.rule == MissingRegistrationRule.description.id {
            for (what, location) in diagnostic.notes.compactMap(MissingRegistrationRule.openSite(in:)) {
                misses[location, default: 0] += 1 + (diagnostic.members?.count ?? 0)
                if sites[location] == nil {
                    sites[location] = Site(
                        what: what, kind: .registration,
                        program: programs.count > 1 ? label(of: location.file) ?? diagnostic.program : nil)
                }
            }
        }
        struct Key: Hashable {
            var program: String?
            var shape: String
            var kind: NotReadEntry.Kind
        }
        var entries: [Key: NotReadEntry] = [:]
        for (location, site) in sites {
            let key = Key(program: site.program, shape: shape(of: site.what), kind: site.kind)
            var entry = entries[key] ?? NotReadEntry(shape: key.shape, kind: key.kind, sites: [], hiddenMisses: 0)
            entry.sites.append(location)
            entry.hiddenMisses += misses[location] ?? 0
            entries[key] = entry
        }
        var byProgram: [String: [NotReadEntry]] = [:]
        for (key, var entry) in entries {
            entry.sites.sort()
            byProgram[key.program ?? "", default: []].append(entry)
        }
        return byProgram.keys.sorted().map { program in
            NotReadGroup(
                program: program.isEmpty ? nil : program,
                entries: byProgram[program]!.sorted {
                    ($1.hiddenMisses, $1.sites.count, $0.shape) < ($0.hiddenMisses, $0.sites.count, $1.shape)
                })
        }
    }

    /// `registerSingleton(Notifier.self, …)` -> `registerSingleton(…)`, `@Injected(\\.api)` ->
    /// `@Injected`; type names as they are.
    static func shape(of what: String) -> String {
        guard !what.hasPrefix("type "), let open = what.firstIndex(of: "(") else { return what }
        return what.hasPrefix("@") ? String(what[..<open]) : what[..<open] + "(…)"
    }
}
