import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line and column of a position, as SwiftSyntax's `SourceLocationConverter` gives them (lines end
/// at `\n`, `\r` or `\r\n`; columns count UTF-8 bytes from 1), found from the file's bytes in one
/// pass the first time a location is asked for, instead of a walk over every token's trivia
/// before extraction starts.
struct LineTable {
    /// Offsets just after each line break.
    private let lineEnds: [Int]
    private let length: Int

    /// From the text the tree was parsed from (the same bytes as the tree's).
    init(text: String) {
        var text = text
        self = text.withUTF8 { LineTable(buffer: $0) }
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { LineTable(buffer: $0) }
    }

    private init(buffer: UnsafeBufferPointer<UInt8>) {
        var ends: [Int] = []
        var i = 0
        let count = buffer.count
        length = count
        // Nearly every file ends its lines with `\n` alone: then the C library's `memchr` finds
        // them many bytes at a time.
        if let base = buffer.baseAddress, memchr(base, Int32(UInt8(ascii: "\r")), count) == nil {
            while i < count, let found = memchr(base + i, Int32(UInt8(ascii: "\n")), count - i) {
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                ends.append(i)
            }
            lineEnds = ends
            return
        }
        while i < count {
            let byte = buffer[i]
            i += 1
            if byte == UInt8(ascii: "\n") {
                ends.append(i)
            } else if byte == UInt8(ascii: "\r") {
                if i < count && buffer[i] == UInt8(ascii: "\n") { i += 1 }
                ends.append(i)
            }
        }
        lineEnds = ends
    }

    struct Location {
        var line: Int
        var column: Int
    }

    func location(for position: AbsolutePosition) -> Location {
        let offset = max(0, min(position.utf8Offset, length))
        // The number of line ends at or before the offset.
        var low = 0
        var high = lineEnds.count
        while low < high {
            let mid = (low + high) / 2
            if lineEnds[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        let lineStart = low == 0 ? 0 : lineEnds[low - 1]
        return Location(line: low + 1, column: offset - lineStart + 1)
    }
}
