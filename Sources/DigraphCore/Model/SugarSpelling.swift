/// One spelling per standard-library type, so `Array<String>` registered is `[String]` requested:
/// the generic spellings of arrays, dictionaries and optionals (`Swift.` qualified or not) become
/// their sugar, which is what Swift writes and what most code spells.
enum SugarSpelling {
    private static let generics: [(name: [UInt8], kind: Kind)] = [
        (Array("Array<".utf8), .array), (Array("Dictionary<".utf8), .dictionary), (Array("Optional<".utf8), .optional),
    ]
    private enum Kind { case array, dictionary, optional }

    /// `text` (already without whitespace but between words) with every generic spelling of the
    /// three types rewritten, innermost first; unchanged when it holds none.
    static func sugared(_ text: String) -> String {
        // Most generic names are none of the three (`Factory<X>`, `Published<X>`): `y<` ends
        // `Array<` and `Dictionary<`, `l<` ends `Optional<`; without either, no copy is made.
        var previous: UInt8 = 0
        var mayHold = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "<"), previous == UInt8(ascii: "y") || previous == UInt8(ascii: "l") {
                mayHold = true
                break
            }
            previous = byte
        }
        guard mayHold else { return text }
        let bytes = Array(text.utf8)
        guard let rewritten = rewrite(bytes) else { return text }
        return String(decoding: rewritten, as: UTF8.self)
    }

    private static func rewrite(_ bytes: [UInt8]) -> [UInt8]? {
        var i = 0
        while i < bytes.count {
            if let (kind, start, openAngle) = generic(at: i, in: bytes),
                let close = matchingClose(bytes, from: openAngle)
            {
                let inner = Array(bytes[(openAngle + 1)..<close])
                let innerSugared = rewrite(inner) ?? inner
                guard let replacement = spelled(kind, innerSugared) else {
                    i = openAngle + 1
                    continue
                }
                let head = Array(bytes[..<start])
                let tail = Array(bytes[(close + 1)...])
                let rest = rewrite(tail) ?? tail
                return head + replacement + rest
            }
            i += 1
        }
        return nil
    }

    /// The generic spelling starting at `i` (a word boundary, `Swift.` allowed before it):
    /// its kind, where the rewrite starts, and the index of its `<`.
    private static func generic(at i: Int, in bytes: [UInt8]) -> (Kind, Int, Int)? {
        guard bytes[i] == UInt8(ascii: "A") || bytes[i] == UInt8(ascii: "D") || bytes[i] == UInt8(ascii: "O") else {
            return nil
        }
        for (name, kind) in generics where bytes.count - i > name.count && bytes[i..<(i + name.count)].elementsEqual(name) {
            var start = i
            if i > 0 {
                let before = bytes[i - 1]
                if isWordByte(before) { return nil }
                if before == UInt8(ascii: ".") {
                    let swift = Array("Swift.".utf8)
                    guard i >= swift.count, bytes[(i - swift.count)..<i].elementsEqual(swift),
                        i == swift.count || !isWordByte(bytes[i - swift.count - 1]) && bytes[i - swift.count - 1] != UInt8(ascii: ".")
                    else { return nil }
                    start = i - swift.count
                }
            }
            return (kind, start, i + name.count - 1)
        }
        return nil
    }

    private static func spelled(_ kind: Kind, _ inner: [UInt8]) -> [UInt8]? {
        switch kind {
        case .array:
            return [UInt8(ascii: "[")] + inner + [UInt8(ascii: "]")]
        case .dictionary:
            guard let comma = topLevelComma(inner) else { return nil }
            return [UInt8(ascii: "[")] + inner[..<comma] + [UInt8(ascii: ":")] + inner[(comma + 1)...] + [UInt8(ascii: "]")]
        case .optional:
            // `Optional<any P>` is `(any P)?`, `Optional<() -> Void>` is `(() -> Void)?`.
            let plain = inner.allSatisfy { isWordByte($0) || "<>[]:,.?!".utf8.contains($0) }
            return plain ? inner + [UInt8(ascii: "?")] : [UInt8(ascii: "(")] + inner + Array(")?".utf8)
        }
    }

    private static func matchingClose(_ bytes: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var i = open
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ">"):
                // `->` of a function type closes nothing.
                if i > 0, bytes[i - 1] == UInt8(ascii: "-") { break }
                depth -= 1
                if depth == 0 { return i }
            case UInt8(ascii: "]"), UInt8(ascii: ")"): depth -= 1
            default: break
            }
            i += 1
        }
        return nil
    }

    private static func topLevelComma(_ bytes: [UInt8]) -> Int? {
        var depth = 0
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ">"):
                if i > 0, bytes[i - 1] == UInt8(ascii: "-") { continue }
                depth -= 1
            case UInt8(ascii: "]"), UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: ",") where depth == 0: return i
            default: continue
            }
        }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            || byte >= 0x80
    }
}
