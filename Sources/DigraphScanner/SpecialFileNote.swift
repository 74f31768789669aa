import DigraphCache
import DigraphCore

/// A named pipe, a device or a socket called `X.swift` in a scanned folder is not read (a pipe
/// would block the scan until a writer came): its facts carry only ``FileFacts/notAnalysed``,
/// which `check` prints as a note, and the run goes on. One named on the command line is refused
/// instead (exit 2), before the scan.
enum SpecialFileNote {
    static func facts(path: String, kind: String) -> FileFacts {
        var facts = FileFacts(file: path)
        facts.notAnalysed = FileNote(location: SourceLocation(file: path, line: 1, column: 1), message: "\(kind): not analysed")
        return facts
    }

    /// Stands for the bytes in such a file's cache key: no Swift file's digest is this one's.
    static let keyMarker = Array("digraph: not a regular file".utf8)
}
