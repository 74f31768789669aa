/// Findings of several programs, merged: the same finding from code two programs compile is
/// reported once, naming the programs that have it (the product's, not the test bundles', when
/// both do).
struct ProgramFindings {
    let programs: [Program]
    private var entries: [Key: Entry] = [:]

    private struct Key: Hashable {
        var rule: String
        var location: SourceLocation
        var message: String
        var services: [String]
    }

    private struct Entry {
        var diagnostic: Diagnostic
        var producers: Set<String>
    }

    private let testNames: Set<String>

    init(programs: [Program]) {
        self.programs = programs
        testNames = Set(programs.filter(\.isTests).map(\.name))
    }

    /// Rules counting what depends on a service: programs compiling the same singleton count
    /// different dependents, and it is still one finding (the largest count, naming them all).
    static let countingRules: Set<String> = [GodSingletonRule.description.id, TooManyDependenciesRule.description.id]

    mutating func add(_ diagnostics: [Diagnostic], from program: Program) {
        for diagnostic in diagnostics {
            let counting = Self.countingRules.contains(diagnostic.rule)
            let key = Key(
                rule: diagnostic.rule, location: diagnostic.location, message: counting ? "" : diagnostic.message,
                services: counting ? Array(diagnostic.services.prefix(1)) : diagnostic.services)
            var entry = entries[key] ?? Entry(diagnostic: diagnostic, producers: [])
            // The product's own reading (its notes point at its registrations) wins over a test
            // bundle's, which also sees its own.
            if !program.isTests, !entry.producers.isEmpty, entry.producers.allSatisfy(testNames.contains) {
                entry.diagnostic = diagnostic
            } else if counting, !(program.isTests && !entry.producers.allSatisfy(testNames.contains)),
                diagnostic.services.count > entry.diagnostic.services.count
            {
                entry.diagnostic = diagnostic
            }
            entry.producers.insert(program.name)
            entries[key] = entry
        }
    }

    /// `absenceRules`: kept only when every program compiling the finding's file reports it.
    func diagnostics(absenceRules: Set<String>) -> [Diagnostic] {
        let tests = Set(programs.filter(\.isTests).map(\.name))
        // The programs compiling each file that has a finding of an absence rule, found once per
        // file (not a search of every program's files per finding).
        let absenceFiles = Set(entries.values.filter { absenceRules.contains($0.diagnostic.rule) }.map(\.diagnostic.location.file))
        var compilingByFile: [String: Set<String>] = [:]
        for program in programs {
            for file in program.files where absenceFiles.contains(file) { compilingByFile[file, default: []].insert(program.name) }
        }
        var labels = ProgramLabel.Memo(tests: tests)
        return entries.values.compactMap { entry -> Diagnostic? in
            if absenceRules.contains(entry.diagnostic.rule) {
                guard let compiling = compilingByFile[entry.diagnostic.location.file], compiling.isSubset(of: entry.producers)
                else { return nil }
            }
            var diagnostic = entry.diagnostic
            diagnostic.program = labels.of(entry.producers)
            return diagnostic
        }
    }
}

enum ProgramLabel {
    /// `App`, `App, Widget`: test bundles are named only when no product program has it.
    static func of(_ names: Set<String>, tests: Set<String>) -> String? {
        let product = names.subtracting(tests)
        let shown = product.isEmpty ? names : product
        return shown.isEmpty ? nil : shown.sorted().joined(separator: ", ")
    }

    /// Labels remembered by set of names: thousands of services and edges share a few sets.
    struct Memo {
        let tests: Set<String>
        private var known: [Set<String>: String?] = [:]

        init(tests: Set<String>) { self.tests = tests }

        mutating func of(_ names: Set<String>) -> String? {
            if let label = known[names] { return label }
            let label = ProgramLabel.of(names, tests: tests)
            known[names] = label
            return label
        }
    }
}

/// A request missing in one program and registered in another: say so ("registered in `App`,
/// not in `Widget`"), the usual cause of an extension crashing on what the app has.
enum CrossProgramNearMisses {
    /// What the annotation asks of another program: whether it registers a service (and where
    /// first), and whether it declares it without a value. From its graph or its digest.
    struct Lookup {
        var program: Program
        /// nil: not registered there; `.some(nil)`: registered, with no site.
        var registration: (String) -> SourceLocation??
        var declaresMissing: (String) -> Bool

