import Foundation

protocol Database: AnyObject {
    func fetch(_ query: String) throws -> [[String: Any]]
    func execute(_ statement: String, _ values: [Any]) throws
}

/// A tiny wrapper around a SQLite file in Application Support.
final class SQLiteDatabase: Database {
    let fileURL: URL
    private let queue = DispatchQueue(label: "shop.database")

    init(fileName: String) {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        self.fileURL = folder.appendingPathComponent(fileName)
    }

    func fetch(_ query: String) throws -> [[String: Any]] {
        queue.sync { [] } // sqlite3_prepare_v2 / sqlite3_step elided
    }

    func execute(_ statement: String, _ values: [Any]) throws {
        queue.sync {} // sqlite3_exec elided
    }
}
