#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A compact binary form of any `Codable` value, for cache entries: no text to parse or escape,
/// no number formatting, each key name and each distinct string written once per document (the
/// file path every location of a file's facts repeats is one string). Decoding is several times
/// faster than JSON, which matters when a warm run reads the facts of every file.
///
/// A keyed container leaves out its empty arrays (most of a file's facts are empty lists); an
/// absent array decodes empty.
///
/// Layout: the key names, then the distinct strings (each a count, then length-prefixed UTF-8),
/// then the root value. Every value inside a container is preceded by its length as a varint
/// plus one (0 for nil), so a reader can skip it without knowing its type; a keyed container is
/// its entry count then (key index, value) pairs; an unkeyed one its element count then the
/// elements. Integers are zigzag varints, strings the varint index of their text in the table,
/// doubles their IEEE bits.
///
/// Decoding never trusts the bytes: every length and count is checked against what is left, and
/// anything malformed throws `DecodingError.dataCorrupted` (a cache entry that fails to decode is
/// a miss, never a crash).
public enum BinaryCoding {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try encode(value, usingWritables: true)
    }

    /// `usingWritables: false`: every value through `Codable`, for tests comparing the two.
    static func encode<T: Encodable>(_ value: T, usingWritables: Bool) throws -> [UInt8] {
        guard usingWritables else {
            // A writer of its own: the pool's have the writables' shapes.
            let writer = BinaryWriter()
            writer.usesWritables = false
            try writer.encodeRoot(value)
            return writer.document()
        }
        let writer = BinaryWriter.pool.take()
        defer { BinaryWriter.pool.give(writer) }
        try writer.encodeRoot(value)
        return writer.document()
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// One document among others (a pack of them), without copying it out.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    static func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> T {
        let reader = try BinaryReader(buffer)
        return try reader.decodeRoot(type)
    }
}

// MARK: - Writing

// The writer and the reader are used by one thread, one value at a time: their state is exempt
// from the run-time exclusivity checks, which cost more than the rest of the bookkeeping.
@usableFromInline
final class BinaryWriter {
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var keyNames = StringTable()
    @exclusivity(unchecked) private var strings = StringTable()
    /// How each type met so far is written (see ``ValueShape``).
    @exclusivity(unchecked) private var shapes = BitsTable<ValueShape>()

    /// Open containers, innermost last. A container's frame is closed (its count and last entry's
    /// length written) when an outer container starts its next entry, or at the end.
    struct Frame {
        var id: Int
        /// Where the count goes; -1 for the root.
        var countOffset: Int
        var count: UInt64 = 0
        /// The one-byte length slot of the entry being written; -1 when none is open.
        var pending: Int = -1
    }

    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var nextFrameID = 0

    init() { bytes.reserveCapacity(4096) }

    /// Writers between documents: a cold run writes one per file, and a writer's tables (the
    /// shapes above all, which never change) are worth keeping from one to the next.
    static let pool = Pool()

    final class Pool: @unchecked Sendable {
        private var idle: [BinaryWriter] = []
        private let lock = Mutex()

        func take() -> BinaryWriter { lock.withLock { idle.popLast() } ?? BinaryWriter() }

        func give(_ writer: BinaryWriter) {
            writer.reset()
            lock.withLock { idle.append(writer) }
        }
    }

    /// Ready for the next document, with the capacity of the last (and its type shapes).
    private func reset() {
        bytes.removeAll(keepingCapacity: true)
        keyNames.removeAll()
        strings.removeAll()
        frames.removeAll(keepingCapacity: true)
        nextFrameID = 0
        // A large document's buffer is not kept: what a pooled writer holds between documents
        // adds to the run's peak of memory.
        if bytes.capacity > 1 << 16 { bytes = [] }
    }

    func encodeRoot<T: Encodable>(_ value: T) throws {
        let root = pushFrame(countOffset: -1)
        openEntry(root)
        try encodeValue(value)
        closeFrames(downTo: 0)
    }

