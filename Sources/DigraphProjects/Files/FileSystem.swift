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

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Entries of a directory sorted by name; empty when it cannot be listed.
    static func entries(of directory: String) -> [Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().map { name in
            let path = directory == "/" ? "/" + name : directory + "/" + name
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            let isLink = type == .typeSymbolicLink
            return Entry(name: name, path: path, isDirectory: isDirectory(path), isSymbolicLink: isLink)
        }
    }

    static func read(_ path: String, display: String) throws(ProjectError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProjectError(file: display, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProjectError(file: display, message: "the file is not UTF-8")
        }
        return text
    }
}