        init(_ entry: ProgramGraph) {
            program = entry.program
            let graph = entry.graph
            let registrations = graph.registrationsByAnsweredID()
            registration = { id in registrations[id] }
            declaresMissing = { id in graph.allRequests.contains { $0.to == id && $0.missingReason != nil } }
        }

        init(_ program: Program, _ digest: ProgramDigest) {
            self.program = program
            registration = digest.registration
            let missing = Set(digest.declaredMissing)
            declaresMissing = missing.contains
        }
    }

    static func annotate(_ diagnostics: [Diagnostic], of program: Program, among all: [Lookup]) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.rule == MissingRegistrationRule.description.id, let id = diagnostic.services.first
            else { return diagnostic }
            var diagnostic = diagnostic
            // A library does not run on its own: the apps that link it fill the containers it
            // reads (a process-wide container, `DependencyValues`), so its misses are checked there.
            if program.kind == .library, diagnostic.severity > .note {
                diagnostic.severity = .note
                diagnostic.message += "; `\(program.name)` is a library: the programs that link it may register it"
            }
            // A program the project descriptions do not say the kind of (a product decided when
            // the manifest runs, files a manifest digraph cannot read puts in no program of it)
            // may be a library an app links and registers for (Legacy-iOS's `Feature`, cleema's
            // package). A scan with no description at all is one program, and stays proven.
            if program.kind == .unknown, diagnostic.severity > .note, all.contains(where: { $0.program.source != "fallback" }) {
                diagnostic.severity = .note
                diagnostic.message +=
                    "; what `\(program.name)` is (an app, or a library an app links) is not read from its project, so what links it may register it"
            }
            // A test bundle runs product code only as far as its tests call it, and that code's
            // containers are filled by the programs that run it: a request in code a product
            // program (a library, or an app linking the tested framework) also compiles is no
            // proven miss in the test bundle; the product program reports it if it is one.
            let file = diagnostic.location.file
            if program.isTests, diagnostic.severity > .note, !ProgramResolver.isTestPath(file) {
                let products = all.filter { !$0.program.isTests && $0.program.name != program.name && $0.program.compiles(file) }
                if let library = products.first(where: { $0.program.kind == .library }) {
                    diagnostic.severity = .note
                    diagnostic.message +=
                        "; `\(program.name)` tests library code (`\(library.program.name)`): the programs that link it may register it"
                } else if let product = products.first {
                    diagnostic.severity = .note
                    diagnostic.message +=
                        "; `\(program.name)` tests code `\(product.program.name)` also compiles: whether its tests run this request is not read"
                }
            }
            var others = all.filter { $0.program.name != program.name }.compactMap { other -> (Program, SourceLocation?)? in
                guard let site = other.registration(id) else { return nil }
                // Declared there but never given a value (`promised()`, a key without `liveValue`):
                // the other program lacks it too.
                if other.declaresMissing(id) { return nil }
                return (other.program, site)
            }
            // A test bundle seeing the app's registration is the app's registration.
            if others.contains(where: { !$0.0.isTests }) { others.removeAll { $0.0.isTests } }
            guard !others.isEmpty else { return diagnostic }
            var annotated = diagnostic
            let names = others.map { "`\($0.0.name)`" }.joined(separator: ", ")
            annotated.message += "; registered in \(names), not in `\(program.name)`"
            // A test bundle runs what its tests build, not every screen of the product it links:
            // a request in product code that a product program satisfies is no proven miss there.
            if program.isTests, diagnostic.severity > .note, others.contains(where: { !$0.0.isTests }),
                !ProgramResolver.isTestPath(diagnostic.location.file)
            {
                annotated.severity = .note
                annotated.message += "; `\(program.name)` is a test bundle, and whether its tests run this code is not read"
            }
            // Code both compile, satisfied where the registration is: whether `program` ever runs
            // this request is not read, so the miss there is not proven (a shared framework's
            // screen only the app shows).
            // Only a product program's registration counts: a test bundle registering a mock of
            // it says nothing of what the app has (CaroDiario's clients, `testValue` only).
            if annotated.severity > .note, others.contains(where: { !$0.0.isTests && $0.0.compiles(file) }) {
                annotated.severity = .note
                annotated.message += ", which also compiles this code: `\(program.name)` may never run it"
            }
            // FunCorpSteamApp: an Xcode project's app links frameworks that other projects of its
            // workspace build; links across projects are not read, so a library of another
            // project registering the key may be in the app at run time.
            if annotated.severity > .note, program.source == "project.pbxproj",
                let library = others.first(where: { $0.0.kind == .library && $0.0.descriptionPath != program.descriptionPath })
            {
                annotated.severity = .note
                annotated.message +=
                    "; `\(library.0.name)` is a library of another project, which `\(program.name)` may link (links between Xcode projects are not read)"
            }
            var noted: Set<SourceLocation> = []
            for (other, site) in others {
                if let site, noted.insert(site).inserted {
                    annotated.notes.append(
                        Diagnostic.Note(message: "`\(id)` is registered in `\(other.name)` here", location: site))
                }
            }
            return annotated
        }
    }
}

