import Foundation

extension OutputWriter {
    /// Bytes (a PNG, a PDF, an SVG) to stdout, or to a file atomically: a reader never sees a
    /// half-written file, and on failure the previous file is untouched.
    static func write(_ data: Data, to path: String?) throws(DigraphError) {
        guard let path else {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .output(path: path, reason: "directory \(directory.path) does not exist") }
        do {
            // `.atomic` writes a temporary file beside the target and renames it into place.
            try data.write(to: url, options: .atomic)
        } catch {
            throw .output(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
    }
}
