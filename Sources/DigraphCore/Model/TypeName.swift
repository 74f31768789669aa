/// Type names are compared as written in source with all whitespace removed,
/// e.g. `Result<User, Error>` and `Result<User,Error>` are the same service type.
public enum TypeName {
    public static func normalize(_ text: String) -> String {
        // `(any Store)`: parentheses around one whole type are that type (moc's cast
        // `TdService() as (any ChatService)` registers what `any ChatService` requests).
        if text.utf8.first == UInt8(ascii: "("), let inner = enclosedType(text) { return normalize(inner) }
        return spelled(text)
    }

    /// The type inside parentheses enclosing all of `text` (`(any P)`, `((A) -> B)`); nil for a
    /// tuple (`(A, B)`), the empty tuple, a function type (`(A) -> B`) or anything else.
    private static func enclosedType(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var depth = 0
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                // `->`'s `>` closes nothing.
                if byte == UInt8(ascii: ">"), i > 0, bytes[i - 1] == UInt8(ascii: "-") { continue }
                depth -= 1
                // The first parenthesis closes before the end: not one enclosed type.
                if depth == 0, i != bytes.count - 1 { return nil }
            case UInt8(ascii: ","):
                if depth == 1 { return nil }
            default: continue
            }
        }
        guard depth == 0, bytes.count > 2, bytes.last == UInt8(ascii: ")") else { return nil }
        let inner = String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
        return inner.allSatisfy(\.isWhitespace) ? nil : inner
    }

    private static func spelled(_ text: String) -> String {
        // Nearly every name is ASCII with no space at all: checked on the bytes, no copy made.
        var needsWork = false
        var isASCII = true
        var hasAngle = false
        for byte in text.utf8 where byte >= 0x80 || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == UInt8(ascii: "<") {
            if byte == UInt8(ascii: "<") {
                hasAngle = true
                continue
            }
            needsWork = true
            if byte >= 0x80 {
                isASCII = false
                break
            }
        }
        if !needsWork { return hasAngle ? SugarSpelling.sugared(text) : text }
        if isASCII { return SugarSpelling.sugared(normalizeASCII(text)) }
        var out = ""
        out.reserveCapacity(text.count)
        var previousWasWord = false
        var pendingSpace = false
        for ch in text {
            if ch.isWhitespace || ch.isNewline {
                pendingSpace = true
                continue
            }
            let isWord = ch.isLetter || ch.isNumber || ch == "_"
            // Keep one space between two words (`any Store`, `some View`), drop all others.
            if pendingSpace && previousWasWord && isWord { out.append(" ") }
            pendingSpace = false
            out.append(ch)
            previousWasWord = isWord
        }
        return SugarSpelling.sugared(out)
    }

    /// ``normalize(_:)`` of ASCII text, byte by byte: for ASCII, a `Character` is a byte (or
    /// `\r\n`, whitespace either way), and the grapheme breaking of the general case cost more than
    /// every other step of reading a type's name (`[String: Any]`, `(A, B)` have spaces).
    private static func normalizeASCII(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var previousWasWord = false
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = true
                continue
            }
            let isWord =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            if pendingSpace && previousWasWord && isWord { out.append(0x20) }
            pendingSpace = false
            out.append(byte)
            previousWasWord = isWord
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Foo?`, `Foo!`, `Optional<Foo>` -> `Foo`.
    public static func unwrappingOptional(_ text: String) -> String {
        var t = normalize(text)
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        if t.hasPrefix("Optional<"), t.hasSuffix(">") {
            t = String(t.dropFirst("Optional<".count).dropLast())
        }
        if t.hasPrefix("("), t.hasSuffix(")"), !t.contains(",") {
            t = String(t.dropFirst().dropLast())
        }
        return t
    }

    /// The key two spellings of one type share when matching requests to registrations: `any P`
    /// and `P` name the same existential, and containers key both by the same metatype.
    public static func matchingKey(_ text: String) -> String {
        text.hasPrefix("any ") ? String(text.dropFirst(4)) : text
    }

    /// The last component of a qualified name: `App.Logger` -> `Logger`.
    public static func lastComponent(_ text: String) -> String {
        // On the bytes: `String.contains` goes through Foundation, and most names have no dot.
        var hasDot = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "<") { return text }
            if byte == UInt8(ascii: ".") { hasDot = true }
        }
        guard hasDot else { return text }
        return text.split(separator: ".").last.map(String.init) ?? text
    }
}

extension StringProtocol {
    /// `first?.isUppercase == true`, without making a `Character` when the first byte is ASCII
    /// (asked of nearly every name the scanner reads).
    public var startsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return first?.isUppercase == true
    }

    /// `first?.isLowercase == true`, as ``startsUppercase``.
    public var startsLowercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        return first?.isLowercase == true
    }
}