    /// The key names and the strings, then the body.
    func document() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + keyNames.listed.count + strings.listed.count + 20)
        Self.appendVarint(UInt64(keyNames.count), to: &out)
        out.append(contentsOf: keyNames.listed)
        Self.appendVarint(UInt64(strings.count), to: &out)
        out.append(contentsOf: strings.listed)
        out.append(contentsOf: bytes)
        return out
    }

    // Frames

    func pushFrame(countOffset: Int) -> FrameRef {
        nextFrameID += 1
        frames.append(Frame(id: nextFrameID, countOffset: countOffset))
        return FrameRef(index: frames.count - 1, id: nextFrameID)
    }

    /// A new container at the current position: its count, filled in when it closes.
    @usableFromInline
    func openContainer() -> FrameRef {
        let offset = bytes.count
        bytes.append(0)
        return pushFrame(countOffset: offset)
    }

    @usableFromInline
    struct FrameRef {
        @usableFromInline var index: Int
        var id: Int
    }

    func check(_ frame: FrameRef) throws {
        guard frame.index < frames.count, frames[frame.index].id == frame.id else {
            throw EncodingError.invalidValue(
                0, EncodingError.Context(codingPath: [], debugDescription: "container used after a later sibling was written"))
        }
    }

    /// Closes the containers opened inside `frame`'s current entry, and that entry.
    @usableFromInline
    func settle(_ frame: FrameRef) {
        closeFrames(downTo: frame.index + 1)
        closePending(frame.index)
    }

    @usableFromInline
    func openEntry(_ frame: FrameRef) {
        settle(frame)
        frames[frame.index].count += 1
        frames[frame.index].pending = bytes.count
        bytes.append(0)
    }

    func writeNilEntry(_ frame: FrameRef) {
        settle(frame)
        frames[frame.index].count += 1
        bytes.append(0)
    }

    private func closePending(_ index: Int) {
        let slot = frames[index].pending
        guard slot >= 0 else { return }
        fill(slot, with: UInt64(bytes.count - slot - 1) + 1)
        frames[index].pending = -1
    }

    @usableFromInline
    func closeFrames(downTo count: Int) {
        while frames.count > count {
            closePending(frames.count - 1)
            let frame = frames.removeLast()
            if frame.countOffset >= 0 { fill(frame.countOffset, with: frame.count) }
        }
    }

    /// Writes `value` as a varint into the one-byte placeholder at `offset`, making room when it
    /// takes more (only what follows moves, and all of it is already complete).
    private func fill(_ offset: Int, with value: UInt64) {
        if value < 0x80 {
            bytes[offset] = UInt8(value)
            return
        }
        var varint: [UInt8] = []
        Self.appendVarint(value, to: &varint)
        bytes.insert(contentsOf: varint.dropFirst(), at: offset + 1)
        for (i, byte) in varint.enumerated() { bytes[offset + i] = byte }
    }

    func keyID(_ key: CodingKey) -> Int { keyID(name: key.stringValue) }

    func keyID(name: String) -> Int { keyNames.index(of: name) }

    /// `Optional.none` through a single-value container: the entry being written is nil.
    func markPendingNil() throws {
        guard let index = frames.indices.last, frames[index].pending >= 0, frames[index].pending == bytes.count - 1 else {
            throw EncodingError.invalidValue(
                0, EncodingError.Context(codingPath: [], debugDescription: "nil after part of a value was written"))
        }
        bytes[frames[index].pending] = 0
        frames[index].pending = -1
    }

    // Values

    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    func writeVarint(_ value: UInt64) { Self.appendVarint(value, to: &bytes) }
    func writeSigned(_ value: Int64) { writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
    func writeString(_ value: String) { writeVarint(UInt64(strings.index(of: value))) }
    func writeBool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    func writeDouble(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
    func writeFloat(_ value: Float) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }

    /// A value at the current position: primitives directly, anything else through its `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        // Metatype comparisons first, then the shape found once per type: a conformance lookup
        // per value cost more than writing it.
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writeSigned(Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else {
            switch shape(of: T.self) {
            case .primitive: (value as! any BinaryPrimitive).write(to: self)
            case .array(let array): try withUnsafePointer(to: value) { try array.binaryEncode(UnsafeRawPointer($0), self) }
            case .writable(let writable):
                let frame = openContainer()
                var fields = BinaryFields(writer: self, frame: frame)
                try withUnsafePointer(to: value) { try writable.binaryWrite(UnsafeRawPointer($0), to: &fields) }
                closeFrames(downTo: frame.index)
            // A dictionary's decoding lists its keys: none of its entries may be left out.
            case .dictionary: try value.encode(to: BinaryEncoderImpl(writer: self, keepsEmptyArrays: true))
            case .other: try value.encode(to: BinaryEncoderImpl(writer: self, keepsEmptyArrays: false))
            }
        }
    }

    /// Whether ``BinaryWritable`` conformances are used (tests compare them with `Codable`).
    var usesWritables = true

    func shape<T>(of type: T.Type) -> ValueShape {
        let id = (UInt64(UInt(bitPattern: ObjectIdentifier(type))), UInt64(0))
        if let known = shapes[id] { return known }
        let found: ValueShape
        if Self.isPrimitive(type) {
            found = .primitive
        } else if let array = type as? any BinaryEncodableArray.Type {
            found = .array(array)
        } else if usesWritables, let writable = type as? any BinaryWritable.Type {
            found = .writable(writable)
        } else {
            found = type is any BinaryKeyedCollection.Type ? .dictionary : .other
        }
        shapes.insert(id, found)
        return found
    }

    /// An array's elements, as an unkeyed container writes them, without one.
    @usableFromInline
    func encodeElements<Element: Encodable>(_ elements: [Element]) throws {
        let frame = openContainer()
        // The lists of numbers and names (an index's keys, a program's files) element by element
        // without asking each element's type how it is written: the same bytes.
        if Element.self == UInt64.self {
            for value in unsafeBitCast(elements, to: [UInt64].self) {
                openEntry(frame)
                writeVarint(value)
                settle(frame)
            }
        } else if Element.self == Int.self {
            for value in unsafeBitCast(elements, to: [Int].self) {
                openEntry(frame)
                writeSigned(Int64(value))
                settle(frame)
            }
        } else if Element.self == String.self {
            writeStrings(unsafeBitCast(elements, to: [String].self), in: frame)
        } else {
            for element in elements {
                openEntry(frame)
                try encodeValue(element)
                settle(frame)
            }
        }
        closeFrames(downTo: frame.index)
    }

    /// Names, each an entry of the open container `frame`.
    func writeStrings(_ texts: [String], in frame: FrameRef) {
        for text in texts {
            openEntry(frame)
            writeString(text)
            settle(frame)
        }
    }

    private static func isPrimitive(_ type: Any.Type) -> Bool {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Double.self), ObjectIdentifier(Float.self), ObjectIdentifier(Int8.self),
            ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
            ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
            ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(String.self),
            ObjectIdentifier(Int.self), ObjectIdentifier(Bool.self):
            return true
        default:
            return false
        }
    }

}

