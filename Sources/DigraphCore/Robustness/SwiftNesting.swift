/// How deeply a Swift file nests, measured on its bytes before the parser sees it.
///
/// SwiftParser recurses once or more per level of `(`, `[`, `{`, `<`, `#if` and string
/// interpolation, and its own nesting limit does not cover every construct (generic arguments,
/// array literals): a file nested 50,000 deep overflows any stack. A file deeper than ``limit`` is
/// therefore never parsed; the scan reports it as not analysed. Real code stays far below the
/// limit (the deepest file of a large real tree nests about 20 levels).
///
/// The measure is conservative (never less than what the parser will see): brackets count inside
/// code and interpolations, not inside comments and string literals; every `<` that could open
/// generic arguments counts until a character that cannot appear inside them (`{`, `=`, `;`, an
/// operator) shows it was a comparison.
public enum SwiftNesting {
    /// The deepest nesting of brackets, `#if` blocks and interpolations digraph parses.
    public static let limit = 500
    /// The most `[` the parser may meet in a row where a type could start (`[[[[`, `[(Int, [`):
    /// SwiftParser's lookahead for inline-array types doubles its work with each (release build:
    /// 16 take 0.04 s, 18 take 0.26 s; a debug build is about 40 times slower).
    public static let squareChainLimit = 12
    /// The most prefixes the parser reads by recursion (`try`, `await`, `else`, `->`, …) in one
    /// statement.
    public static let prefixChainLimit = 5_000
    /// The deepest syntax tree the walks visit, checked after parsing: member, call and
    /// subscript chains (`a.b.c…`), optional types (`T???`) nest without brackets.
    public static let treeDepthLimit = 20_000
    /// What SwiftParser is told: never reached after ``check(_:)`` (its count of brackets is never
    /// more than digraph's), and the same in debug and release builds (its default is 20 in a
    /// debug build, 256 in release).
    public static let parserNestingLevel = limit * 2

