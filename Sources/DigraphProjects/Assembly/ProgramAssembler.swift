import DigraphCore

/// Modules of every description -> the programs of the scan. A library is compiled into each
/// program that links it, directly or through other libraries; a library no non-test program
/// links is analysed as a program of its own. Everything is then narrowed to the scanned files.
struct ProgramAssembler {
    private struct ModuleID: Hashable, Comparable {
        var project: Int
        var module: Int
        static func < (lhs: ModuleID, rhs: ModuleID) -> Bool { (lhs.project, lhs.module) < (rhs.project, rhs.module) }
    }

    let projects: [DescribedProject]
    private var notes: [ProgramNote] = []
    /// Projects another one links a target of that digraph did not find in them (`'FeatureAuth'
    /// names no target of Projects/Feature/Auth/Project.swift`): their reading missed something,
    /// so the files they seem not to compile fall back rather than vanish.
    private var misread: Set<Int> = []
    /// The scan's Xcode workspaces: a framework linked by name is built in the linking project's.
    let workspaces: [XcodeWorkspace]

    /// `notes`: about the descriptions themselves (one not read because another is exact).
    init(projects: [DescribedProject], notes: [ProgramNote] = [], workspaces: [XcodeWorkspace] = []) {
        self.projects = projects
        self.notes = notes
        self.workspaces = workspaces
    }

