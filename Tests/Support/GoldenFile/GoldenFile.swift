import Foundation

/// A committed file that a test compares its output with, byte for byte (a DOT rendering,
/// docs/rules.md).
///
/// A test run never writes one. To accept an intended change, run `make goldens` (refused when
/// `CI` is set): it runs the golden tests with `DIGRAPH_GOLDEN_ACTUAL` naming a scratch folder
/// outside the repository, where each differing test leaves what it produced, then copies those
/// files over the goldens for review.
public enum GoldenFile {
    /// The repository this file belongs to.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // GoldenFile
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The variable `make goldens` sets; anything else that sets it only gets a scratch copy.
    public static let actualFolderVariable = "DIGRAPH_GOLDEN_ACTUAL"

    /// Why `produced` is not the golden at `path` (relative to the repository root), or nil when
    /// it is, byte for byte. Tests expect nil.
    public static func mismatch(_ produced: Data, golden path: String) -> String? {
        let golden = repository.appendingPathComponent(path)
        guard let committed = FileManager.default.contents(atPath: golden.path) else {
            return "no golden \(path): run `make goldens`, review it and commit it"
        }
        guard produced != committed else { return nil }
        var message = "\(path) differs from what the code produces (first difference at byte "
            + "\(firstDifference(produced, committed))); if the change is intended, run `make goldens` and review the diff"
        if let folder = ProcessInfo.processInfo.environment[actualFolderVariable], !folder.isEmpty {
            do {
                message += "; produced bytes written to " + (try writeActual(produced, path: path, folder: folder)).path
            } catch {
                message += "; \(error)"
            }
        }
        return message
    }

    public static func mismatch(_ produced: String, golden path: String) -> String? {
        mismatch(Data(produced.utf8), golden: path)
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// Under `folder`, at the golden's repository path; never inside the repository.
    static func writeActual(_ data: Data, path: String, folder: String) throws -> URL {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        let root = repository.standardizedFileURL.resolvingSymlinksInPath()
        guard base.path != root.path, !base.path.hasPrefix(root.path + "/") else {
            throw Refused(description: "\(actualFolderVariable) is inside the repository: nothing written")
        }
        let url = base.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    static func firstDifference(_ a: Data, _ b: Data) -> Int {
        for (i, (x, y)) in zip(a, b).enumerated() where x != y { return i }
        return min(a.count, b.count)
    }
}