    public struct TooDeep: Error, Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case brackets, squareChain, prefixChain, syntaxTree
        }
        public var kind: Kind
        /// The limit that was exceeded.
        public var limit: Int
        /// 1-based line and column (UTF-8 bytes) of where it was exceeded.
        public var line: Int
        public var column: Int

        public init(kind: Kind, limit: Int, line: Int, column: Int) {
            self.kind = kind
            self.limit = limit
            self.line = line
            self.column = column
        }

        /// `nesting deeper than 500: not analysed`: the per-file note.
        public var message: String { "\(what): not analysed" }

        /// `nesting deeper than 500`.
        public var what: String {
            switch kind {
            case .brackets: "nesting deeper than \(limit)"
            case .squareChain: "nesting deeper than \(limit) '[' in a row"
            case .prefixChain: "nesting deeper than \(limit) prefixes ('try', 'await', 'else', '->') in one statement"
            case .syntaxTree: "nesting deeper than \(limit) syntax levels"
            }
        }
    }

    public static func check(_ source: String) -> TooDeep? {
        var source = source
        return source.withUTF8 { check($0) }
    }

    /// Nil when the file nests within the limits; else where it first goes past one.
    public static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, limit: Int = limit, squareChainLimit: Int = squareChainLimit,
        prefixChainLimit: Int = prefixChainLimit
    ) -> TooDeep? {
        var scanner = Scanner(
            bytes: bytes, limit: limit, squareChainLimit: squareChainLimit, prefixChainLimit: prefixChainLimit)
        return scanner.run()
    }

    /// The deepest each measure goes in a file (for checking real code stays far from the limits).
    public struct Measures: Equatable, Sendable {
        public var depth = 0
        public var squareChain = 0
        public var prefixChain = 0
        public init() {}
    }

    public static func measure(_ source: String) -> Measures {
        var source = source
        return source.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes, limit: .max, squareChainLimit: .max, prefixChainLimit: .max)
            _ = scanner.run()
            return scanner.deepest
        }
    }

    /// What is open: brackets, provisional generic `<`, interpolations (`\(` in a string).
    private enum Kind: Equatable {
        case paren, square, brace, angle
        /// `\(` inside a string literal: closing it returns to that literal.
        case interpolation(StringLiteral)
    }

    private struct Open {
        var kind: Kind
        /// `[` in the unbroken run of type-like text ending here (see ``squareChainLimit``).
        var chain: Int
        /// Something that cannot be in a type came after the opening (at its own level).
        var broken = false
    }

    /// A string literal being read: its raw delimiter (`#` count) and whether it is `"""`.
    private struct StringLiteral: Equatable {
        var hashes: Int
        var multiline: Bool
    }

    /// Words SwiftParser reads by recursing once per word.
    private static let recursivePrefixes: [[UInt8]] =
        ["try", "await", "else", "some", "any", "inout", "consume", "copy", "each", "repeat", "borrowing",
         "consuming", "isolated", "sending", "throws", "async", "rethrows"].map { Array($0.utf8) }

    /// The first letters of ``recursivePrefixes``, one bit each: most words (every type name
    /// among them) are told apart by their first byte, before any comparison.
    private static let recursivePrefixInitials: UInt32 = recursivePrefixes.reduce(0) { $0 | 1 << UInt32($1[0] - 0x61) }

    /// Each of ``recursivePrefixes`` as one number: its bytes, little-endian (none is longer than
    /// 9, and a 9-letter one keeps its last letter apart), and its length.
    private static let packedPrefixes: [(length: Int, head: UInt64, ninth: UInt8)] = recursivePrefixes.map { word in
        var head: UInt64 = 0
        for (k, byte) in word.prefix(8).enumerated() { head |= UInt64(byte) << (8 * UInt64(k)) }
        return (word.count, head, word.count > 8 ? word[8] : 0)
    }

    private static func isRecursivePrefix(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let length = word.count
        guard length >= 3, length <= 9 else { return false }
        let first = word[word.startIndex]
        guard first >= 0x61, first <= 0x7A, recursivePrefixInitials & 1 << UInt32(first - 0x61) != 0 else { return false }
        // Compared as numbers: a per-word comparison of byte arrays was most of this scan's time.
        var head: UInt64 = 0
        var k = 0
        for byte in word.prefix(8) {
            head |= UInt64(byte) << (8 * UInt64(k))
            k += 1
        }
        let ninth = length > 8 ? word[word.startIndex + 8] : 0
        for prefix in packedPrefixes where prefix.length == length && prefix.head == head && prefix.ninth == ninth {
            return true
        }
        return false
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let limit: Int
        let squareChainLimit: Int
        let prefixChainLimit: Int
        var i = 0
        var line = 1
        var lineStart = 0
        var stack: [Open] = []
        /// Open `#if` blocks: counted apart so that a clause with unbalanced brackets cannot
        /// confuse the bracket stack.
        var conditionals = 0
        /// Set while reading a string literal (including when an interpolation inside it closes).
        var literal: StringLiteral?
        /// Recursive prefixes since the statement began, and whether the last token can end one.
        var prefixes = 0
        var lastEndsExpression = false
        var deepest = Measures()

        init(bytes: UnsafeBufferPointer<UInt8>, limit: Int, squareChainLimit: Int, prefixChainLimit: Int) {
            self.bytes = bytes
            self.limit = limit
            self.squareChainLimit = squareChainLimit
            self.prefixChainLimit = prefixChainLimit
        }

        var depth: Int { stack.count + conditionals }

        func byte(_ at: Int) -> UInt8? { at < bytes.count && at >= 0 ? bytes[at] : nil }

        func here(_ kind: TooDeep.Kind, _ limit: Int) -> TooDeep {
            TooDeep(kind: kind, limit: limit, line: line, column: i - lineStart + 1)
        }

        mutating func tooDeep() -> TooDeep? {
            deepest.depth = max(deepest.depth, depth)
            return depth > limit ? here(.brackets, limit) : nil
        }

        mutating func prefix() -> TooDeep? {
            prefixes += 1
            deepest.prefixChain = max(deepest.prefixChain, prefixes)
            return prefixes > prefixChainLimit ? here(.prefixChain, prefixChainLimit) : nil
        }

        mutating func newline() {
            line += 1
            lineStart = i + 1
        }

        /// Something that cannot be part of a type at the current level.
        mutating func breakChain() {
            if !stack.isEmpty { stack[stack.count - 1].broken = true }
        }

        mutating func open(_ kind: Kind) -> TooDeep? {
            let parent = stack.last.map { $0.broken ? 0 : $0.chain } ?? 0
            let chain: Int
            switch kind {
            case .square: chain = parent + 1
            case .paren, .angle: chain = parent
            case .brace, .interpolation: chain = 0
            }
            stack.append(Open(kind: kind, chain: chain))
            deepest.squareChain = max(deepest.squareChain, chain)
            if chain > squareChainLimit { return here(.squareChain, squareChainLimit) }
            return tooDeep()
        }

        mutating func run() -> TooDeep? {
            while i < bytes.count {
                if let string = literal {
                    if let found = readString(string) { return found }
                    continue
                }
                let c = bytes[i]
                switch c {
                case 0x0A:
                    if lastEndsExpression { prefixes = 0 }
                    newline()
                    i += 1
                case 0x20, 0x09, 0x0D:
                    // A run of spaces at once (indentation), not one trip round the loop each.
                    var end = i + 1
                    let count = bytes.count
                    while end < count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
                    i = end
                case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "/"):
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""):
                    breakChain()
                    openString(hashes: 0)
                case UInt8(ascii: "#"):
                    var hashes = 0
                    while byte(i + hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if byte(i + hashes) == UInt8(ascii: "\"") {
                        breakChain()
                        i += hashes
                        openString(hashes: hashes)
                    } else if hashes == 1, word(at: i + 1, is: "if") {
                        conditionals += 1
                        if let found = tooDeep() { return found }
                        i += 3
                    } else if hashes == 1, word(at: i + 1, is: "endif") {
                        conditionals = max(0, conditionals - 1)
                        i += 6
                    } else {
                        i += hashes
                    }
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    if c == UInt8(ascii: "{") {
                        dropAngles()
                        breakChain()
                    }
                    lastEndsExpression = false
                    if let found = open(c == UInt8(ascii: "(") ? .paren : c == UInt8(ascii: "[") ? .square : .brace) {
                        return found
                    }
                    i += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    dropAngles()
                    // `}` does not end a statement for the prefix count: `}\nelse if` goes on.
                    lastEndsExpression = c != UInt8(ascii: "}")
                    i += 1
                    if let top = stack.popLast(), case .interpolation(let interrupted) = top.kind {
                        // `\(x)` ends: back inside the literal it interrupted.
                        literal = interrupted
                    }
                case UInt8(ascii: "<"):
                    lastEndsExpression = false
                    let next = byte(i + 1)
                    if next == UInt8(ascii: "<") || next == UInt8(ascii: "=") {
                        // `<<`, `<=`, `<<=`: operators, never generic arguments.
                        dropAngles()
                        breakChain()
                        i += 2
                    } else {
                        if let found = open(.angle) { return found }
                        i += 1
                    }
                case UInt8(ascii: ">"):
                    if byte(i - 1) == UInt8(ascii: "-") {
                        // `->`: function types nest to the right.
                        if let found = prefix() { return found }
                        lastEndsExpression = false
                        i += 1
                    } else if byte(i + 1) == UInt8(ascii: "=") {
                        dropAngles()
                        breakChain()
                        lastEndsExpression = false
                        i += 2
                    } else {
                        if stack.last?.kind == .angle { stack.removeLast() }
                        lastEndsExpression = true
                        i += 1
                    }
                case UInt8(ascii: ";"):
                    prefixes = 0
                    lastEndsExpression = false
                    dropAngles()
                    breakChain()
                    i += 1
                default:
                    if identifierBytes[Int(c)] {
                        let start = i
                        // In locals: a loop over `self.i` stored it on every byte.
                        var end = i + 1
                        let count = bytes.count
                        identifierBytes.withUnsafeBufferPointer { table in
                            while end < count, table[Int(bytes[end])] { end += 1 }
                        }
                        i = end
                        if SwiftNesting.isRecursivePrefix(bytes[start..<i]) {
                            if let found = prefix() { return found }
                            lastEndsExpression = false
                        } else {
                            lastEndsExpression = true
                        }
                        continue
                    }
                    if !Self.mayAppearInType(c, next: byte(i + 1)) {
                        dropAngles()
                        breakChain()
                    } else if (c == UInt8(ascii: ",") || c == UInt8(ascii: ":")), stack.last?.kind == .square {
                        // `[A, [` or `[K: [`: no longer the first element of a possible type.
                        breakChain()
                    }
                    // A postfix `?` or `!` can end an expression; other punctuation cannot.
                    lastEndsExpression = c == UInt8(ascii: "?") || c == UInt8(ascii: "!")
                    i += 1
                }
            }
            return nil
        }

        static func isIdentifierByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c >= 0x80
        }

        /// ``isIdentifierByte(_:)`` by byte: one load instead of five comparisons, for every byte
        /// of every name (held by the scanner, not read through a global each time).
        static let identifierBytes: [Bool] = (0...255).map { isIdentifierByte(UInt8($0)) }
        let identifierBytes = Scanner.identifierBytes

        /// Characters that can be inside a type or `<…>` generic arguments: names, `.`, `,`, `:`,
        /// `?`, `!`, `&`, `~`, `@`, `$`, `` ` ``, `->`, spaces and anything non-ASCII (identifiers).
        static func mayAppearInType(_ c: UInt8, next: UInt8?) -> Bool {
            switch c {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
                return true
            case 0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "?"),
                UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "@"), UInt8(ascii: "$"),
                UInt8(ascii: "`"):
                return true
            case UInt8(ascii: "-"): return next == UInt8(ascii: ">")
            default: return false
            }
        }

        /// Provisional `<` on top of the stack were comparisons after all.
        mutating func dropAngles() {
            while stack.last?.kind == .angle { stack.removeLast() }
        }
        func word(at start: Int, is word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard start + count <= bytes.count else { return false }
            for k in 0..<count where bytes[start + k] != word.utf8Start[k] { return false }
            guard let after = byte(start + count) else { return true }
            return !(after == UInt8(ascii: "_") || (after >= 0x30 && after <= 0x39) || (after | 0x20 >= 0x61 && after | 0x20 <= 0x7A))
        }

        mutating func skipBlockComment() {
            // Swift block comments nest.
            var open = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") {
                    open += 1
                    i += 2
                } else if bytes[i] == UInt8(ascii: "*"), byte(i + 1) == UInt8(ascii: "/") {
                    open -= 1
                    i += 2
                    if open == 0 { return }
                } else {
                    if bytes[i] == 0x0A { newline() }
                    i += 1
                }
            }
        }

        /// At `"` (after any `#`): a literal opens, `"""` a multi-line one.
        mutating func openString(hashes: Int) {
            if byte(i + 1) == UInt8(ascii: "\""), byte(i + 2) == UInt8(ascii: "\"") {
                literal = StringLiteral(hashes: hashes, multiline: true)
                i += 3
            } else {
                literal = StringLiteral(hashes: hashes, multiline: false)
                i += 1
            }
        }

        /// Inside a literal until it closes, a single-line one ends, or an interpolation opens.
        mutating func readString(_ string: StringLiteral) -> TooDeep? {
            while i < bytes.count {
                let c = bytes[i]
                if c == 0x0A {
                    newline()
                    i += 1
                    if !string.multiline {
                        // An unterminated single-line literal ends at its line, as the lexer does.
                        literal = nil
                        prefixes = 0
                        return nil
                    }
                    continue
                }
                if c == UInt8(ascii: "\"") {
                    let quotes = string.multiline ? 3 : 1
                    var k = 0
                    while k < quotes, byte(i + k) == UInt8(ascii: "\"") { k += 1 }
                    var h = 0
                    while k == quotes, h < string.hashes, byte(i + k + h) == UInt8(ascii: "#") { h += 1 }
                    if k == quotes, h == string.hashes {
                        i += quotes + string.hashes
                        literal = nil
                        lastEndsExpression = true
                        return nil
                    }
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "\\") {
                    var h = 0
                    while h < string.hashes, byte(i + 1 + h) == UInt8(ascii: "#") { h += 1 }
                    if h == string.hashes {
                        let after = i + 1 + h
                        if byte(after) == UInt8(ascii: "(") {
                            literal = nil
                            i = after + 1
                            return open(.interpolation(string))
                        }
                        // An escaped character (`\"`, `\\`) never ends the literal.
                        if byte(after) == 0x0A {
                            i = after
                        } else {
                            i = after + 1
                        }
                        continue
                    }
                }
                i += 1
            }
            return nil
        }
    }
}
