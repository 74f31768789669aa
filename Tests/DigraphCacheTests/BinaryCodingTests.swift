import DigraphCache
import DigraphCore
import Foundation
import SeededRandom
import Testing

@Suite struct XXH64Tests {
    /// Reference values from the xxHash project's `xxh64sum`.
    @Test(arguments: [
        ("", "ef46db3751d8e999"),
        ("abc", "44bc2cf5ad770999"),
        ("Nobody inspects the spammish repetition", "fbcea83c8a378bf1"),
        (String(repeating: "x", count: 1000), "4cb9a3b69cb700e1"),
    ])
    func matchesTheReference(input: String, expected: String) {
        let hex = String(XXH64.hash(Array(input.utf8)), radix: 16)
        #expect(String(repeating: "0", count: 16 - hex.count) + hex == expected)
    }

    /// One pass with two seeds gives what two passes give, at every length of tail.
    @Test func twoSeedsInOnePassMatchTwoPasses() {
        var generator = SystemRandomNumberGenerator()
        for length in Array(0...200) + [4096, 10_007] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let seeds: (UInt64, UInt64) = (.random(in: 0...UInt64.max), 0x6361_6368_6573_3132)
            let both = bytes.withUnsafeBytes { XXH64.hashes($0, seeds: seeds) }
            #expect(both.0 == XXH64.hash(bytes, seed: seeds.0) && both.1 == XXH64.hash(bytes, seed: seeds.1), "length \(length)")
        }
    }

    @Test func keysDifferWithEveryPart() {
        let a = CacheKey(parts: [Array("ab".utf8), Array("c".utf8)])
        let b = CacheKey(parts: [Array("a".utf8), Array("bc".utf8)])
        #expect(a != b, "parts are length-prefixed: moving a byte between parts changes the key")
        #expect(a == CacheKey(parts: [Array("ab".utf8), Array("c".utf8)]))
        #expect(a.description.count == 32)
    }
}

/// Shapes `Codable` synthesizes: optionals present and absent, nested arrays with nil elements,
/// enums with associated values and raw values, dictionaries, every primitive.
struct Sample: Codable, Equatable, Sendable {
    enum Kind: String, Codable, Sendable { case one, two }
    enum Payload: Codable, Equatable, Sendable {
        case none
        case number(Int)
        case pair(name: String, values: [Double])
        indirect case nested(Payload)
    }

    var name: String
    var optional: String?
    var missing: Int?
    var kind: Kind
    var payloads: [Payload]
    var holes: [String?]
    var table: [String: [Int]]
    var flags: Set<String>
    var small: Int8
    var big: UInt64
    var negative: Int64
    var float: Float
    var bool: Bool
    var location: DigraphCore.SourceLocation
    var empty: [Sample] = []
    var unicode = "Café 🛒 \u{0}"
}

@Suite struct BinaryCodingTests {
    static let sample = Sample(
        name: "Service", optional: "present", missing: nil, kind: .two,
        payloads: [.none, .number(-42), .pair(name: "p", values: [1.5, -0.0, .infinity]), .nested(.nested(.number(7)))],
        holes: ["a", nil, "", nil], table: ["x": [1, 2], "": []], flags: ["b", "a"], small: -128, big: .max,
        negative: .min, float: 3.25, bool: true, location: DigraphCore.SourceLocation(file: "A/B.swift", line: 12, column: 3))

    @Test func roundTripsEveryShape() throws {
        let bytes = try BinaryCoding.encode(Self.sample)
        #expect(try BinaryCoding.decode(Sample.self, from: bytes) == Self.sample)
        #expect(try BinaryCoding.encode(Self.sample).count == bytes.count)
    }

    /// Empty arrays are left out of keyed containers, except where decoding lists the keys (a
    /// dictionary) or must tell `[]` from nil (an optional array).
    @Test func emptyArraysAreLeftOutOnlyWhereTheyComeBackEmpty() throws {
        struct Lists: Codable, Equatable {
            enum Case: Codable, Equatable { case values([Int]), labelled(first: [String], second: Int) }
            var empty: [Int] = []
            var full = [1]
            var none: [Int]? = nil
            var emptyOptional: [Int]? = []
            var table: [String: [Int]] = ["": [], "a": [1]]
            var cases: [Case] = [.values([]), .labelled(first: [], second: 2)]
        }
        let value = Lists()
        let bytes = try BinaryCoding.encode(value)
        #expect(try BinaryCoding.decode(Lists.self, from: bytes) == value)
        var full = value
        full.empty = [3]
        #expect(try BinaryCoding.encode(full).count > bytes.count, "the empty array took no room")
    }

    @Test func roundTripsTopLevelOptionalsAndArrays() throws {
        let values: [Int?] = [1, nil, 3]
        #expect(try BinaryCoding.decode([Int?].self, from: BinaryCoding.encode(values)) == values)
        let none: String? = nil
        #expect(try BinaryCoding.decode(String?.self, from: BinaryCoding.encode(none)) == nil)
        #expect(try BinaryCoding.decode([Sample].self, from: BinaryCoding.encode([Sample]())) == [])
    }

    @Test func factsRoundTrip() throws {
        var facts = FileFacts(file: "Sources/App/Assembly.swift")
        facts.declaresTests = true
        facts.constructedAssemblies = ["A", "B"]
        facts.syntaxError = DigraphCore.SourceLocation(file: "Sources/App/Assembly.swift", line: 3, column: 1)
        facts.unrecognised = [UnrecognisedSite(what: "@Injected", location: DigraphCore.SourceLocation(file: "f", line: 1, column: 2))]
        facts.containerParents = [ContainerParentFact(instance: "child", parent: "root")]
        let decoded = try BinaryCoding.decode(FileFacts.self, from: BinaryCoding.encode(facts))
        #expect(decoded == facts)
    }

    /// A cache entry's bytes are checksummed, but the decoder must survive anything on its own.
    @Test func malformedBytesThrowAndNeverCrash() throws {
        let bytes = try BinaryCoding.encode(Self.sample)
        var generator = SplitMix(seed: 7)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            _ = try? BinaryCoding.decode(Sample.self, from: Array(bytes.prefix(length)))
        }
        for _ in 0..<400 {
            var damaged = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? BinaryCoding.decode(Sample.self, from: damaged)
            let random = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = try? BinaryCoding.decode(Sample.self, from: random)
        }
        #expect(throws: (any Error).self) { try BinaryCoding.decode(Sample.self, from: Array(bytes.dropLast())) }
        #expect(throws: (any Error).self) { try BinaryCoding.decode(Sample.self, from: bytes + [0]) }
        #expect(throws: (any Error).self) { try BinaryCoding.decode(Sample.self, from: []) }
    }
}

