import DigraphCore
import Foundation

/// A Swift file that is not UTF-8 (a Latin-1 comment, a stray binary named `.swift`) is not
/// analysed, and the run goes on: its facts carry only ``FileFacts/notAnalysed``, a note at the
/// first invalid byte, which `check` prints like a file nested too deeply. One such file used to
/// stop the whole run; `--strict-encoding` still does (see ``isEncodingNote(_:)``).
public enum EncodingNote {
    /// How every such note begins: what tells it from the other reasons a file is not analysed.
    public static let messagePrefix = "not valid UTF-8"

    public static func isEncodingNote(_ note: FileNote) -> Bool { note.message.hasPrefix(messagePrefix) }

    /// The facts of a file whose bytes are not UTF-8.
    static func facts(path: String, bytes: Data) -> FileFacts {
        let first = firstInvalidByte(bytes)
        var facts = FileFacts(file: path)
        facts.notAnalysed = FileNote(
            location: SourceLocation(file: path, line: first.line, column: first.column),
            message: "\(messagePrefix) (first invalid byte at offset \(first.offset)): not analysed; save it as UTF-8 to have it checked")
        return facts
    }

    /// Where the first byte that is not UTF-8 is: its offset, and its line and column (in bytes,
    /// as the scanner counts them), for a message that points at it.
    public static func firstInvalidByte(_ bytes: Data) -> (offset: Int, line: Int, column: Int) {
        let offset = SourceReader.firstInvalidUTF8Offset(bytes)
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (offset, line, offset - lineStart + 1)
    }
}
