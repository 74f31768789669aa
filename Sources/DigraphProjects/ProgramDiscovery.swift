import DigraphCore
import Foundation

/// Finds the programs of a scan from the project's own descriptions: `Package.swift`,
/// `*.xcodeproj/project.pbxproj`, XcodeGen specs, Tuist `Project.swift`, playgrounds, a Podfile's
/// development pods and Bazel or Buck workspaces, inside the scanned
/// roots and the nearest one above each root. Nothing is executed or built.
public struct ProgramDiscovery {
    public var currentDirectory: URL
    /// Parsed descriptions kept between runs; nil: every description is parsed.
    public var cache: DescriptionCache?
    /// Threads the descriptions are read on.
    public var jobs: Int
    /// Records what the readers ask the file system, on every thread they read on.
    public var journal: FileSystemJournal?

    public init(currentDirectory: URL, cache: DescriptionCache? = nil, jobs: Int = 1, journal: FileSystemJournal? = nil) {
        self.currentDirectory = currentDirectory
        self.cache = cache
        self.jobs = jobs
        self.journal = journal
    }

    /// - Parameters:
    ///   - roots: the paths the user asked to scan (folders or files).
    ///   - files: every Swift file that will be scanned, with its display path (relative to
    ///     `currentDirectory`, forward slashes) and its URL.
    /// - Throws: a description that cannot be read at all (malformed pbxproj, invalid YAML, a
    ///   manifest that does not parse), at its position.
    public func discover(roots: [URL], files: [(display: String, url: URL)]) throws(ProjectError) -> ProgramMap {
        try discover(roots: roots, files: files, descriptions: findDescriptions(roots: roots))
    }

    /// The project descriptions of a scan (see ``DescriptionFinder``), found apart so that a
    /// caller can look for them while it lists the Swift files.
    public struct Descriptions: Sendable {
        fileprivate var found: DescriptionFinder.Result
    }

    public func findDescriptions(roots: [URL]) -> Descriptions {
        Descriptions(found: DescriptionFinder().find(roots: roots.map { FilePath.of($0) }))
    }

    /// `descriptions`: from ``findDescriptions(roots:)`` for the same roots.
    public func discover(roots: [URL], files: [(display: String, url: URL)], descriptions: Descriptions)
        throws(ProjectError) -> ProgramMap
    {
        try discover(files: files.map { ($0.display, $0.url.path) }, read: read(descriptions))
    }

    /// The descriptions of a scan, read (or failed): what needs no list of the Swift files, so
    /// that a caller can read them while it lists the files.
    public struct ReadDescriptions: Sendable {
        fileprivate var found: DescriptionFinder.Result
        fileprivate var ordered: [DescriptionFinder.Found]
        fileprivate var displays: [String]
        fileprivate var readAt: [Int: Result<DescribedProject, ProjectError>]
        fileprivate var tuistHelpers: TuistHelperFiles
    }

    public func read(_ descriptions: Descriptions) -> ReadDescriptions {
        let base = FilePath.of(currentDirectory)
        let found = descriptions.found
        // Generators' descriptions (XcodeGen, Tuist) last: a generated .xcodeproj beside one is
        // exact and read instead.
        let ordered = found.descriptions.filter { !$0.kind.generatesXcodeProject } + found.descriptions.filter(\.kind.generatesXcodeProject)
        let displays = ordered.map { FilePath.display($0.path, currentDirectory: base) }
        // Every description is read whatever the others hold, but a project.yml with an .xcodeproj
        // beside it (which may be read instead): read on `jobs` threads (a tree of many apps holds
        // many), then taken in order as before, so the first that cannot be read is still the one
        // reported.
        let xcodeProjectScopes = Set(ordered.filter { $0.kind == .xcodeProject }.map(\.scope))
        let early = ordered.indices.filter {
            !ordered[$0].kind.generatesXcodeProject || !xcodeProjectScopes.contains(ordered[$0].scope)
        }
        // The costliest first, so that no long read is left for one thread at the end: a
        // project.yml (its source globs walk folders), then by the description's size.
        let cost = early.map { i -> Int in
            let path = ordered[i].kind == .xcodeProject ? ordered[i].path + "/project.pbxproj" : ordered[i].path
            return ordered[i].kind.generatesXcodeProject ? Int.max : FileSystem.size(path)
        }
        let costliestFirst = early.indices.sorted { (cost[$0], $1) > (cost[$1], $0) }
        let tuistHelpers = TuistHelperFiles()
        let readEarly = ParallelMap.map(early.count, jobs: jobs, order: costliestFirst) { n in
            FileSystemJournal.recording(journal) {
                Result { () throws(ProjectError) -> DescribedProject in
                    try read(ordered[early[n]], display: displays[early[n]], tuistHelpers: tuistHelpers)
                }
            }
        }
        return ReadDescriptions(
            found: found, ordered: ordered, displays: displays, readAt: Dictionary(uniqueKeysWithValues: zip(early, readEarly)),
            tuistHelpers: tuistHelpers)
    }