/// How a type's values are written. The metatypes are kept so that a value is written through
/// its type's static requirement, without a cast (a conformance lookup) per value.
enum ValueShape {
    /// Directly (``BinaryPrimitive``).
    case primitive
    /// Element by element, without a container (``BinaryEncodableArray``).
    case array(any BinaryEncodableArray.Type)
    /// Field by field, without `Codable`'s containers (``BinaryWritable``).
    case writable(any BinaryWritable.Type)
    /// Through its `encode(to:)`, every entry kept (``BinaryKeyedCollection``).
    case dictionary
    /// Through its `encode(to:)`.
    case other
}

/// A type that writes its fields itself, in the bytes its synthesized `Codable` conformance
/// writes through ``BinaryCoding`` (the same keys in the same order, optionals and empty arrays
/// left out the same way), so that it decodes through `Codable` as before. For the facts every
/// file has many of, where `Codable`'s containers cost more than the bytes.
public protocol BinaryWritable: Encodable {
    func write(to fields: inout BinaryFields) throws
}

extension BinaryWritable {
    static func binaryWrite(_ value: UnsafeRawPointer, to fields: inout BinaryFields) throws {
        try value.assumingMemoryBound(to: Self.self).pointee.write(to: &fields)
    }
}

/// The fields of one ``BinaryWritable`` value, in order.
public struct BinaryFields {
    @usableFromInline let writer: BinaryWriter?
    @usableFromInline let frame: BinaryWriter.FrameRef
    /// Every key asked for, written or left out, when the fields are only listed (tests compare
    /// them with the type's stored properties).
    var listed: [String]?

    @usableFromInline
    init(writer: BinaryWriter, frame: BinaryWriter.FrameRef) {
        self.writer = writer
        self.frame = frame
    }

    init(listing: Void) {
        writer = nil
        frame = BinaryWriter.FrameRef(index: 0, id: 0)
        listed = []
    }

    /// The writer, when the field is to be written (not only listed).
    @usableFromInline
    mutating func open(_ key: String, _ written: Bool = true) -> BinaryWriter? {
        guard let writer else {
            listed?.append(key)
            return nil
        }
        guard written else { return nil }
        writer.settle(frame)
        writer.writeVarint(UInt64(writer.keyID(name: key)))
        writer.openEntry(frame)
        return writer
    }

    public mutating func field(_ key: String, _ value: String) { open(key)?.writeString(value) }

    public mutating func field(_ key: String, _ value: Int) { open(key)?.writeSigned(Int64(value)) }

    public mutating func field(_ key: String, _ value: Bool) { open(key)?.writeBool(value) }

    /// Left out when nil, as `encodeIfPresent` does.
    public mutating func field(_ key: String, _ value: String?) { open(key, value != nil)?.writeString(value!) }

    /// Left out when empty (see ``BinaryKeyedEncoding/encode(_:forKey:)``). Inlinable: most of
    /// a file's lists are empty, and telling so through the generic version cost a call and the
    /// array type's metadata.
    @inlinable
    public mutating func field<Element: Encodable>(_ key: String, _ value: [Element]) throws {
        guard let writer = open(key, !value.isEmpty) else { return }
        try writer.encodeElements(value)
    }

    /// Left out when empty: the elements as ``BinaryWriter/encodeElements(_:)`` writes them.
    public mutating func field(_ key: String, _ value: [String]) {
        guard let writer = open(key, !value.isEmpty) else { return }
        let list = writer.openContainer()
        writer.writeStrings(value, in: list)
        writer.closeFrames(downTo: list.index)
    }

    public mutating func field<Value: Encodable>(_ key: String, _ value: Value) throws {
        try open(key)?.encodeValue(value)
    }

    /// Left out when nil, as `encodeIfPresent` does.
    public mutating func field<Value: Encodable>(_ key: String, _ value: Value?) throws {
        try open(key, value != nil)?.encodeValue(value!)
    }

    // The same bytes for values that write their own fields, specialised where they are called
    // (inlinable): through the generic versions above, each value paid a look-up of its type's
    // shape, a dynamic call and the run time's generic metadata, a fifth of encoding the facts.

    /// Left out when empty.
    @inlinable
    public mutating func field<Element: BinaryWritable>(_ key: String, _ value: [Element]) throws {
        guard let writer = open(key, !value.isEmpty) else { return }
        let list = writer.openContainer()
        for index in value.indices {
            writer.openEntry(list)
            try Self.write(value[index], into: writer)
            writer.settle(list)
        }
        writer.closeFrames(downTo: list.index)
    }

    @inlinable
    public mutating func field<Value: BinaryWritable>(_ key: String, _ value: Value) throws {
        guard let writer = open(key) else { return }
        try Self.write(value, into: writer)
    }

