/// The spellings the scan asks a file about (which libraries it may use, whether it holds a
/// `digraph:` command, …), all found in one pass over its bytes: one search each read the file
/// twenty times over, a fiftieth of a first run.
struct Spellings: Equatable {
    /// What is searched for: bytes, and whether an uppercase ASCII letter must follow them
    /// (`Has` in `HasUserSession`, not in `Hashable`).
    struct Spelling {
        var bytes: [UInt8]
        var uppercaseAfter = false
    }

    /// A bit per entry of ``all``, set when the file contains it.
    private(set) var found: UInt64 = 0

    /// Every spelling any part of the scan asks about. The index of each is its identity: see the
    /// constants below.
    static let all: [Spelling] =
        [
            "autoregister", "~>", "weaver:", "@Weaver", "Factor", "Factory", "nject", "Injected", "Container", "Container.",
            "ependenc", "ependencies", "context:", "services:", "Compos", ".make", ".create", ".build", "Resolver",
            "digraph:", "weakMemory", "WeakObjects", "ssembl",
        ].map { Spelling(bytes: Array($0.utf8)) } + [Spelling(bytes: Array("Has".utf8), uppercaseAfter: true)]
        // swift-dependencies' values in a plain extension of a key declared elsewhere.
        + ["liveValue", "testValue", "previewValue"].map { Spelling(bytes: Array($0.utf8)) }
        + ["deps:", "env:", "ResolverRegistering", "extension Resolver", "class Resolver"].map { Spelling(bytes: Array($0.utf8)) }
        // Where swift-dependencies' values are given or extended.
        + ["withDependencies", "prepareDependencies", "transformDependency", "DependencyValues"].map { Spelling(bytes: Array($0.utf8)) }

    static let injected = 7
    static let command = 19
    static let weakMemory = 20
    static let weakObjects = 21
    static let assemblies = 22
    static let hasProtocolName = 23
    /// `liveValue`, `testValue`, `previewValue`: swift-dependencies' values.
    static let dependencyValueNames = [24, 25, 26]
    /// `context:`, `services:`, `deps:`, `env:`: labels an environment is handed on with, on a line of
    /// their own as often as after the parenthesis.
    static let environmentLabels = [12, 13, 27, 28]
    /// `ResolverRegistering`, `extension Resolver`: the Resolver library's registrations where it
    /// is re-exported by another module or vendored as a source file, so no `import Resolver`.
    static let resolverRegistering = [29, 30]
    /// `class Resolver`: the library's own source, vendored: its plumbing is no registration.
    static let resolverDeclared = 31
    /// `Resolver`: a file naming Resolver uses its wrappers, imported or re-exported.
    static let resolverName = 18
    /// `withDependencies`, `prepareDependencies`, `transformDependency`, `DependencyValues`: the
    /// file gives swift-dependencies values (or declares where they are given).
    static let dependencyValuesGiven = [32, 33, 34, 35]

    func contains(_ spelling: Int) -> Bool { found & 1 << UInt64(spelling) != 0 }

    /// Counted as present whatever the bytes say (a caller reading every comment anyway).
    mutating func insert(_ spelling: Int) { found |= 1 << UInt64(spelling) }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { Spellings($0) }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        found = Self.search(bytes)
    }

    /// For each pair of bytes, 0, or 1 + the index in ``candidates`` of the spellings starting
    /// with it: a byte pair that starts none (most of them) costs one load.
    private static let pairs: [UInt8] = {
        var pairs = [UInt8](repeating: 0, count: 1 << 16)
        for (n, list) in candidateLists.enumerated() {
            let first = all[list[0]].bytes
            pairs[Int(first[0]) | Int(first[1]) << 8] = UInt8(n + 1)
        }
        return pairs
    }()

    /// The spellings by their first two bytes.
    private static let candidateLists: [[Int]] = {
        var byPair: [Int: [Int]] = [:]
        var order: [Int] = []
        for (index, spelling) in all.enumerated() {
            precondition(spelling.bytes.count >= 2, "a spelling of one byte matches too often to be worth a table")
            let pair = Int(spelling.bytes[0]) | Int(spelling.bytes[1]) << 8
            if byPair[pair] == nil { order.append(pair) }
            byPair[pair, default: []].append(index)
        }
        return order.map { byPair[$0]! }
    }()

    private static func search(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count >= 2, let base = bytes.baseAddress else { return 0 }
        let everything: UInt64 = (1 << UInt64(all.count)) - 1
        var found: UInt64 = 0
        return pairs.withUnsafeBufferPointer { pairs in
            var i = 0
            var pair = Int(base[0])
            while i < count - 1 {
                pair = pair | Int(base[i + 1]) << 8
                let list = pairs[pair]
                if list != 0 {
                    for index in candidateLists[Int(list) - 1] where found & 1 << UInt64(index) == 0 {
                        if matches(all[index], at: i, base, count) { found |= 1 << UInt64(index) }
                    }
                    if found == everything { break }
                }
                pair >>= 8
                i += 1
            }
            return found
        }
    }

    private static func matches(_ spelling: Spelling, at start: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let length = spelling.bytes.count
        let end = start + length + (spelling.uppercaseAfter ? 1 : 0)
        guard end <= count else { return false }
        for k in 2..<length where base[start + k] != spelling.bytes[k] { return false }
        if spelling.uppercaseAfter {
            let next = base[start + length]
            return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
        }
        return true
    }
}