    /// `read`: from ``read(_:)`` of the descriptions found for the scan's roots. `files`: absolute
    /// paths.
    public func discover(files: [(display: String, path: String)], read descriptions: ReadDescriptions)
        throws(ProjectError) -> ProgramMap
    {
        var scanned: [String: String] = [:]
        scanned.reserveCapacity(files.count)
        // The paths are absolute and standard already (see SourceDiscovery): Foundation's
        // `standardizedFileURL` for each of tens of thousands cost more than the readers.
        for file in files { scanned[FilePath.normalize(file.path)] = file.display }
        let (found, ordered, displays, readAt) = (descriptions.found, descriptions.ordered, descriptions.displays, descriptions.readAt)
        var projects: [DescribedProject] = []
        var notes: [ProgramNote] = []
        for (i, description) in ordered.enumerated() {
            let display = displays[i]
            if description.kind.generatesXcodeProject,
               let generated = projects.first(where: { $0.source == .xcodeProject && $0.scope == description.scope }) {
                notes.append(ProgramNote(
                    message: "\(FilePath.lastComponent(description.path)) not read: \(FilePath.lastComponent(generated.descriptionPath)) beside it is read instead",
                    location: SourceLocation(file: display, line: 1, column: 1)))
                continue
            }
            let project: DescribedProject
            if let read = readAt[i] {
                project = try read.get()
            } else {
                project = try read(description, display: display, tuistHelpers: descriptions.tuistHelpers)
            }
            if let enclosed = found.enclosing[description], !project.compilesFiles(under: enclosed) { continue }
            // A Bazel or Buck workspace with no Swift target (a backend's, beside an app built
            // otherwise) says nothing about the Swift files under it.
            if [.bazel, .buck].contains(project.source), project.modules.isEmpty, project.notes.isEmpty { continue }
            projects.append(project)
        }
        guard projects.contains(where: { $0.source != .cocoapods }) else { return .undescribed(files.map(\.display)) }
        PodfileLinks.attach(to: &projects)
        var assembler = ProgramAssembler(projects: projects, notes: notes, workspaces: found.workspaces.compactMap(XcodeWorkspace.read))
        return assembler.assemble(scanned: scanned)
    }

    /// Whether a scanned Swift file describes the build rather than being compiled into a program:
    /// `Package.swift` and its versioned variants, Tuist's manifests, helpers and plugins.
    /// `display`: a display path.
    public static func isManifest(_ display: String) -> Bool {
        let name = FilePath.lastComponent(display)
        if name == "Package.swift" || name.hasPrefix("Package@swift") { return true }
        if ["Project.swift", "Workspace.swift", "Tuist.swift", "Plugin.swift"].contains(name) { return true }
        let folders = display.split(separator: "/").dropLast()
        return folders.contains("ProjectDescriptionHelpers") || folders.first == "Tuist" || folders.contains("Tuist")
    }

    private func read(
        _ description: DescriptionFinder.Found, display: String, tuistHelpers: TuistHelperFiles
    ) throws(ProjectError) -> DescribedProject {
        switch description.kind {
        case .package: try PackageReader.read(manifestPath: description.path, display: display, cache: cache)
        case .xcodeProject: try XcodeProjectReader.read(projectPath: description.path, display: display, cache: cache)
        case .xcodeGen: try XcodeGenReader.read(specPath: description.path, display: display)
        case .playground: PlaygroundReader.read(path: description.path, display: display)
        case .podfile: try PodfileReader.read(path: description.path, display: display)
        case .bazel:
            try BazelReader.read(markerPath: description.path, display: display, currentDirectory: FilePath.of(currentDirectory))
        case .tuist:
            try TuistReader.read(
                manifestPath: description.path, display: display, currentDirectory: FilePath.of(currentDirectory), helpers: tuistHelpers)
        }
    }
}