    /// Left out when nil.
    @inlinable
    public mutating func field<Value: BinaryWritable>(_ key: String, _ value: Value?) throws {
        guard let writer = open(key, value != nil), let value else { return }
        try Self.write(value, into: writer)
    }

    /// A value's container at the writer's position, as ``BinaryWriter/encodeValue(_:)`` writes it.
    @inlinable
    static func write<Value: BinaryWritable>(_ value: Value, into writer: BinaryWriter) throws {
        let frame = writer.openContainer()
        var fields = BinaryFields(writer: writer, frame: frame)
        try value.write(to: &fields)
        writer.closeFrames(downTo: frame.index)
    }

    /// A keyed container as the value of `key`, its fields written by `body`: how synthesized
    /// `Codable` writes an enum's case (the case's name, then its associated values under their
    /// labels, or `_0`, `_1`, …; a case without values is an empty container).
    public mutating func nested(_ key: String, _ body: (inout BinaryFields) throws -> Void) rethrows {
        guard let writer = open(key) else { return }
        let frame = writer.openContainer()
        var inner = BinaryFields(writer: writer, frame: frame)
        try body(&inner)
        writer.closeFrames(downTo: frame.index)
    }
}

extension BinaryCoding {
    /// The keys `value` writes, in order, empty and nil fields included.
    static func fieldNames(of value: some BinaryWritable) throws -> [String] {
        var fields = BinaryFields(listing: ())
        try value.write(to: &fields)
        return fields.listed ?? []
    }
}

/// A document's table of distinct strings (its key names, its string values): each text's index,
/// by its first use. Looked up by representation first (see ``StringIdentityTable``), which skips
/// reading the text of a string met before; then by its UTF-8, hashed a word at a time (`Hasher`
/// over a `Dictionary` of strings was a quarter of the encoding).
struct StringTable {
    /// The texts as the document lists them: each one's length as a varint, then its UTF-8.
    private(set) var listed: [UInt8] = []
    /// Where each text's UTF-8 starts in ``listed``, and its length.
    private var spans: [(start: Int, length: Int)] = []
    /// Open addressing by the UTF-8's hash: the text's index + 1 (0 for an empty slot), beside the
    /// hash's low bits, which tell most other texts apart without comparing their bytes.
    private var slots: [(entry: UInt32, hash: UInt32)] = Array(repeating: (0, 0), count: 64)
    private var byIdentity = StringIdentityTable()

    var count: Int { spans.count }

    mutating func index(of text: String) -> Int {
        if let index = byIdentity[text] { return index }
        let index =
            text.utf8.withContiguousStorageIfAvailable { lookup(utf8: $0) }
            ?? {
                var copy = text
                return copy.withUTF8 { lookup(utf8: $0) }
            }()
        byIdentity.insert(text, index)
        return index
    }

    private mutating func lookup(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(utf8)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot].entry != 0 {
            if slots[slot].hash == UInt32(truncatingIfNeeded: hash) {
                let index = Int(slots[slot].entry) - 1
                if isText(index, utf8) { return index }
            }
            slot = (slot + 1) & mask
        }
        let index = spans.count
        BinaryWriter.appendVarint(UInt64(utf8.count), to: &listed)
        spans.append((listed.count, utf8.count))
        listed.append(contentsOf: utf8)
        slots[slot] = (UInt32(index + 1), UInt32(truncatingIfNeeded: hash))
        if spans.count * 2 > slots.count { grow() }
        return index
    }

    private func isText(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = spans[index]
        guard span.length == utf8.count else { return false }
        guard let base = utf8.baseAddress, span.length > 0 else { return true }
        return listed.withUnsafeBufferPointer { memcmp($0.baseAddress! + span.start, base, span.length) == 0 }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0), count: old.count * 2)
        let mask = slots.count - 1
        for (entry, _) in old where entry != 0 {
            let span = spans[Int(entry) - 1]
            let hash = listed.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.length])) }
            var slot = Int(truncatingIfNeeded: hash >> 32) & mask
            while slots[slot].entry != 0 { slot = (slot + 1) & mask }
            slots[slot] = (entry, UInt32(truncatingIfNeeded: hash))
        }
    }

    /// Eight bytes at a time, each word mixed by a multiplication: texts are not chosen by an
    /// adversary here, and a collision only costs a comparison.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }

    /// Empty for the next document; a large table is not kept (see ``BinaryWriter``'s pool).
    mutating func removeAll() {
        guard spans.capacity <= 1 << 10 else {
            self = StringTable()
            return
        }
        listed.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = (0, 0) }
        byIdentity.removeAll()
    }
}

/// Indices of strings by their 16 bytes of representation, in front of a table by their text.
///
/// Equal representations are equal strings: a small string holds its UTF-8 inline (equal text,
/// equal bytes), a literal or a heap string points at its storage. A string's text may have
/// several representations (then it is looked up by text once for each), so the table only
/// answers for a string seen before. It keeps every string it holds alive, so that no storage it
/// points at is freed and reused for another text while it is in use.
struct StringIdentityTable {
    private var table = BitsTable<Int>()
    private var kept: [String] = []

