/// A JSON value with the 1-based line and column (UTF-8 bytes, as swiftc counts) where it starts.
///
/// Foundation's `JSONSerialization` forgets positions; digraph needs them twice: to say where a
/// snapshot is malformed, and to point findings at the snapshot element they come from.
struct JSONNode: Sendable {
    enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The literal as written, and whether it is an integer.
        case number(String, isInteger: Bool)
        case bool(Bool)
        case null
    }

    struct Member: Sendable {
        var key: String
        var value: JSONNode
    }

    var value: Value
    var line: Int
    var column: Int

    /// `a string`, `a number`, … for messages.
    var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number(_, let isInteger): return isInteger ? "an integer" : "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}

struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A strict RFC 8259 parser: no comments, no trailing commas, no duplicate keys, at most
/// ``maxDepth`` levels of nesting, strings must be valid UTF-8.
struct PositionedJSONParser {
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = PositionedJSONParser(bytes)
        return try parser.document()
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else {
            throw error(bytes.isEmpty ? "empty file: expected a JSON object" : "unexpected end of JSON input")
        }
        let node = try value()
        skipWhitespace()
        guard index >= bytes.count else { throw error("unexpected \(describeCurrent()) after the JSON document") }
        return node
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of JSON input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(UnicodeScalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of JSON input") }
        let (startLine, startColumn) = (line, column)
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return node(try object())
        case UInt8(ascii: "["): return node(try array())
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(try number())
        default: throw error("unexpected \(describeCurrent()); expected a JSON value")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON input") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a string key")
            }
            let keyError = error("")
            let key = try string()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(line: keyError.line, column: keyError.column, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON input") }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, value: try value()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON input") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw error("unexpected \(describeCurrent()); expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON input") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(items)
            default: throw error("unexpected \(describeCurrent()); expected ',' or ']' in an array")
            }
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = error("")
        var end = index
        while end < bytes.count, (bytes[end] >= 0x61 && bytes[end] <= 0x7A) || (bytes[end] >= 0x41 && bytes[end] <= 0x5A) {
            end += 1
        }
        let found = String(decoding: bytes[index..<end], as: UTF8.self)
        guard found == word else {
            if end == bytes.count && word.hasPrefix(found) {
                index = end
                throw error("unexpected end of JSON input")
            }
            throw JSONSyntaxError(line: start.line, column: start.column, message: "unexpected '\(found)'; expected a JSON value")
        }
        index = end
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = index
        var isInteger = true
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("unexpected end of JSON input") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            if digits() == 0 { throw error("invalid number: expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("invalid number: expected digits in the exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self), isInteger: isInteger)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = error("")
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unexpected end of JSON input inside a string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw JSONSyntaxError(line: opening.line, column: opening.column, message: "a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unexpected end of JSON input inside a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate in a \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
                default:
                    index -= 2
                    throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))' in a string")
                }
            case 0x00..<0x20:
                throw error("unescaped control character in a string")
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of JSON input inside a string") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: expected 4 hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
