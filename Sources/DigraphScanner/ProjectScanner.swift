import DigraphCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Scans many files in parallel (`--jobs`), each independently into its facts. Results are in
/// the order of the input paths, whatever order the workers finish in. The workers are threads
/// with a ``LargeStack``: parsing and walking recurse as deep as a file nests.
public struct ProjectScanner: Sendable {
    public var jobs: Int

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.jobs = max(1, jobs)
    }

    /// `files`: (display path, path on disk). Throws the first read failure in input order.
    public func scan(
        _ files: [(display: String, url: URL)], progress: (@Sendable (Int) -> Void)? = nil
    ) throws(ScanError) -> [FileFacts] {
        try scan(files.map { SourceFile(display: $0.display, url: $0.url) }, progress: progress)
    }

    public func scan(_ files: [SourceFile], progress: (@Sendable (Int) -> Void)? = nil) throws(ScanError) -> [FileFacts] {
        let results = ResultSlots<Result<FileFacts, ScanError>>(count: files.count)
        let next = Counter()
        let done = Counter()
        let workers = min(jobs, max(1, files.count))
        LargeStack.concurrent(workers) { _ in
            while true {
                let i = next.increment() - 1
                guard i < files.count else { return }
                let file = files[i]
                results.set(i, Result { () throws(ScanError) -> FileFacts in
                    let source: String
                    if let raw = file.rawPath {
                        source = try SourceReader.read(rawPath: raw, display: file.display)
                    } else {
                        source = try SourceReader.read(file.url, display: file.display)
                    }
                    return SwiftFileScanner.scan(source: source, path: file.display)
                })
                let finished = done.increment()
                progress?(finished)
            }
        }
        return try results.values.map { result throws(ScanError) in try result!.get() }
    }
}

/// A Swift file to scan: its display path, and where it is on disk.
public struct SourceFile: Sendable {
    public var display: String
    public var url: URL
    /// The path's bytes when they are not UTF-8 (a URL cannot hold them); read from there instead of `url`.
    public var rawPath: [UInt8]?

    public init(display: String, url: URL, rawPath: [UInt8]? = nil) {
        self.display = display
        self.url = url
        self.rawPath = rawPath
    }
}

/// Reads a Swift file as UTF-8, or says precisely why not.
public enum SourceReader {
    /// A file named by bytes that need not be UTF-8.
    public static func read(rawPath: [UInt8], display: String) throws(ScanError) -> String {
        let descriptor = (rawPath + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { throw .unreadable(path: display, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: display, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return try decode(data, display: display)
    }

    public static func read(_ url: URL, display: String) throws(ScanError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: display, reason: Self.reason(error))
        }
        return try decode(data, display: display)
    }

    private static func decode(_ data: Data, display: String) throws(ScanError) -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = Self.firstInvalidUTF8Offset(data)
            throw .notUTF8(path: display, byteOffset: offset)
        }
        return text
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoPermissionError { return "permission denied" }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoSuchFileError { return "no such file" }
        return ns.localizedDescription
    }

    /// Byte offset of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var consumedBefore = 0
        var countingIterator = AnyIterator<UInt8> {
            let b = iterator.next()
            if b != nil { offset += 1 }
            return b
        }
        while true {
            switch decoder.decode(&countingIterator) {
            case .scalarValue: consumedBefore = offset
            case .emptyInput: return consumedBefore
            case .error: return consumedBefore
            }
        }
    }
}

private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Glibc.read(descriptor, buffer, count)
    #endif
}

public enum ScanError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notUTF8(path: String, byteOffset: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read file: \(reason)"
        case .notUTF8(let path, let offset):
            return "\(path): not valid UTF-8 (first invalid byte at offset \(offset)); digraph reads Swift sources as UTF-8"
        }
    }
}

/// Lock-protected slots the workers fill by index.
final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// Increments and returns the new value.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
