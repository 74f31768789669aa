#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory's entries with their types, read with `readdir`: the type comes with the name, so
/// listing a tree costs one system call per folder instead of one or two per entry (Foundation's
/// attributes and resource values stat every entry, and cost more than the scan of a large tree).
public enum DirectoryListing {
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// A folder, or a symbolic link to one.
        public var isDirectory: Bool
        public var isSymbolicLink: Bool
        /// False for a symbolic link whose target does not exist.
        public var exists: Bool
    }

    /// Which of a folder's entries a listing gives.
    public enum Names: String, Codable, Sendable {
        case all
        /// Those that may be a project description (see ``DescriptionFinder``): a folder above the
        /// scanned roots is searched for these alone, and what else it holds (`/dev`'s links to
        /// this process's files, other projects' caches) is neither asked about nor recorded.
        case descriptions

        func keeps(_ name: String) -> Bool {
            switch self {
            case .all: true
            case .descriptions: DescriptionFinder.mayDescribe(name)
            }
        }
    }

    /// The entries of `directory` (an absolute path) other than `.` and `..` (`only` those
    /// named so), sorted by name; nil when it cannot be listed.
    public static func entries(of directory: String, only: Names = .all) -> [Entry]? {
        // A NUL ends the path for the C calls: `Sources/.\0Admin` (a target name from a
        // description) would list `Sources/.`, and its children `Sources/.\0Admin/App` again,
        // forever. Such a path names nothing.
        guard !hasNUL(directory) else { return nil }
        let journal = FileSystemJournal.current
        guard let stream = opendir(directory) else {
            journal?.listed(directory, only: only, status: nil, digest: nil)
            return nil
        }
        defer { closedir(stream) }
        // Before the entries: a change while they are read moves the time recorded.
        let status = journal.flatMap { _ in FileSystemJournal.status(ofOpen: stream) }
        var digest = FileSystemJournal.ListingDigest()
        defer { journal?.listed(directory, only: only, status: status, digest: digest.value) }
        var entries: [Entry] = []
        while let pointer = readdir(stream) {
            let name = withUnsafePointer(to: &pointer.pointee.d_name) { tuple in
                String(cString: UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            if only != .all, !only.keeps(name) { continue }
            if journal != nil { FileSystemJournal.add(pointer, to: &digest) }
            let path = directory == "/" ? "/" + name : directory + "/" + name
            switch Int(pointer.pointee.d_type) {
            case Int(DT_DIR): entries.append(Entry(name: name, isDirectory: true, isSymbolicLink: false, exists: true))
            case Int(DT_REG): entries.append(Entry(name: name, isDirectory: false, isSymbolicLink: false, exists: true))
            case Int(DT_LNK):
                let target = kind(path, following: true)
                entries.append(
                    Entry(name: name, isDirectory: target == .directory, isSymbolicLink: true, exists: target != nil))
            default:
                // A file system that does not report types (DT_UNKNOWN), or a device, socket, fifo.
                let own = kind(path, following: false)
                let isLink = own == .symbolicLink
                let target = isLink ? kind(path, following: true) : own
                entries.append(
                    Entry(name: name, isDirectory: target == .directory, isSymbolicLink: isLink, exists: target != nil))
            }
        }
        entries.sort { $0.name < $1.name }
        return entries
    }

    enum Kind { case directory, symbolicLink, other }

    /// nil when nothing is at `path` (or, following links, when the link's target is missing).
    static func kind(_ path: String, following: Bool) -> Kind? {
        guard !hasNUL(path) else { return nil }
        var info = stat()
        let status = following ? stat(path, &info) : lstat(path, &info)
        FileSystemJournal.current?.asked(path, following: following, status: status == 0 ? info : nil)
        guard status == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether a folder is at `path` (following links).
    public static func isDirectory(_ path: String) -> Bool { kind(path, following: true) == .directory }

    /// Whether anything that is not a folder is at `path` (following links).
    public static func isFile(_ path: String) -> Bool {
        guard let kind = kind(path, following: true) else { return false }
        return kind != .directory
    }

    static func hasNUL(_ path: String) -> Bool { path.utf8.contains(0) }
}
