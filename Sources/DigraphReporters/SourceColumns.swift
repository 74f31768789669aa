import DigraphCore

/// digraph counts columns in UTF-8 bytes (as swiftc and SwiftSyntax do); SARIF viewers and
/// GitHub count UTF-16 code units. The two agree on ASCII and differ after `é` (2 bytes, 1 unit)
/// or an emoji (4 bytes, 2 units).
enum SourceColumns {
    /// The 1-based UTF-16 column of a 1-based UTF-8 byte column in `line`.
    ///
    /// Without the line's text the column is returned unchanged (right for ASCII lines). A column
    /// inside a multi-byte character points at that character; one past the end of the line keeps
    /// its distance from the end.
    static func utf16Column(fromUTF8Column column: Int, in line: String?) -> Int {
        guard column > 1, let line else { return max(1, column) }
        let target = column - 1  // bytes before the position
        var bytes = 0
        var units = 0
        for scalar in line.unicodeScalars {
            if bytes == target { return units + 1 }
            let width = UTF8.width(scalar)
            if bytes + width > target { return units + 1 }  // inside this character: point at it
            bytes += width
            units += UTF16.width(scalar)
        }
        return units + (target - bytes) + 1
    }

    /// The UTF-16 column of a location, reading its line through the context when available.
    static func utf16Column(of location: SourceLocation, context: ReportContext) -> Int {
        utf16Column(fromUTF8Column: location.column, in: context.sourceLine(location.file, location.line))
    }
}
