import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The base protocol's framing: `Content-Length: N\r\n` (other headers ignored), a blank line,
/// then N bytes of JSON. A header block without a usable length cannot be skipped exactly: it is
/// reported, and reading resumes at the next `Content-Length` header.
struct FrameDecoder {
    enum Item: Equatable {
        case message(Data)
        /// The framing was broken; what was dropped and why.
        case malformed(String)
    }

    /// A header block longer than this without its blank line is not a header.
    static let maximumHeader = 8 * 1024
    /// A message longer than this is refused (its bytes are skipped).
    static let maximumLength = 256 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var skipping = 0

    mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next complete item, or nil until more bytes arrive.
    mutating func next() -> Item? {
        if skipping > 0 {
            let n = min(skipping, buffer.count)
            buffer.removeFirst(n)
            skipping -= n
            if skipping > 0 { return nil }
        }
        // Leading blank lines between messages are tolerated.
        while let first = buffer.first, first == 0x0D || first == 0x0A { buffer.removeFirst() }
        guard !buffer.isEmpty else { return nil }
        guard let (headerEnd, bodyStart) = Self.headerEnd(buffer) else {
            if buffer.count > Self.maximumHeader {
                let dropped = resync(from: 1)
                return .malformed("header of more than \(Self.maximumHeader) bytes without a blank line (\(dropped) bytes dropped)")
            }
            return nil
        }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        var length: Int?
        var problem: String?
        for line in header.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else {
                problem = "header line without a colon: \(line.prefix(60))"
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                if let n = Int(value), n >= 0 { length = n } else { problem = "Content-Length is not a number: \(value.prefix(40))" }
            }
        }
        guard let length else {
            let dropped = resync(from: 1)
            return .malformed((problem ?? "no Content-Length header") + " (\(dropped) bytes dropped)")
        }
        if length > Self.maximumLength {
            buffer.removeFirst(bodyStart)
            skipping = length
            return .malformed("message of \(length) bytes refused (limit \(Self.maximumLength))")
        }
        guard buffer.count >= bodyStart + length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return .message(body)
    }

    /// Where the header's blank line is: `\r\n\r\n`, or (leniently) `\n\n`.
    private static func headerEnd(_ bytes: [UInt8]) -> (Int, Int)? {
        var i = 0
        let limit = min(bytes.count, maximumHeader + 4)
        while i < limit {
            if bytes[i] == 0x0A {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < bytes.count, bytes[i + 1] == 0x0D, bytes[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// Drops bytes up to the next `Content-Length:` at or after `offset`; when there is none,
    /// drops everything but a tail that could be the start of one (which holds no blank line, so
    /// the next call waits for more input instead of reading the same bytes again). Returns how
    /// many bytes were dropped.
    private mutating func resync(from offset: Int) -> Int {
        let needle = Array("content-length:".utf8)
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var i = max(0, offset)
        while i < buffer.count {
            var k = 0
            while k < needle.count, i + k < buffer.count, lower(buffer[i + k]) == needle[k] { k += 1 }
            if k == needle.count || i + k == buffer.count && k > 0 {
                // A whole match, or a partial one running to the end of the input.
                buffer.removeFirst(i)
                return i
            }
            i += 1
        }
        let dropped = buffer.count
        buffer.removeAll(keepingCapacity: true)
        return dropped
    }
}

/// Reads frames from a file descriptor on a thread of its own and hands them to the server's
/// loop through a queue, so the loop can wait for "a message, or the time to re-analyse".
final class MessageQueue: @unchecked Sendable {
    enum Event {
        case item(FrameDecoder.Item)
        case end
    }

    private let condition = NSCondition()
    private var events: [Event] = []

    func start(reading fd: Int32) {
        let thread = Thread { [self] in
            var decoder = FrameDecoder()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                decoder.append(chunk[0..<n])
                while let item = decoder.next() { push(.item(item)) }
            }
            push(.end)
        }
        thread.stackSize = 4 << 20
        thread.start()
    }

    private func push(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    /// The next event, or nil when `deadline` passes first.
    func next(before deadline: Date?) -> Event? {
        condition.lock()
        defer { condition.unlock() }
        while events.isEmpty {
            if let deadline {
                if !condition.wait(until: deadline) && events.isEmpty { return nil }
            } else {
                condition.wait()
            }
        }
        return events.removeFirst()
    }

    /// Whether an event is waiting.
    var hasPending: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !events.isEmpty
    }
}

/// Writes frames, whole, to a file descriptor.
final class MessageWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private(set) var broken = false

    init(fd: Int32) { self.fd = fd }

    func send(_ message: JSON) {
        let body = Array(message.serialized.utf8)
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        lock.lock()
        defer { lock.unlock() }
        guard !broken else { return }
        var offset = 0
        while offset < frame.count {
            let n = frame[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                broken = true
                return
            }
            offset += n
        }
    }
}