/// The graphs of all programs as one, for reports and pictures: each service, edge and site
/// once, tagged with the programs that have it.
enum ProgramGraphUnion {
    static func graph(of graphs: [ProgramGraph]) -> DependencyGraph {
        let tests = Set(graphs.filter { $0.program.isTests }.map(\.program.name))
        var services: [String: Service] = [:]
        var serviceOwners: [String: Set<String>] = [:]
        var edges: [EdgeKey: Edge] = [:]
        var edgeOwners: [EdgeKey: Set<String>] = [:]
        var sites: Set<RegistrationSite> = []
        var roots: [EdgeKey: Edge] = [:]
        var unanalyzable: Set<UnanalyzableFact> = []
        var forwarded: [String: Set<String>] = [:]
        var drift: Set<DriftFact> = []
        var testFiles: Set<String> = []
        for entry in graphs {
            let name = entry.program.name
            let graph = entry.graph
            for service in graph.services {
                // wxm-ios's `ExplorerService`: registered in the app's container, and only built by
                // initializer injection in a framework linked without it. The union shows it as the
                // registration, whichever program comes first.
                if let known = services[service.id] {
                    if !known.isRegistration && service.isRegistration { services[service.id] = service }
                } else {
                    services[service.id] = service
                }
                serviceOwners[service.id, default: []].insert(name)
            }
            for edge in graph.edges {
                let key = EdgeKey(edge)
                if let known = edges[key] {
                    edges[key]?.testRuns = Edge.unionOfRuns(known.testRuns, edge.testRuns)
                } else {
                    edges[key] = edge
                }
                edgeOwners[key, default: []].insert(name)
            }
            for edge in graph.rootRequests where roots[EdgeKey(edge)] == nil { roots[EdgeKey(edge)] = edge }
            sites.formUnion(graph.registrationSites)
            unanalyzable.formUnion(graph.unanalyzable)
            for (type, ids) in graph.forwardedTypes { forwarded[type, default: []].formUnion(ids) }
            drift.formUnion(graph.drift)
            testFiles.formUnion(graph.testFiles)
        }
        var labels = ProgramLabel.Memo(tests: tests)
        let taggedServices = services.map { id, service in
            var service = service
            service.program = labels.of(serviceOwners[id] ?? [])
            return service
        }
        let taggedEdges = edges.map { key, edge in
            var edge = edge
            edge.program = labels.of(edgeOwners[key] ?? [])
            return edge
        }
        var union = DependencyGraph(
            services: taggedServices, edges: taggedEdges, registrationSites: Array(sites),
            rootRequests: Array(roots.values),
            unanalyzable: unanalyzable.sorted { ($0.location, $0.message) < ($1.location, $1.message) },
            forwardedTypes: forwarded.mapValues { $0.sorted() })
        union.drift = drift.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        union.testFiles = testFiles
        return union
    }

    private struct EdgeKey: Hashable {
        var from, to: String
        var timing: Timing
        var via: Via
        var optional, retained, missing: Bool
        var location: SourceLocation?

        init(_ edge: Edge) {
            from = edge.from
            to = edge.to
            timing = edge.timing
            via = edge.via
            optional = edge.optional
            retained = edge.retained
            missing = edge.missing
            location = edge.location
        }
    }
}
