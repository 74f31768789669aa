/// How deeply a YAML document nests, measured on its bytes before Yams (whose composer recurses
/// once per level) reads it: `.digraph.yml` and XcodeGen's `project.yml`.
///
/// The measure is conservative: flow collections (`[`, `{`) outside quoted scalars and comments,
/// plus the block levels open at each line (each deeper indentation, each `- `, `? ` or `key: `
/// opening a node on the same line). A quoted scalar is followed to the end of its line only:
/// brackets on its next lines count, which can only overestimate. Real configuration nests under
/// 10 levels.
public enum YAMLNesting {
    public static let limit = 256

    public struct TooDeep: Error, Equatable, Sendable {
        public var limit: Int
        /// 1-based line and column (UTF-8 bytes).
        public var line: Int
        public var column: Int

        public var message: String { "nesting deeper than \(limit) levels" }
    }

    public static func check(_ text: String, limit: Int = limit) -> TooDeep? {
        var text = text
        return text.withUTF8 { check($0, limit: limit) }
    }

    public static func check(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = limit) -> TooDeep? {
        var indents: [Int] = []
        var flow = 0
        var line = 1
        var i = 0
        while i < bytes.count {
            // A line: its indentation, then its content.
            let lineStart = i
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            let indent = i - lineStart
            let blank = i >= bytes.count || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == UInt8(ascii: "#")
            if !blank && flow == 0 {
                while let last = indents.last, last >= indent { indents.removeLast() }
                indents.append(indent)
            }
            var compact = 0
            var quote: UInt8?
            var previous: UInt8 = 0x20
            while i < bytes.count, bytes[i] != 0x0A {
                let c = bytes[i]
                if let q = quote {
                    if c == q {
                        // `''` inside a single-quoted scalar is an escaped quote.
                        if q == UInt8(ascii: "'"), i + 1 < bytes.count, bytes[i + 1] == q {
                            i += 2
                            continue
                        }
                        quote = nil
                    } else if c == UInt8(ascii: "\\"), q == UInt8(ascii: "\"") {
                        i += 1
                    }
                    i += 1
                    previous = c
                    continue
                }
                let next: UInt8 = i + 1 < bytes.count ? bytes[i + 1] : 0x20
                let separated = next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09
                switch c {
                case UInt8(ascii: "#") where previous == 0x20 || previous == 0x09:
                    // A comment runs to the end of the line.
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    continue
                // Each pattern with its own `where`: one after both applies to the last alone.
                case UInt8(ascii: "\"") where Self.startsScalar(previous), UInt8(ascii: "'") where Self.startsScalar(previous):
                    quote = c
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    flow += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    flow = max(0, flow - 1)
                case UInt8(ascii: "-") where separated, UInt8(ascii: "?") where separated, UInt8(ascii: ":") where separated:
                    compact += 1
                default:
                    break
                }
                if indents.count + compact + flow > limit {
                    return TooDeep(limit: limit, line: line, column: i - lineStart + 1)
                }
                previous = c
                i += 1
            }
            line += 1
            i += 1
        }
        return nil
    }

    /// A quote opens a quoted scalar only where a scalar can start.
    private static func startsScalar(_ previous: UInt8) -> Bool {
        switch previous {
        case 0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-"),
            UInt8(ascii: "?"):
            return true
        default: return false
        }
    }
}
