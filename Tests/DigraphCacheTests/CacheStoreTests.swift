import DigraphCache
import Foundation
import Testing

@Suite struct CacheStoreTests {
    static func folder() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-store-\(UUID().uuidString)")
        return url.path
    }

    static func entryPath(_ store: CacheStore, _ key: CacheKey) -> String {
        let hex = key.description
        return "\(store.directory)/packs/\(hex.prefix(2))/\(hex)"
    }

    @Test func writesAndReadsBack() throws {
        let store = try #require(CacheStore(directory: Self.folder()))
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let key = CacheKey(Array("a file".utf8))
        #expect(store.read(.packs, key) == nil)
        store.write(.packs, key, payload: [1, 2, 3])
        #expect(store.read(.packs, key) == [1, 2, 3])
        #expect(store.read(.descriptions, key) == nil, "kinds are separate")
        store.write(.packs, key, payload: [])
        #expect(store.read(.packs, key) == [], "a rewrite replaces the entry")
        let folder = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(folder.contains(".gitignore") && folder.contains("CACHEDIR.TAG"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory + "/tmp").isEmpty, "no temporary file is left")
        #expect(Self.temporaryFiles(in: store.directory).isEmpty, "no temporary file is left beside the entries")
    }

    /// Truncated, random, of another format, filed under another key: each is a miss, and the next
    /// write replaces it.
    @Test func damagedEntriesAreMissesAndAreRewritten() throws {
        let store = try #require(CacheStore(directory: Self.folder()))
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let key = CacheKey(Array("victim".utf8))
        let other = CacheKey(Array("other".utf8))
        let payload = Array(repeating: UInt8(7), count: 100)
        store.write(.packs, key, payload: payload)
        store.write(.packs, other, payload: payload)
        let path = Self.entryPath(store, key)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))

        var damages: [(String, Data)] = [
            ("empty", Data()),
            ("truncated header", good.prefix(20)),
            ("truncated payload", good.dropLast(1)),
            ("extended", good + Data([0])),
            ("random bytes", Data((0..<good.count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) })),
            ("foreign entry", try Data(contentsOf: URL(fileURLWithPath: Self.entryPath(store, other)))),
        ]
        var flipped = good
        flipped[flipped.count - 1] ^= 0xFF
        damages.append(("payload byte changed", flipped))
        var version = good
        version[4] &+= 1
        damages.append(("another format version", version))

        for (what, bytes) in damages {
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(store.read(.packs, key) == nil, "\(what) is not trusted")
            store.write(.packs, key, payload: payload)
            #expect(store.read(.packs, key) == payload, "\(what) is rewritten")
        }
        // A folder where an entry should be is a miss too.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(store.read(.packs, key) == nil)
    }

    @Test func concurrentWritersLeaveWholeEntries() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = (0..<40).map { CacheKey(Array("key \($0)".utf8)) }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            // Separate stores on one folder, as two processes would have.
            guard let store = CacheStore(directory: folder) else { return }
            for (index, key) in keys.enumerated() {
                store.write(.packs, key, payload: Array(repeating: UInt8(index), count: 1000 + index))
                _ = store.read(.packs, keys[(index + worker) % keys.count])
            }
        }
        let store = try #require(CacheStore(directory: folder))
        for (index, key) in keys.enumerated() {
            #expect(store.read(.packs, key) == Array(repeating: UInt8(index), count: 1000 + index))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/tmp").isEmpty)
        #expect(Self.temporaryFiles(in: folder).isEmpty)
    }

    /// Files being written (or left by a killed run) anywhere in the folder.
    static func temporaryFiles(in folder: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return all.filter { ($0 as NSString).lastPathComponent.hasPrefix(".tmp-") || $0.hasPrefix("tmp/") }
    }

    @Test func sweepKeepsTheFolderUnderItsLimitAndKeepsRecentEntries() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try #require(CacheStore(directory: folder, maximumBytes: 100_000))
        let keys = (0..<60).map { CacheKey(Array("entry \($0)".utf8)) }
        for (index, key) in keys.enumerated() {
            store.write(.packs, key, payload: Array(repeating: 1, count: 4000))
            // Older entries look older to the sweep.
            let path = Self.entryPath(store, key)
            let date = Date(timeIntervalSince1970: 1_000_000 + Double(index) * 60)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        store.sweep(limit: 100_000)
        var total = 0
        var kept: [Int] = []
        for (index, key) in keys.enumerated() {
            let path = Self.entryPath(store, key)
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int {
                total += size
                kept.append(index)
            }
        }
        #expect(total <= 75_000)
        #expect(!kept.isEmpty)
        #expect(kept == Array((keys.count - kept.count)..<keys.count), "the least recently used go first")
    }

    /// A killed run leaves its half-written entry beside the entries: the sweep deletes it once it
    /// is an hour old, and leaves one being written (by a run still going) alone.
    @Test func sweepDeletesOldTemporaryFilesBesideTheEntries() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try #require(CacheStore(directory: folder))
        let key = CacheKey([7])
        store.write(.packs, key, payload: [1, 2, 3])
        let fan = (Self.entryPath(store, key) as NSString).deletingLastPathComponent
        let old = fan + "/.tmp-" + key.description + ".1.1"
        let fresh = fan + "/.tmp-" + key.description + ".2.1"
        try Data([1, 2]).write(to: URL(fileURLWithPath: old))
        try Data([1, 2]).write(to: URL(fileURLWithPath: fresh))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: old)
        store.sweep(limit: 1 << 20)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: fresh))
        #expect(store.read(.packs, key) == [1, 2, 3])
    }

    @Test func finishSweepsOnlyWhenEnoughWasWritten() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try #require(CacheStore(directory: folder, maximumBytes: 8 << 20))
        store.write(.packs, CacheKey([1]), payload: [1, 2, 3])
        store.finish()
        let usage = try String(contentsOfFile: folder + "/usage", encoding: .utf8)
        #expect(Int(usage.trimmingCharacters(in: .whitespacesAndNewlines)) == store.statistics.bytesWritten)
    }

    @Test func anUnwritableFolderGivesNoStore() throws {
        #expect(CacheStore(directory: "/proc/digraph-cache-test") == nil)
        let file = Self.folder()
        try Data([1]).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(CacheStore(directory: file) == nil, "a file where the folder should be")
    }
}