    private static func bits(_ string: String) -> (UInt64, UInt64) { unsafeBitCast(string, to: (UInt64, UInt64).self) }

    subscript(_ string: String) -> Int? { table[Self.bits(string)] }

    mutating func removeAll() {
        table.removeAll()
        kept.removeAll(keepingCapacity: kept.capacity <= 4096)
    }

    mutating func insert(_ string: String, _ index: Int) {
        kept.append(string)
        table.insert(Self.bits(string), index)
    }
}

/// An open-addressing table keyed by 16 bytes, hashed by two multiplications: the writer's
/// lookups by identity are on every value, where `Hasher` cost more than the rest.
struct BitsTable<Value> {
    private var keys: [(UInt64, UInt64)] = Array(repeating: (0, 0), count: 64)
    private var values: [Value?] = Array(repeating: nil, count: 64)
    private var count = 0
    private var mask = 63

    private func slot(_ key: (UInt64, UInt64)) -> Int {
        Int(truncatingIfNeeded: (((key.0 &* 0x9E37_79B9_7F4A_7C15) ^ key.1) &* 0xBF58_476D_1CE4_E5B9) >> 40) & mask
    }

    subscript(_ key: (UInt64, UInt64)) -> Value? {
        var i = slot(key)
        while let value = values[i] {
            if keys[i] == key { return value }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Empty, keeping up to 4096 slots.
    mutating func removeAll() {
        guard count > 0 else { return }
        count = 0
        if keys.count > 4096 {
            self = BitsTable()
        } else {
            for i in values.indices { values[i] = nil }
        }
    }

    /// `key` must not be in the table yet.
    mutating func insert(_ key: (UInt64, UInt64), _ value: Value) {
        if (count + 1) * 2 > keys.count { grow() }
        count += 1
        place(key, value)
    }

    private mutating func place(_ key: (UInt64, UInt64), _ value: Value) {
        var i = slot(key)
        while values[i] != nil { i = (i + 1) & mask }
        keys[i] = key
        values[i] = value
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = Array(repeating: (0, 0), count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        mask = keys.count - 1
        for (key, value) in zip(oldKeys, oldValues) { if let value { place(key, value) } }
    }
}

/// Types written directly, without a container.
protocol BinaryPrimitive {
    func write(to writer: BinaryWriter)
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Self
}

extension String: BinaryPrimitive {
    func write(to writer: BinaryWriter) { writer.writeString(self) }
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> String { try reader.stringValue(start, end) }
}

extension Bool: BinaryPrimitive {
    func write(to writer: BinaryWriter) { writer.writeBool(self) }
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Bool {
        guard end - start == 1 else { throw reader.corrupt("a Bool is one byte") }
        return reader.byte(start) != 0
    }
}

extension Double: BinaryPrimitive {
    func write(to writer: BinaryWriter) { writer.writeDouble(self) }
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Double {
        Double(bitPattern: try reader.fixed64(start, end))
    }
}

extension Float: BinaryPrimitive {
    func write(to writer: BinaryWriter) { writer.writeFloat(self) }
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Float {
        Float(bitPattern: try reader.fixed32(start, end))
    }
}

protocol BinarySignedPrimitive: BinaryPrimitive, FixedWidthInteger, SignedInteger {}
protocol BinaryUnsignedPrimitive: BinaryPrimitive, FixedWidthInteger, UnsignedInteger {}

extension BinarySignedPrimitive {
    func write(to writer: BinaryWriter) { writer.writeSigned(Int64(self)) }
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Self {
        let raw = try reader.varint(start, end)
        let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
        guard let exact = Self(exactly: value) else { throw reader.corrupt("integer out of range") }
        return exact
    }
}

extension BinaryUnsignedPrimitive {
    func write(to writer: BinaryWriter) { writer.writeVarint(UInt64(self)) }
    static func read(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Self {
        guard let exact = Self(exactly: try reader.varint(start, end)) else { throw reader.corrupt("integer out of range") }
        return exact
    }
}

extension Int: BinarySignedPrimitive {}
extension Int8: BinarySignedPrimitive {}
extension Int16: BinarySignedPrimitive {}
extension Int32: BinarySignedPrimitive {}
extension Int64: BinarySignedPrimitive {}
extension UInt: BinaryUnsignedPrimitive {}
extension UInt8: BinaryUnsignedPrimitive {}
extension UInt16: BinaryUnsignedPrimitive {}
extension UInt32: BinaryUnsignedPrimitive {}
extension UInt64: BinaryUnsignedPrimitive {}

struct BinaryEncoderImpl: Encoder {
    let writer: BinaryWriter
    /// Set for a dictionary (see ``BinaryKeyedEncoding/encode(_:forKey:)``).
    var keepsEmptyArrays = false
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            BinaryKeyedEncoding<Key>(writer: writer, frame: writer.openContainer(), keepsEmptyArrays: keepsEmptyArrays))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(writer: writer, frame: writer.openContainer())
    }

    func singleValueContainer() -> SingleValueEncodingContainer { BinarySingleValueEncoding(writer: writer) }
}

struct BinaryKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: BinaryWriter
    let frame: BinaryWriter.FrameRef
    /// A dictionary's entries: an empty array is an entry like any other.
    var keepsEmptyArrays = false
    var codingPath: [CodingKey] { [] }

    private func open(_ key: Key) throws {
        try writer.check(frame)
        writer.settle(frame)
        writer.writeVarint(UInt64(writer.keyID(key)))
        writer.openEntry(frame)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try writer.check(frame)
        writer.settle(frame)
        writer.writeVarint(UInt64(writer.keyID(key)))
        writer.writeNilEntry(frame)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // An empty array is left out (``BinaryKeyedDecoding/decode(_:forKey:)`` gives it back):
        // most of a file's facts are empty lists, and each cost a key, a length and a count.
        if !keepsEmptyArrays, T.self != String.self, T.self != Int.self, T.self != Bool.self,
            case .array(let array) = writer.shape(of: T.self), withUnsafePointer(to: value, { array.binaryIsEmpty(UnsafeRawPointer($0)) })
        {
            return
        }
        try open(key)
        try writer.encodeValue(value)
        writer.settle(frame)
    }

    /// Written as it is, an empty array too: `decodeIfPresent` must tell `[]` from nil.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return }
        try open(key)
        try writer.encodeValue(value)
        writer.settle(frame)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        try? open(key)
        return KeyedEncodingContainer(BinaryKeyedEncoding<NestedKey>(writer: writer, frame: writer.openContainer()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        try? open(key)
        return BinaryUnkeyedEncoding(writer: writer, frame: writer.openContainer())
    }

    mutating func superEncoder() -> Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        try? open(key)
        return BinaryEncoderImpl(writer: writer)
    }
}

struct BinaryUnkeyedEncoding: UnkeyedEncodingContainer {
    let writer: BinaryWriter
    let frame: BinaryWriter.FrameRef
    var codingPath: [CodingKey] { [] }
    private(set) var count = 0

