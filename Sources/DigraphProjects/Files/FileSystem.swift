import Foundation

/// The few file-system questions the readers ask, answered without following symlinked folders
/// (a link must not pull files of another tree into a program).
enum FileSystem {
    struct Entry {
        var name: String
        var path: String
        var isDirectory: Bool
        var isSymbolicLink: Bool
    }

    static func isDirectory(_ path: String) -> Bool { DirectoryListing.isDirectory(path) }

    static func isFile(_ path: String) -> Bool { DirectoryListing.isFile(path) }

    static func exists(_ path: String) -> Bool { DirectoryListing.kind(path, following: true) != nil }

    /// The size in bytes of the file at `path`, 0 when it cannot be told.
    static func size(_ path: String) -> Int {
        var status = stat()
        guard !DirectoryListing.hasNUL(path), stat(path, &status) == 0 else { return 0 }
        return Int(status.st_size)
    }

    /// Entries of a directory sorted by name; empty when it cannot be listed.
    static func entries(of directory: String, only: DirectoryListing.Names = .all) -> [Entry] {
        guard let entries = DirectoryListing.entries(of: directory, only: only) else { return [] }
        return entries.map { entry in
            let path = directory == "/" ? "/" + entry.name : directory + "/" + entry.name
            return Entry(name: entry.name, path: path, isDirectory: entry.isDirectory, isSymbolicLink: entry.isSymbolicLink)
        }
    }

    static func read(_ path: String, display: String) throws(ProjectError) -> String {
        guard !DirectoryListing.hasNUL(path) else { throw ProjectError(file: display, message: "cannot read the file") }
        let data = FileManager.default.contents(atPath: path)
        FileSystemJournal.current?.read(path, contents: data)
        guard let data else { throw ProjectError(file: display, message: "cannot read the file") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProjectError(file: display, message: "the file is not UTF-8")
        }
        return text
    }
}
