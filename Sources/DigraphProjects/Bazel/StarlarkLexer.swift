/// Starlark source (Bazel's `BUILD`/`.bzl`, Buck's `BUCK`) -> tokens, with Python's layout rules:
/// `newline` ends a statement outside brackets, `indent`/`dedent` open and close blocks.
struct StarlarkToken: Equatable {
    enum Kind: Equatable {
        case name(String)
        case string(String)
        case int(Int)
        case float
        /// An operator or punctuation: `(`, `==`, `**`, `+=`, ...
        case symbol(String)
        case newline, indent, dedent, end
    }

    var kind: Kind
    var line: Int
    var column: Int
}

struct StarlarkSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String
}

struct StarlarkLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var indents = [0]
    private var tokens: [StarlarkToken] = []

    /// Longest first, so that `**=` is not read as `**` then `=`.
    private static let symbols: [(text: String, bytes: [UInt8])] = [
        "//=", "**=", "<<=", ">>=",
        "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "//", "**", "<<", ">>", "->",
        "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "=", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";",
    ].map { ($0, Array($0.utf8)) }

    init(_ source: String) { bytes = Array(source.utf8) }

    static func tokenize(_ source: String) throws(StarlarkSyntaxError) -> [StarlarkToken] {
        var lexer = StarlarkLexer(source)
        try lexer.run()
        return lexer.tokens
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> StarlarkSyntaxError {
        StarlarkSyntaxError(line: line, column: column, message: message)
    }

    private mutating func emit(_ kind: StarlarkToken.Kind, column: Int) {
        tokens.append(StarlarkToken(kind: kind, line: line, column: column))
    }

    private mutating func run() throws(StarlarkSyntaxError) {
        var atLineStart = true
        while index < bytes.count {
            if atLineStart {
                atLineStart = false
                if try indentation() { continue }
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\\") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                index += 2
                newLine()
            case UInt8(ascii: "\\") where index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\r") && bytes[index + 2] == UInt8(ascii: "\n"):
                index += 3
                newLine()
            case UInt8(ascii: "\n"):
                if depth == 0, let last = tokens.last, last.kind != .newline {
                    emit(.newline, column: column)
                }
                index += 1
                newLine()
                // Inside brackets a line's indentation means nothing.
                atLineStart = depth == 0
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let (startLine, start) = (line, column)
                let text = try string(raw: false)
                tokens.append(StarlarkToken(kind: .string(text), line: startLine, column: start))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            case UInt8(ascii: ".") where index + 1 < bytes.count && isDigit(bytes[index + 1]):
                try number()
            default:
                if isNameStart(byte) {
                    let start = index
                    while index < bytes.count, isNameStart(bytes[index]) || isDigit(bytes[index]) { index += 1 }
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    // String prefixes: r"…", b"…", rb"…".
                    if ["r", "R", "b", "B", "rb", "br", "Rb", "bR", "RB", "BR", "rB", "Br"].contains(word), index < bytes.count,
                       bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                    {
                        let (startLine, startColumn) = (line, start - lineStart + 1)
                        let text = try string(raw: word.lowercased().contains("r"))
                        tokens.append(StarlarkToken(kind: .string(text), line: startLine, column: startColumn))
                    } else {
                        emit(.name(word), column: start - lineStart + 1)
                    }
                } else {
                    try symbol()
                }
            }
        }
        if let last = tokens.last, last.kind != .newline { emit(.newline, column: column) }
        for _ in indents.dropFirst() { emit(.dedent, column: column) }
        emit(.end, column: column)
    }

    private mutating func newLine() {
        line += 1
        lineStart = index
    }

    /// At the start of a logical line: measures its indentation and emits `indent`/`dedent`.
    /// True when the line is blank or a comment (nothing emitted, the caller goes on).
    private mutating func indentation() throws(StarlarkSyntaxError) -> Bool {
        var width = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "): width += 1
            case UInt8(ascii: "\t"): width += 8 - width % 8
            case UInt8(ascii: "\r"), 0x0C: break
            default:
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#") { return false }
                if width > indents.last! {
                    indents.append(width)
                    emit(.indent, column: column)
                } else {
                    while width < indents.last! {
                        indents.removeLast()
                        emit(.dedent, column: column)
                    }
                    if width != indents.last! { throw error("unindent does not match any outer indentation level") }
                }
                return false
            }
            index += 1
        }
        return false
    }

    private mutating func string(raw: Bool) throws(StarlarkSyntaxError) -> String {
        let quote = bytes[index]
        let triple = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        let (startLine, startColumn) = (line, column)
        index += triple ? 3 : 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw StarlarkSyntaxError(line: startLine, column: startColumn, message: "unterminated string")
            }
            let byte = bytes[index]
            if byte == quote {
                if !triple {
                    index += 1
                    break
                }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    index += 3
                    break
                }
            }
            if byte == UInt8(ascii: "\n") {
                guard triple else { throw StarlarkSyntaxError(line: startLine, column: startColumn, message: "unterminated string") }
                out.append(byte)
                index += 1
                newLine()
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                index += 2
                if raw {
                    out += [byte, next]
                    if next == UInt8(ascii: "\n") { newLine() }
                    continue
                }
                switch next {
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "\n"): newLine()
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): out.append(next)
                default: out += [byte, next]
                }
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func number() throws(StarlarkSyntaxError) {
        let start = index
        let startColumn = column
        while index < bytes.count, isNameStart(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            // An exponent's sign: 1e-3.
            index += 1
            if index < bytes.count, bytes[index - 1] | 0x20 == UInt8(ascii: "e"), bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"),
               !String(decoding: bytes[start..<index], as: UTF8.self).lowercased().hasPrefix("0x")
            {
                index += 1
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        if let value = text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16)
            : text.hasPrefix("0o") ? Int(text.dropFirst(2), radix: 8)
            : text.hasPrefix("0b") ? Int(text.dropFirst(2), radix: 2) : Int(text)
        {
            tokens.append(StarlarkToken(kind: .int(value), line: line, column: startColumn))
        } else if Double(text) != nil {
            tokens.append(StarlarkToken(kind: .float, line: line, column: startColumn))
        } else {
            throw StarlarkSyntaxError(line: line, column: startColumn, message: "invalid number '\(text)'")
        }
    }

    private mutating func symbol() throws(StarlarkSyntaxError) {
        for (symbol, utf8) in Self.symbols {
            guard index + utf8.count <= bytes.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else { continue }
            let start = column
            index += utf8.count
            switch symbol {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                guard depth > 0 else { throw StarlarkSyntaxError(line: line, column: start, message: "unbalanced '\(symbol)'") }
                depth -= 1
            default: break
            }
            emit(.symbol(symbol), column: start)
            return
        }
        throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