    /// `scanned`: absolute path -> display path of every file of the scan.
    mutating func assemble(scanned: [String: String]) -> ProgramMap {
        // Xcode builds on case-insensitive file systems: `About/Model/Row.swift` in the project
        // may be `About/model/Row.swift` on disk.
        // Made on the first path not found as it is (most projects spell every path as on disk).
        var byLowercasedPath: [String: String]?
        func display(_ path: String) -> String? {
            if let exact = scanned[path] { return exact }
            if byLowercasedPath == nil {
                byLowercasedPath = Dictionary(scanned.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
            }
            return byLowercasedPath?[path.lowercased()]
        }
        // Each module's files as displayed, once: a library's are part of every program linking it.
        var displayedFiles: [ModuleID: [String]] = [:]
        func displayed(_ id: ModuleID) -> [String] {
            if let known = displayedFiles[id] { return known }
            let files = module(id).files.compactMap(display)
            displayedFiles[id] = files
            return files
        }
        let ids = projects.indices.flatMap { p in projects[p].modules.indices.map { ModuleID(project: p, module: $0) } }
        var links: [ModuleID: [ModuleID]] = [:]
        var sees: [ModuleID: [ModuleID]] = [:]
        for id in ids {
            links[id] = module(id).links.flatMap { resolve($0, from: id.project) }
            sees[id] = module(id).sees.flatMap { resolve($0, from: id.project) }
        }
        let libraries = ids.reduce(into: [ModuleID: Set<ModuleID>]()) { result, id in
            result[id] = linkedLibraries(of: id, links: links)
        }
        let linkedByNonTests = ids.filter { ![.library, .tests].contains(module($0).kind) }
            .reduce(into: Set<ModuleID>()) { $0.formUnion(libraries[$1] ?? []) }
        // A program none of whose files is scanned has nothing to analyse.
        let compiledFiles = ids.filter { module($0).kind != .library || !linkedByNonTests.contains($0) }
            .reduce(into: [ModuleID: [String]]()) { result, id in
                var files = Set(displayed(id))
                for library in libraries[id] ?? [] { files.formUnion(displayed(library)) }
                if !files.isEmpty { result[id] = Array(files) }
            }
        let names = programNames(compiledFiles.keys.sorted())

        var programs: [Program] = []
        for (id, files) in compiledFiles {
            let project = projects[id.project]
            programs.append(Program(
                name: names[id]!, kind: module(id).kind, source: project.source.rawValue,
                descriptionPath: project.descriptionPath, files: files,
                sees: Array(Set((sees[id] ?? []).compactMap { names[$0] }))))
        }
        programs = mergingCopies(programs)
        let compiled = Set(programs.flatMap(\.files))
        var uncompiled: [String] = []
        var undescribed: [String] = []
        for (path, display) in scanned where !compiled.contains(display) {
            let owners = projects.indices.filter { FilePath.isInside(path, projects[$0].scope) }
            let name = FilePath.lastComponent(path)
            let isTuistManifest = projects.contains { project in
                project.manifestPaths.contains { path == $0 || FilePath.isInside(path, $0) }
            }
            if name == "Package.swift" || name.hasPrefix("Package@swift") || isTuistManifest {
                // A manifest describes the build; no program runs it.
                uncompiled.append(display)
                continue
            }
            // A description read only in part may compile the file in the part not read: analyse
            // it by the fallback rather than drop it.
            if !owners.isEmpty, owners.allSatisfy({ projects[$0].isReadWhole && !misread.contains($0) }) {
                uncompiled.append(display)
            } else {
                undescribed.append(display)
            }
        }
        let allNotes = Set(projects.flatMap(\.notes) + notes).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        return ProgramMap(programs: programs, uncompiled: uncompiled, undescribed: undescribed, notes: allNotes)
    }

    private func module(_ id: ModuleID) -> Module { projects[id.project].modules[id.module] }

    /// One program described twice (a package and its Xcode project, a target per platform):
    /// the same kind and files are analysed once, under the first name, the others noted.
    private mutating func mergingCopies(_ programs: [Program]) -> [Program] {
        struct Key: Hashable {
            var kind: Program.Kind
            var files: [String]
        }
        let groups = Dictionary(grouping: programs.sorted { $0.name < $1.name }) { Key(kind: $0.kind, files: $0.files) }
        var renamed: [String: String] = [:]
        var kept: [Program] = []
        for (_, copies) in groups {
            var first = copies[0]
            for copy in copies.dropFirst() {
                renamed[copy.name] = first.name
                first.sees = Array(Set(first.sees + copy.sees)).sorted()
            }
            if copies.count > 1 {
                let location = SourceLocation(file: first.descriptionPath ?? first.name, line: 1, column: 1)
                notes.append(
                    ProgramNote(
                        message:
                            "\(copies.dropFirst().map { "'\($0.name)'" }.joined(separator: ", ")) compile the same files as '\(first.name)': analysed once, as '\(first.name)'",
                        location: location))
            }
            kept.append(first)
        }
        return kept.map { program in
            var program = program
            program.sees = Array(Set(program.sees.map { renamed[$0] ?? $0 }).subtracting([program.name])).sorted()
            return program
        }
    }

    private mutating func resolve(_ reference: ModuleReference, from project: Int) -> [ModuleID] {
        switch reference {
        case .local(let name, let required, let at):
            if let index = projects[project].modules.firstIndex(where: { $0.name == name }) {
                return [ModuleID(project: project, module: index)]
            }
            if required { notes.append(ProgramNote(message: "'\(name)' names no target of this project", location: at)) }
            return []
        case .otherTuistProject(let directory, let display, let target, let at):
            guard let p = projects.firstIndex(where: { $0.source == .tuist && $0.scope == directory }) else {
                notes.append(
                    ProgramNote(
                        message: "'\(target)' of \(display)/Project.swift is linked, but that project is not in the scan: its files are not analysed",
                        location: at))
                return []
            }
            let found = projects[p].modules.indices.filter { projects[p].modules[$0].name == target }
            if found.isEmpty {
                notes.append(ProgramNote(message: "'\(target)' names no target of \(projects[p].descriptionPath)", location: at))
                misread.insert(p)
            }
            return found.map { ModuleID(project: p, module: $0) }
        case .otherXcodeProject(let projectPath, let target, let at):
            let name = FilePath.lastComponent(projectPath)
            guard let p = projects.firstIndex(where: {
                $0.source == .xcodeProject && $0.scope == FilePath.parent(projectPath)
                    && FilePath.lastComponent($0.descriptionPath) == name
            }) else {
                notes.append(
                    ProgramNote(
                        message: "'\(target)' of \(name) is linked, but \(name) is not in the scan: its files are not analysed",
                        location: at))
                return []
            }
            return projects[p].modules.indices.filter { projects[p].modules[$0].name == target }
                .map { ModuleID(project: p, module: $0) }
        case .builtProduct(let file, _):
            // Every target of a scanned Xcode project producing that file (none: an SDK framework,
            // a pod, a project outside the scan; nothing to say).
            // In a workspace, only its projects; a project in none may take any (no workspace
            // was scanned, or it is built from one digraph did not find).
            let projects = projects
            func xcodeProject(_ p: Int) -> String { FilePath.join(projects[p].scope, FilePath.lastComponent(projects[p].descriptionPath)) }
            let shared = workspaces.filter { $0.projects.contains(xcodeProject(project)) }
            let builders = projects.indices.filter { p in
                p != project && projects[p].source == .xcodeProject
                    && (shared.isEmpty || shared.contains { $0.projects.contains(xcodeProject(p)) })
            }
            return builders.flatMap { p in
                projects[p].modules.indices.filter { projects[p].modules[$0].productFile == file }
                    .map { ModuleID(project: p, module: $0) }
            }
        case .pod(let directory, let name):
            guard let p = projects.firstIndex(where: { $0.source == .cocoapods && $0.scope == directory }) else { return [] }
            return projects[p].modules.indices.filter { projects[p].modules[$0].name == name }.map { ModuleID(project: p, module: $0) }
        case .packageProduct(let directory, let product):
            // A package outside the scan is never read: its files are not scanned either. A path
            // naming no package at all (MyAuto's features all say `../../GlobalServiceLocator` for
            // `Features/GlobalServiceLocator`) builds in Xcode only because a local package of the
            // same identity in the project stands in for it: that one, when the scan has one.
            guard let p = projects.firstIndex(where: { $0.source == .package && $0.scope == directory })
                ?? sameIdentityPackage(as: directory)
            else { return [] }
            let targets = projects[p].products[product] ?? [product]
            return targets.compactMap { name in
                projects[p].modules.firstIndex { $0.name == name }.map { ModuleID(project: p, module: $0) }
            }
        }
    }

    /// The one scanned package whose identity (its folder's name, case-insensitively) is that of
    /// `directory`, when `directory` holds no manifest; nil otherwise.
    private func sameIdentityPackage(as directory: String) -> Int? {
        guard !FileSystem.exists(FilePath.join(directory, "Package.swift")) else { return nil }
        let identity = FilePath.lastComponent(directory).lowercased()
        let matches = projects.indices.filter {
            projects[$0].source == .package && FilePath.lastComponent(projects[$0].scope).lowercased() == identity
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Libraries compiled into `id`: its linked libraries and theirs. Apps, extensions and tools it
    /// depends on are embedded or run beside it, not compiled into it.
    private func linkedLibraries(of id: ModuleID, links: [ModuleID: [ModuleID]]) -> Set<ModuleID> {
        var seen: Set<ModuleID> = []
        var stack = links[id] ?? []
        while let next = stack.popLast() {
            guard module(next).kind == .library, next != id, seen.insert(next).inserted else { continue }
            stack += links[next] ?? []
        }
        return seen
    }

    /// Target names, qualified by their description (`Examples/Foo/Package.swift:App`) only when
    /// two programs of the scan share one.
    private func programNames(_ ids: [ModuleID]) -> [ModuleID: String] {
        let counts = Dictionary(ids.map { (module($0).name, 1) }, uniquingKeysWith: +)
        return Dictionary(uniqueKeysWithValues: ids.map { id in
            let name = module(id).name
            return (id, counts[name]! > 1 ? "\(projects[id.project].descriptionPath):\(name)" : name)
        })
    }
}