    init(writer: BinaryWriter, frame: BinaryWriter.FrameRef) {
        self.writer = writer
        self.frame = frame
    }

    mutating func encodeNil() throws {
        try writer.check(frame)
        writer.writeNilEntry(frame)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.check(frame)
        writer.openEntry(frame)
        try writer.encodeValue(value)
        writer.settle(frame)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.openEntry(frame)
        count += 1
        return KeyedEncodingContainer(BinaryKeyedEncoding<NestedKey>(writer: writer, frame: writer.openContainer()))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        writer.openEntry(frame)
        count += 1
        return BinaryUnkeyedEncoding(writer: writer, frame: writer.openContainer())
    }

    mutating func superEncoder() -> Encoder {
        writer.openEntry(frame)
        count += 1
        return BinaryEncoderImpl(writer: writer)
    }
}

/// Writes into the entry its encoder was made for.
struct BinarySingleValueEncoding: SingleValueEncodingContainer {
    let writer: BinaryWriter
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil() throws { try writer.markPendingNil() }

    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { writer.writeDouble(value) }
    mutating func encode(_ value: Float) throws { writer.writeFloat(value) }
    mutating func encode(_ value: Int) throws { writer.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int16) throws { writer.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int32) throws { writer.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int64) throws { writer.writeSigned(value) }
    mutating func encode(_ value: UInt) throws { writer.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writer.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writer.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writer.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writer.writeVarint(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
}

/// Arrays are written and read without the `Codable` containers (one existential container and a
/// dynamic call per element): the same bytes, a fraction of the cost, and facts are mostly arrays.
/// Dictionaries: their decoding lists the keys written, so every entry must be.
protocol BinaryKeyedCollection {}
extension Dictionary: BinaryKeyedCollection {}

protocol BinaryEncodableArray {
    /// `value` points at an instance of this type.
    static func binaryEncode(_ value: UnsafeRawPointer, _ writer: BinaryWriter) throws
    static func binaryIsEmpty(_ value: UnsafeRawPointer) -> Bool
}

protocol BinaryDecodableArray {
    static func binaryDecode(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> Self
    /// What an absent key of this type decodes to (see ``BinaryKeyedEncoding/encode(_:forKey:)``).
    static var binaryEmpty: Self { get }
}

extension Array: BinaryEncodableArray where Element: Encodable {
    static func binaryEncode(_ value: UnsafeRawPointer, _ writer: BinaryWriter) throws {
        try writer.encodeElements(value.assumingMemoryBound(to: [Element].self).pointee)
    }

    static func binaryIsEmpty(_ value: UnsafeRawPointer) -> Bool { value.assumingMemoryBound(to: [Element].self).pointee.isEmpty }
}

extension Array: BinaryDecodableArray where Element: Decodable {
    static func binaryDecode(_ reader: BinaryReader, _ start: Int, _ end: Int) throws -> [Element] {
        try reader.decodeElements(Element.self, start, end)
    }

    static var binaryEmpty: [Element] { [] }
}

// MARK: - Reading

final class BinaryReader {
    let buffer: UnsafeRawBufferPointer
    /// Key names by index.
    @exclusivity(unchecked) private(set) var keyNames: [String] = []
    /// The string table: where each string's UTF-8 is, and the strings made so far (each is made
    /// once, on first use, and shared by every value that names it).
    @exclusivity(unchecked) private var stringRanges: [(start: Int, end: Int)] = []
    @exclusivity(unchecked) private var strings: [String?] = []
    /// Where the root value starts.
    private var bodyStart = 0

    init(_ buffer: UnsafeRawBufferPointer) throws {
        self.buffer = buffer
        var position = 0
        for table in 0..<2 {
            let count = try readVarint(&position, buffer.count)
            guard count <= UInt64(buffer.count - position) else { throw corrupt("table size") }
            for _ in 0..<Int(count) {
                let length = try readVarint(&position, buffer.count)
                guard length <= UInt64(buffer.count - position) else { throw corrupt("string length") }
                let range = (position, position + Int(length))
                position += Int(length)
                if table == 0 {
                    keyNames.append(string(range.0, range.1))
                } else {
                    stringRanges.append(range)
                }
            }
        }
        strings = Array(repeating: nil, count: stringRanges.count)
        bodyStart = position
    }

    /// A string value: its index in the table.
    func stringValue(_ start: Int, _ end: Int) throws -> String {
        let index = try varint(start, end)
        guard index < UInt64(stringRanges.count) else { throw corrupt("string index") }
        if let made = strings[Int(index)] { return made }
        let range = stringRanges[Int(index)]
        let made = string(range.start, range.end)
        strings[Int(index)] = made
        return made
    }

    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        var position = bodyStart
        guard let (start, end) = try entry(&position, buffer.count) else {
            guard position == buffer.count else { throw corrupt("bytes after the root value") }
            return try decodeValue(type, -1, -1)
        }
        guard end == buffer.count else { throw corrupt("bytes after the root value") }
        return try decodeValue(type, start, end)
    }

    func corrupt(_ what: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "corrupt binary value: \(what)"))
    }

