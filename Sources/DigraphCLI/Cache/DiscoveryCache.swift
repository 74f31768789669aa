import DigraphCache
import DigraphCore
import DigraphProjects
import DigraphReporters
import Foundation

/// The Swift files a run scans and the programs their descriptions give them, kept with the
/// journal of what finding them asked the file system (``FileSystemJournal``). The next run over
/// the same roots asks the file system again only what is cheap to ask (a `stat` per folder, a
/// read of each description): when every answer is the same, listing the tree and reading every
/// project would give the same files and programs, and they are taken from here. After an edit
/// that is most of a run's time left.
///
/// Keyed by the roots, the working directory, the exclusions and the folder they are relative
/// to, and the build (the readers are compiled into it). A journal that does not hold is a miss:
/// the discovery runs, and its new journal replaces the entry.
struct DiscoveryCache {
    struct Found {
        var inputs: [ReportInput]
        var files: [SourceDiscovery.File]
        var programMap: ProgramMap
    }

    // Written field by field (``BinaryWritable``, the bytes of their `Codable` conformances, which
    // read them back): ten thousand files through `Codable`'s containers were most of the entry's
    // cost.
    private struct Entry: Codable, BinaryWritable {
        var journal: FileSystemJournal.Record
        var inputs: [ReportInput]
        var files: [File]
        var programMap: ProgramMap

        func write(to fields: inout BinaryFields) throws {
            try fields.field("journal", journal)
            try fields.field("inputs", inputs)
            try fields.field("files", files)
            try fields.field("programMap", programMap)
        }
    }

    /// ``SourceDiscovery/File`` without its URL, which is made again from the path.
    private struct File: Codable, BinaryWritable {
        var display: String
        var path: String
        var raw: [UInt8]?
        var size: Int?

        func write(to fields: inout BinaryFields) throws {
            fields.field("display", display)
            fields.field("path", path)
            try fields.field("raw", raw)
            try fields.field("size", size)
        }
    }

    /// Bump when what is kept changes in a way the build fingerprint would not show.
    static let formatVersion = 2

    let store: CacheStore
    let key: CacheKey

    /// nil when this build cannot be identified (see ``BuildFingerprint``).
    init?(
        store: CacheStore, roots: [String], currentDirectory: URL, excluded: [String], excludeBase: URL
    ) {
        let fingerprint = BuildFingerprint.of(anchor: unsafeBitCast(discoveryAnchor, to: UnsafeRawPointer.self))
        guard !fingerprint.isEmpty else { return nil }
        self.store = store
        let fields = [currentDirectory.standardizedFileURL.path, excludeBase.standardizedFileURL.path] + roots + ["\u{1}"] + excluded
        key = CacheKey(parts: [Array("discovery-\(Self.formatVersion)".utf8), fingerprint, Array(fields.joined(separator: "\u{0}").utf8)])
    }

    /// What the last discovery found, when the file system still answers as it did (asked on
    /// `jobs` threads).
    func load(jobs: Int) -> Found? {
        guard let payload = store.read(.discoveries, key), let entry = try? BinaryCoding.decode(Entry.self, from: payload),
            entry.journal.holds(jobs: jobs)
        else { return nil }
        let files = entry.files.map { file in
            SourceDiscovery.File(
                display: file.display, url: URL(fileURLWithPath: file.path, isDirectory: false), path: file.path,
                raw: file.raw.map { RawPath(bytes: $0) }, size: file.size)
        }
        return Found(inputs: entry.inputs, files: files, programMap: entry.programMap)
    }

    /// Keeps `found` with the journal of the discovery that found it (nothing when the journal
    /// could not be kept: the tree changed while it was read, or a path is not UTF-8).
    func save(_ found: Found, journal: FileSystemJournal) {
        guard let record = journal.record else { return }
        let files = found.files.map { File(display: $0.display, path: $0.path, raw: $0.raw?.bytes, size: $0.size) }
        let entry = Entry(journal: record, inputs: found.inputs, files: files, programMap: found.programMap)
        guard let payload = try? BinaryCoding.encode(entry) else { return }
        store.write(.discoveries, key, payload: payload)
    }
}

/// A function of this module: its address finds the image holding the discovery's code.
private let discoveryAnchor: @convention(c) () -> Void = {}
