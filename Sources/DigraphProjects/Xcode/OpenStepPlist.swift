/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`, with the
/// 1-based line and column (UTF-8 bytes) where it starts, so notes can point into the file.
struct PlistValue {
    enum Content {
        case string(String)
        case array([PlistValue])
        case dictionary([String: PlistValue])
    }

    var content: Content
    var line: Int
    var column: Int

    var string: String? {
        if case .string(let value) = content { return value }
        return nil
    }

    var array: [PlistValue]? {
        if case .array(let value) = content { return value }
        return nil
    }

    var dictionary: [String: PlistValue]? {
        if case .dictionary(let value) = content { return value }
        return nil
    }

    subscript(key: String) -> PlistValue? { dictionary?[key] }
}

/// Parses OpenStep property lists: `{ key = value; }`, `( a, b, )`, quoted strings with escapes,
/// unquoted strings, `<hex data>`, `/* */` and `//` comments. Foundation can read the format
/// too but gives no positions: a malformed file must be reported at its exact line and column.
struct OpenStepPlistParser {
    /// Dictionaries and arrays nest at most this deep (a real project file: 4 levels); deeper is
    /// an error at the opening that goes past it, never a stack overflow.
    static let maxDepth = 256

    private let bytes: [UInt8]
    private let file: String
    private var depth = 0
    private var index = 0
    private var line = 1
    private var lineStart = 0

    static func parse(_ text: String, file: String) throws(ProjectError) -> PlistValue {
        var parser = OpenStepPlistParser(bytes: Array(text.utf8), file: file)
        try parser.skipTrivia()
        let root = try parser.value()
        try parser.skipTrivia()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the property list")
        }
        return root
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var column: Int { index - lineStart + 1 }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> ProjectError {
        ProjectError(file: file, line: line ?? self.line, column: column ?? self.column,
                     message: "malformed project file: \(message)")
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        // A project file committed in the middle of a merge: the cause, not the character.
        if index == lineStart, let marker = Self.conflictMarkers.first(where: { bytes[index...].starts(with: $0.utf8) }) {
            return "an unresolved merge conflict marker '\(marker)' (resolve the conflict in the project file)"
        }
        if byte < 0x80, byte >= 0x20 { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private static let conflictMarkers = ["<<<<<<<", "=======", ">>>>>>>", "|||||||"]

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipTrivia() throws(ProjectError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                advance()
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while let next = current, next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let (startLine, startColumn) = (line, column)
                advance(); advance()
                while true {
                    guard let next = current else {
                        throw error("unterminated comment", line: startLine, column: startColumn)
                    }
                    if next == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        advance(); advance()
                        break
                    }
                    advance()
                }
            default:
                return
            }
        }
    }

    private mutating func value() throws(ProjectError) -> PlistValue {
        let (startLine, startColumn) = (line, column)
        func at(_ content: PlistValue.Content) -> PlistValue {
            PlistValue(content: content, line: startLine, column: startColumn)
        }
        switch current {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            depth += 1
            defer { depth -= 1 }
            if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
            return current == UInt8(ascii: "{") ? at(.dictionary(try dictionary())) : at(.array(try array()))
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return at(.string(try quotedString()))
        case UInt8(ascii: "<"): return at(.string(try data()))
        case let byte? where Self.isUnquoted(byte): return at(.string(unquotedString()))
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func dictionary() throws(ProjectError) -> [String: PlistValue] {
        let (openLine, openColumn) = (line, column)
        advance()
        var entries: [String: PlistValue] = [:]
        while true {
            try skipTrivia()
            switch current {
            case nil:
                throw error("unexpected end of file: the dictionary opened at \(openLine):\(openColumn) is not closed")
            case UInt8(ascii: "}"):
                advance()
                return entries
            default:
                guard let byte = current, Self.isUnquoted(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                    throw error("expected a key or '}', found \(describeCurrent())")
                }
                let key = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") ? try quotedString() : unquotedString()
                try skipTrivia()
                guard current == UInt8(ascii: "=") else {
                    throw error("expected '=' after the key '\(key)', found \(describeCurrent())")
                }
                advance()
                try skipTrivia()
                entries[key] = try value()
                try skipTrivia()
                guard current == UInt8(ascii: ";") else {
                    throw error("expected ';' after the value of '\(key)', found \(describeCurrent())")
                }
                advance()
            }
        }
    }

    private mutating func array() throws(ProjectError) -> [PlistValue] {
        let (openLine, openColumn) = (line, column)
        advance()
        var elements: [PlistValue] = []
        while true {
            try skipTrivia()
            switch current {
            case nil:
                throw error("unexpected end of file: the array opened at \(openLine):\(openColumn) is not closed")
            case UInt8(ascii: ")"):
                advance()
                return elements
            default:
                elements.append(try value())
                try skipTrivia()
                switch current {
                case UInt8(ascii: ","): advance()
                case UInt8(ascii: ")"): continue
                default: throw error("expected ',' or ')' in the array, found \(describeCurrent())")
                }
            }
        }
    }

    private mutating func quotedString() throws(ProjectError) -> String {
        let quote = bytes[index]
        let (startLine, startColumn) = (line, column)
        advance()
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string", line: startLine, column: startColumn) }
            if byte == quote {
                advance()
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                advance()
                try escape(into: &out, stringLine: startLine, stringColumn: startColumn)
            } else {
                out.append(byte)
                advance()
            }
        }
    }

    /// After a backslash: `\n \t \r \" \\ \a \b \f \v`, `\Uxxxx`, octal `\ooo`; any other
    /// character stands for itself.
    private mutating func escape(into out: inout [UInt8], stringLine: Int, stringColumn: Int) throws(ProjectError) {
        guard let byte = current else { throw error("unterminated string", line: stringLine, column: stringColumn) }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "a"): 0x07,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B,
        ]
        if let replacement = simple[byte] {
            out.append(replacement)
            advance()
        } else if byte == UInt8(ascii: "U") || byte == UInt8(ascii: "u") {
            let (escapeLine, escapeColumn) = (line, column - 1)
            advance()
            var scalar: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = current.flatMap(Self.hexValue) else {
                    throw error("'\\U' needs four hexadecimal digits", line: escapeLine, column: escapeColumn)
                }
                scalar = scalar * 16 + UInt32(digit)
                advance()
            }
            out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        } else if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) {
            var value: UInt32 = 0
            var digits = 0
            while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
                value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                digits += 1
                advance()
            }
            out += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
        } else {
            out.append(byte)
            advance()
        }
    }

    private mutating func data() throws(ProjectError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        var hex = ""
        while let byte = current, byte != UInt8(ascii: ">") {
            if Self.hexValue(byte) != nil {
                hex.append(Character(Unicode.Scalar(byte)))
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte) {
                throw error("unexpected \(describeCurrent()) in data")
            }
            advance()
        }
        guard current != nil else { throw error("unterminated data", line: startLine, column: startColumn) }
        advance()
        return hex
    }

    private mutating func unquotedString() -> String {
        let start = index
        while let byte = current, Self.isUnquoted(byte) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