    func byte(_ offset: Int) -> UInt8 { buffer[offset] }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }

    func readVarint(_ position: inout Int, _ end: Int) throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end, shift < 64 else { throw corrupt("varint") }
            let byte = buffer[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A whole value that is one varint.
    func varint(_ start: Int, _ end: Int) throws -> UInt64 {
        var position = start
        let value = try readVarint(&position, end)
        guard position == end else { throw corrupt("integer length") }
        return value
    }

    func fixed64(_ start: Int, _ end: Int) throws -> UInt64 {
        guard end - start == 8 else { throw corrupt("a Double is eight bytes") }
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }

    func fixed32(_ start: Int, _ end: Int) throws -> UInt32 {
        guard end - start == 4 else { throw corrupt("a Float is four bytes") }
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt32.self))
    }

    /// One length-prefixed entry at `position`: its bounds, or nil for a nil entry.
    func entry(_ position: inout Int, _ end: Int) throws -> (Int, Int)? {
        let header = try readVarint(&position, end)
        if header == 0 { return nil }
        guard header - 1 <= UInt64(end - position) else { throw corrupt("value overruns its container") }
        let start = position
        position += Int(header - 1)
        return (start, position)
    }

    /// A container's count, at most `end - position` divided by the least bytes an item takes.
    func count(_ position: inout Int, _ end: Int, minimumItemSize: Int) throws -> Int {
        let count = try readVarint(&position, end)
        guard count <= UInt64((end - position) / minimumItemSize) else { throw corrupt("count") }
        return Int(count)
    }

    /// The value in `start..<end`; `start` -1 for a nil entry (only an `Optional` accepts it).
    func decodeValue<T: Decodable>(_ type: T.Type, _ start: Int, _ end: Int) throws -> T {
        if T.self == String.self {
            guard start >= 0 else { throw isNil(type) }
            return unsafeBitCast(try stringValue(start, end), to: T.self)
        }
        if T.self == Int.self {
            guard start >= 0 else { throw isNil(type) }
            return unsafeBitCast(try Int.read(self, start, end), to: T.self)
        }
        if T.self == Bool.self {
            guard start >= 0 else { throw isNil(type) }
            return unsafeBitCast(try Bool.read(self, start, end), to: T.self)
        }
        if Self.isOtherPrimitive(type), let primitive = type as? any BinaryPrimitive.Type {
            guard start >= 0 else { throw isNil(type) }
            guard let value = try primitive.read(self, start, end) as? T else { throw corrupt("type") }
            return value
        }
        if let array = type as? any BinaryDecodableArray.Type {
            guard start >= 0 else { throw isNil(type) }
            guard let value = try array.binaryDecode(self, start, end) as? T else { throw corrupt("type") }
            return value
        }
        return try T(from: BinaryDecoderImpl(reader: self, start: start, end: end))
    }

    /// An array's elements, as an unkeyed container reads them, without one.
    func decodeElements<Element: Decodable>(_ type: Element.Type, _ start: Int, _ end: Int) throws -> [Element] {
        var position = start
        let count = try self.count(&position, end, minimumItemSize: 1)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            if let (s, e) = try entry(&position, end) {
                elements.append(try decodeValue(type, s, e))
            } else {
                elements.append(try decodeValue(type, -1, -1))
            }
        }
        guard position == end else { throw corrupt("bytes after the last element") }
        return elements
    }

    private static func isOtherPrimitive(_ type: Any.Type) -> Bool {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Double.self), ObjectIdentifier(Float.self), ObjectIdentifier(Int8.self),
            ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
            ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
            ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self):
            return true
        default:
            return false
        }
    }

    func isNil(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(codingPath: [], debugDescription: "nil where a value is needed"))
    }
}

