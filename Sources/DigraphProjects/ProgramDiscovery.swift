import DigraphCore
import Foundation

/// Finds the programs of a scan from the project's own descriptions: `Package.swift`,
/// `*.xcodeproj/project.pbxproj`, XcodeGen `project.yml` and playgrounds, inside the scanned
/// roots and the nearest one above each root. Nothing is executed or built.
public struct ProgramDiscovery {
    public var currentDirectory: URL

    public init(currentDirectory: URL) {
        self.currentDirectory = currentDirectory
    }

    /// - Parameters:
    ///   - roots: the paths the user asked to scan (folders or files).
    ///   - files: every Swift file that will be scanned, with its display path (relative to
    ///     `currentDirectory`, forward slashes) and its URL.
    /// - Throws: a description that cannot be read at all (malformed pbxproj, invalid YAML, a
    ///   manifest that does not parse), at its position.
    public func discover(roots: [URL], files: [(display: String, url: URL)]) throws(ProjectError) -> ProgramMap {
        let base = FilePath.of(currentDirectory)
        var scanned: [String: String] = [:]
        for file in files { scanned[FilePath.of(file.url)] = file.display }

        let found = DescriptionFinder().find(roots: roots.map { FilePath.of($0) })
        var projects: [DescribedProject] = []
        var skippedNotes: [ProgramNote] = []
        for description in found {
            let display = FilePath.display(description.path, currentDirectory: base)
            switch description.kind {
            case .package:
                projects.append(try PackageReader.read(manifestPath: description.path, display: display))
            case .playground:
                projects.append(PlaygroundReader.read(path: description.path, display: display))
            case .xcodeProject:
                projects.append(try XcodeProjectReader.read(projectPath: description.path, display: display))
            case .xcodeGen:
                // The generated project, when present, is exact; the spec would be a second reading.
                if let generated = found.first(where: { $0.kind == .xcodeProject && $0.scope == description.scope }) {
                    let name = FilePath.lastComponent(generated.path)
                    skippedNotes.append(ProgramNote(
                        message: "project.yml not read: \(name) beside it is read instead",
                        location: SourceLocation(file: display, line: 1, column: 1)))
                    continue
                }
                projects.append(try XcodeGenReader.read(specPath: description.path, display: display))
            }
        }
        guard !projects.isEmpty else { return .undescribed(files.map(\.display)) }
        var assembler = ProgramAssembler(projects: projects, notes: skippedNotes)
        return assembler.assemble(scanned: scanned)
    }
}
