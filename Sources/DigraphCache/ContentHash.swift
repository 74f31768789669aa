/// XXH64 (Yann Collet's xxHash, 64-bit): fast, well-distributed, and stable across machines and
/// runs, unlike `Hasher`. Two seeds give the 128-bit keys of cache entries.
public enum XXH64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return finish(seed &+ prime5, length: 0) }
        var offset = 0
        var h: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            let limit = count - 32
            while offset <= limit {
                v1 = round(v1, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                v2 = round(v2, base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian)
                v3 = round(v3, base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self).littleEndian)
                v4 = round(v4, base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self).littleEndian)
                offset += 32
            }
            h = lanes(v1, v2, v3, v4)
        } else {
            h = seed &+ prime5
        }
        return tail(h, UnsafeRawBufferPointer(rebasing: bytes[offset...]), count: count)
    }

    /// The state after the stripes, from the four lanes.
    @inline(__always) private static func lanes(_ v1: UInt64, _ v2: UInt64, _ v3: UInt64, _ v4: UInt64) -> UInt64 {
        var h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
        h = merge(h, v1)
        h = merge(h, v2)
        h = merge(h, v3)
        h = merge(h, v4)
        return h
    }

    /// The bytes after the last whole stripe (fewer than 32), then the avalanche.
    @inline(__always) private static func tail(_ state: UInt64, _ rest: UnsafeRawBufferPointer, count: Int) -> UInt64 {
        var h = state &+ UInt64(count)
        var offset = 0
        let end = rest.count
        while offset + 8 <= end {
            let k = round(0, rest.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
            h = rotl(h ^ k, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= end {
            let k = UInt64(rest.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
            h = rotl(h ^ (k &* prime1), 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < end {
            let k = UInt64(rest.load(fromByteOffset: offset, as: UInt8.self))
            h = rotl(h ^ (k &* prime5), 11) &* prime1
            offset += 1
        }
        return avalanche(h)
    }

    /// The hashes of `bytes` with two seeds, as two calls of ``hash(_:seed:)`` give them, in one
    /// pass over the bytes: the stripes' two sets of lanes are independent work for the processor
    /// to overlap, and the bytes come from memory once.
    public static func hashes(_ bytes: UnsafeRawBufferPointer, seeds: (UInt64, UInt64)) -> (UInt64, UInt64) {
        let count = bytes.count
        guard count >= 32, let base = bytes.baseAddress else {
            return (hash(bytes, seed: seeds.0), hash(bytes, seed: seeds.1))
        }
        var (a1, a2, a3, a4) = (seeds.0 &+ prime1 &+ prime2, seeds.0 &+ prime2, seeds.0, seeds.0 &- prime1)
        var (b1, b2, b3, b4) = (seeds.1 &+ prime1 &+ prime2, seeds.1 &+ prime2, seeds.1, seeds.1 &- prime1)
        var offset = 0
        let limit = count - 32
        while offset <= limit {
            let w1 = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
            let w2 = base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian
            let w3 = base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self).littleEndian
            let w4 = base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self).littleEndian
            a1 = round(a1, w1)
            b1 = round(b1, w1)
            a2 = round(a2, w2)
            b2 = round(b2, w2)
            a3 = round(a3, w3)
            b3 = round(b3, w3)
            a4 = round(a4, w4)
            b4 = round(b4, w4)
            offset += 32
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        return (
            tail(lanes(a1, a2, a3, a4), rest, count: count), tail(lanes(b1, b2, b3, b4), rest, count: count)
        )
    }

    public static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }

    public static func hash(_ string: String, seed: UInt64 = 0) -> UInt64 {
        var string = string
        return string.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// Masking shifts: one rotate instruction, no check of the amount.
    @inline(__always) private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x &<< r) | (x &>> (64 &- r)) }

    @inline(__always) private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* prime2, 31) &* prime1
    }

    @inline(__always) private static func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* prime1 &+ prime4
    }

    @inline(__always) private static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        h ^= h >> 32
        return h
    }

    private static func finish(_ h: UInt64, length: Int) -> UInt64 { avalanche(h &+ UInt64(length)) }
}

/// A 128-bit digest: what a cache entry is filed under.
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of `bytes`: two XXH64 passes with different seeds.
    public init(_ bytes: UnsafeRawBufferPointer) {
        (high, low) = XXH64.hashes(bytes, seeds: (0x6469_6772_6170_6831, 0x6361_6368_6573_3132))
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { CacheKey($0) }
    }

    /// The key of an entry kept beside this one (a result's graph, read only by some runs).
    public func beside(_ name: String) -> CacheKey { CacheKey(parts: [bytes, Array(name.utf8)]) }

    /// The digest of several parts, each length-prefixed so that no two different lists of parts
    /// give the same bytes.
    public init(parts: [[UInt8]]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count + 8 })
        for part in parts {
            withUnsafeBytes(of: UInt64(part.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: part)
        }
        self.init(bytes)
    }

    /// The key's 16 bytes, little-endian high then low.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16)
        withUnsafeBytes(of: high.littleEndian) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: low.littleEndian) { out.append(contentsOf: $0) }
        return out
    }

    /// 32 lowercase hex digits.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((word >> UInt64(shift)) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