struct BinaryDecoderImpl: Decoder {
    let reader: BinaryReader
    let start: Int
    let end: Int
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard start >= 0 else { throw reader.isNil(type) }
        return KeyedDecodingContainer(try BinaryKeyedDecoding<Key>(reader: reader, start: start, end: end))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard start >= 0 else { throw reader.isNil(UnkeyedDecodingContainer.self) }
        return try BinaryUnkeyedDecoding(reader: reader, start: start, end: end)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        BinarySingleValueDecoding(reader: reader, start: start, end: end)
    }
}

struct BinaryKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: BinaryReader
    struct Entry {
        var key: Int
        /// -1 for nil.
        var start: Int
        var end: Int
    }
    private let entries: [Entry]
    var codingPath: [CodingKey] { [] }

    init(reader: BinaryReader, start: Int, end: Int) throws {
        self.reader = reader
        var position = start
        // Each entry takes at least two bytes: its key and its length.
        let count = try reader.count(&position, end, minimumItemSize: 2)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let key = try reader.readVarint(&position, end)
            guard key < UInt64(reader.keyNames.count) else { throw reader.corrupt("key index") }
            if let (s, e) = try reader.entry(&position, end) {
                entries.append(Entry(key: Int(key), start: s, end: e))
            } else {
                entries.append(Entry(key: Int(key), start: -1, end: -1))
            }
        }
        guard position == end else { throw reader.corrupt("bytes after the last entry") }
        self.entries = entries
    }

    var allKeys: [Key] { entries.compactMap { Key(stringValue: reader.keyNames[$0.key]) } }

    /// By name, comparing the key's name with each entry's: for the short names of synthesized
    /// keys that is cheaper than hashing the name to look it up.
    private func find(_ key: Key) -> Entry? {
        let name = key.stringValue
        for entry in entries where reader.keyNames[entry.key] == name { return entry }
        return nil
    }

    private func require(_ key: Key) throws -> Entry {
        guard let entry = find(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "no value"))
        }
        guard entry.start >= 0 else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: [key], debugDescription: "nil"))
        }
        return entry
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let entry = find(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "no value"))
        }
        return entry.start < 0
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let entry = find(key) else {
            // An empty array is not written.
            if let array = T.self as? any BinaryDecodableArray.Type, let empty = array.binaryEmpty as? T { return empty }
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "no value"))
        }
        return try reader.decodeValue(type, entry.start, entry.end)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let entry = find(key), entry.start >= 0 else { return nil }
        return try reader.decodeValue(type, entry.start, entry.end)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let entry = try require(key)
        return KeyedDecodingContainer(try BinaryKeyedDecoding<NestedKey>(reader: reader, start: entry.start, end: entry.end))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let entry = try require(key)
        return try BinaryUnkeyedDecoding(reader: reader, start: entry.start, end: entry.end)
    }

    func superDecoder() throws -> Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let entry = try require(key)
        return BinaryDecoderImpl(reader: reader, start: entry.start, end: entry.end)
    }
}

struct BinaryUnkeyedDecoding: UnkeyedDecodingContainer {
    let reader: BinaryReader
    private let end: Int
    private var position: Int
    var codingPath: [CodingKey] { [] }
    let count: Int?
    private(set) var currentIndex = 0

    init(reader: BinaryReader, start: Int, end: Int) throws {
        self.reader = reader
        self.end = end
        var position = start
        self.count = try reader.count(&position, end, minimumItemSize: 1)
        self.position = position
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private mutating func next() throws -> (Int, Int)? {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: [], debugDescription: "at end"))
        }
        let entry = try reader.entry(&position, end)
        currentIndex += 1
        return entry
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        var peek = position
        if try reader.readVarint(&peek, end) == 0 {
            position = peek
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let (start, end) = try next() else { return try reader.decodeValue(type, -1, -1) }
        return try reader.decodeValue(type, start, end)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard let (start, end) = try next() else { throw reader.corrupt("nil container") }
        return KeyedDecodingContainer(try BinaryKeyedDecoding<NestedKey>(reader: reader, start: start, end: end))
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard let (start, end) = try next() else { throw reader.corrupt("nil container") }
        return try BinaryUnkeyedDecoding(reader: reader, start: start, end: end)
    }

    mutating func superDecoder() throws -> Decoder {
        guard let (start, end) = try next() else { throw reader.corrupt("nil container") }
        return BinaryDecoderImpl(reader: reader, start: start, end: end)
    }
}

struct BinarySingleValueDecoding: SingleValueDecodingContainer {
    let reader: BinaryReader
    /// -1 for nil.
    let start: Int
    let end: Int
    var codingPath: [CodingKey] { [] }

    func decodeNil() -> Bool { start < 0 }

    private func read<T: BinaryPrimitive>(_ type: T.Type) throws -> T {
        guard start >= 0 else { throw reader.isNil(type) }
        return try T.read(reader, start, end)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    func decode(_ type: String.Type) throws -> String { try read(type) }
    func decode(_ type: Double.Type) throws -> Double { try read(type) }
    func decode(_ type: Float.Type) throws -> Float { try read(type) }
    func decode(_ type: Int.Type) throws -> Int { try read(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decodeValue(type, start, end) }
}
