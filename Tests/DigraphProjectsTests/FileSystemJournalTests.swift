import DigraphCore
import Foundation
import Testing

@testable import DigraphProjects

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal a discovery keeps (issue 13): it holds while the tree gives the same answers, and
/// stops holding when a file is added, removed or a description edited, however the folder's time
/// says otherwise.
@Suite struct FileSystemJournalTests {
    static func shop() throws -> Fixture {
        let fixture = try Fixture()
        try fixture.write("Shop/Package.swift", """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "Shop", targets: [.target(name: "Cart"), .testTarget(name: "CartTests")])
            """)
        try fixture.swiftFiles(["Shop/Sources/Cart/Cart.swift", "Shop/Sources/Cart/Price.swift", "Shop/Tests/CartTests/CartTests.swift"])
        return fixture
    }

    /// Discovers the programs of `root` (relative to the fixture) with a journal recording.
    static func record(_ fixture: Fixture, root: String = "Shop") throws -> (ProgramMap, FileSystemJournal.Record) {
        let journal = FileSystemJournal()
        let map = try journal.recording { () throws(ProjectError) -> ProgramMap in
            try ProgramDiscovery(currentDirectory: fixture.root, journal: journal).discover(
                roots: [fixture.root.appendingPathComponent(root).standardizedFileURL], files: fixture.scannedFiles(under: root))
        }
        return (map, try #require(journal.record))
    }

    /// Every folder's time set an hour back: out of the window in which a time is not trusted.
    static func age(_ fixture: Fixture) throws {
        let enumerator = FileManager.default.enumerator(atPath: fixture.path)
        var folders = [fixture.path]
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = fixture.path + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { folders.append(path) }
        }
        for folder in folders { try setModified(folder, seconds: Int(Date().timeIntervalSince1970) - 3600, nanoseconds: 0) }
    }

    static func setModified(_ path: String, seconds: Int, nanoseconds: Int) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    static func modified(_ path: String) -> timespec {
        var status = stat()
        _ = stat(path, &status)
        #if canImport(Darwin)
        return status.st_mtimespec
        #else
        return status.st_mtim
        #endif
    }

    @Test func anUnchangedTreeHolds() throws {
        let fixture = try Self.shop()
        try Self.age(fixture)
        let (map, record) = try Self.record(fixture)
        #expect(map.names.contains("Cart"))
        #expect(record.listings.count >= 5, "every folder walked")
        #expect(record.reads.map(\.path) == [fixture.path + "/Shop/Package.swift"])
        #expect(record.holds())
        #expect(record.holds(jobs: 2))
    }

    @Test func anAddedOrRemovedFileDoesNotHold() throws {
        let fixture = try Self.shop()
        try Self.age(fixture)
        let (_, record) = try Self.record(fixture)
        try fixture.write("Shop/Sources/Cart/Discount.swift")
        #expect(!record.holds())

        let (_, again) = try Self.record(fixture)
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Shop/Sources/Cart/Discount.swift"))
        #expect(!again.holds())
    }

    @Test func aRemovedFolderDoesNotHold() throws {
        let fixture = try Self.shop()
        try Self.age(fixture)
        let (_, record) = try Self.record(fixture)
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Shop/Tests"))
        #expect(!record.holds())
    }

    /// An editor's save: a copy written beside the file and renamed over it. The folder's time
    /// moves, its entries do not: the journal still holds (the file's own bytes are the facts
    /// cache's business).
    @Test func aFileSavedByRenameHolds() throws {
        let fixture = try Self.shop()
        try Self.age(fixture)
        let folder = fixture.path + "/Shop/Sources/Cart"
        let before = Self.modified(folder)
        let (_, record) = try Self.record(fixture)
        let saved = fixture.root.appendingPathComponent("Shop/Sources/Cart/Price.swift")
        let copy = fixture.root.appendingPathComponent("Shop/Sources/Cart/.Price.swift.tmp")
        try Data("struct Price {}\n".utf8).write(to: copy)
        #expect(rename(copy.path, saved.path) == 0)
        #expect(Self.modified(folder).tv_sec != before.tv_sec, "the folder's time moved")
        #expect(record.holds())
    }

    @Test func anEditedDescriptionDoesNotHold() throws {
        let fixture = try Self.shop()
        try Self.age(fixture)
        let (_, record) = try Self.record(fixture)
        let manifest = fixture.root.appendingPathComponent("Shop/Package.swift")
        try (String(contentsOf: manifest, encoding: .utf8) + "\n// a comment\n").write(to: manifest, atomically: false, encoding: .utf8)
        #expect(!record.holds())
    }

    /// A folder changed in the tick of the recording keeps its time: one modified that close to the
    /// recording is listed again, whatever its time says.
    @Test func aChangeInTheTickOfTheRecordingIsNotMissed() throws {
        let fixture = try Self.shop()
        let folder = fixture.path + "/Shop/Sources/Cart"
        let (_, record) = try Self.record(fixture)
        let recorded = Self.modified(folder)
        try fixture.write("Shop/Sources/Cart/Discount.swift")
        try Self.setModified(folder, seconds: Int(recorded.tv_sec), nanoseconds: Int(recorded.tv_nsec))
        #expect(!record.holds())
    }

    /// A tool that sets a folder's modification time back after adding a file (an archive
    /// extractor, a sync tool) cannot set its status-change time back: the folder is listed again.
    @Test func aTimeSetBackIsNotTrusted() throws {
        let fixture = try Self.shop()
        try Self.age(fixture)
        let folder = fixture.path + "/Shop/Sources/Cart"
        let (_, record) = try Self.record(fixture)
        let recorded = Self.modified(folder)
        try fixture.write("Shop/Sources/Cart/Discount.swift")
        try Self.setModified(folder, seconds: Int(recorded.tv_sec), nanoseconds: Int(recorded.tv_nsec))
        #expect(Self.modified(folder).tv_sec == recorded.tv_sec && Self.modified(folder).tv_nsec == recorded.tv_nsec)
        #expect(!record.holds())
    }

    /// Above the scanned root only descriptions are looked for: another file there (another
    /// project's cache, a report) changes nothing; a new description does.
    @Test func aboveTheRootOnlyDescriptionsCount() throws {
        let fixture = try Self.shop()
        try fixture.swiftFiles(["Shop/Sources/Cart/Inner/Deep.swift"])
        try Self.age(fixture)
        let (_, record) = try Self.record(fixture, root: "Shop/Sources/Cart")
        try fixture.write("Shop/Sources/notes.txt", "notes")
        try fixture.write("report.json", "{}")
        #expect(record.holds())
        try fixture.write("Shop/Sources/project.yml", "name: Other\n")
        #expect(!record.holds())
    }

    @Test func theRecordCodesToItself() throws {
        let fixture = try Self.shop()
        let (_, record) = try Self.record(fixture)
        let decoded = try JSONDecoder().decode(FileSystemJournal.Record.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
    }
}
