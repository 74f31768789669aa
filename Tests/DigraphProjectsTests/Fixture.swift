import DigraphCore
import DigraphProjects
import Foundation
import Testing

/// A project tree written into a fresh temporary folder from strings, removed when released.
/// The folder holds `.git`, so the walk up from a root stops there as in a real checkout.
final class Fixture {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("digraph-projects-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var path: String { root.standardizedFileURL.path }

    /// Writes `contents` at `relativePath`, creating folders; Swift files default to a one-liner.
    @discardableResult
    func write(_ relativePath: String, _ contents: String = "let x = 1\n") throws -> Fixture {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return self
    }

    func swiftFiles(_ relativePaths: [String]) throws {
        for path in relativePaths { try write(path) }
    }

    /// Every `.swift` below `under` (relative to the fixture), as the CLI would scan it.
    func scannedFiles(under: String = ".") -> [(display: String, url: URL)] {
        let base = root.appendingPathComponent(under).standardizedFileURL
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        var out: [(display: String, url: URL)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/.git/") else { continue }
            let standardized = url.standardizedFileURL
            out.append((String(standardized.path.dropFirst(path.count + 1)), standardized))
        }
        return out.sorted { $0.display < $1.display }
    }

    /// Discovery as the CLI runs it from the fixture's folder: `roots` relative to it, scanning
    /// every Swift file below them unless `files` says otherwise.
    func discover(roots: [String] = ["."], files: [String]? = nil) throws(ProjectError) -> ProgramMap {
        let scanned = files.map { $0.map { (display: $0, url: root.appendingPathComponent($0).standardizedFileURL) } }
            ?? roots.flatMap { scannedFiles(under: $0) }
        return try ProgramDiscovery(currentDirectory: root)
            .discover(roots: roots.map { root.appendingPathComponent($0).standardizedFileURL }, files: scanned)
    }
}

extension ProgramMap {
    func program(_ name: String) -> Program? { programs.first { $0.name == name } }
    var names: [String] { programs.map(\.name) }
}

/// The error a throwing discovery gave, or nil.
func projectError(_ body: () throws(ProjectError) -> ProgramMap) -> ProjectError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
