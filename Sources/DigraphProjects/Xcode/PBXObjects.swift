import DigraphCore

/// The `objects` table of a project.pbxproj with the lookups the reader needs, and the group
/// tree that turns a file reference into a path.
struct PBXObjects {
    let objects: [String: PlistValue]
    let file: String
    /// Folder `<group>` and `SOURCE_ROOT` paths are relative to (the project's folder, moved by
    /// the project's `projectDirPath` when set).
    let sourceRoot: String
    /// Child id -> id of the group listing it.
    private let parents: [String: String]
    /// Paths worked out so far, by id: every file of a group asks for the group's path.
    private let known = KnownPaths()

    private final class KnownPaths {
        var paths: [String: String?] = [:]
    }

    init(objects: [String: PlistValue], file: String, sourceRoot: String) {
        self.objects = objects
        self.file = file
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { parents[childID] = id }
            }
        }
        self.parents = parents
    }

    subscript(id: String) -> PlistValue? { objects[id] }

    func isa(_ id: String) -> String? { objects[id]?["isa"]?.string }

    func string(_ id: String, _ key: String) -> String? { objects[id]?[key]?.string }

    /// The ids listed under `key`.
    func ids(_ id: String, _ key: String) -> [String] {
        (objects[id]?[key]?.array ?? []).compactMap(\.string)
    }

    func location(_ id: String) -> SourceLocation {
        guard let object = objects[id] else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: object.line, column: object.column)
    }

    /// Absolute path of a file reference or group: `<group>` relative to the parent group,
    /// `SOURCE_ROOT` to the project folder, `<absolute>` as is. nil for build-product, SDK and
    /// developer-folder trees: those files are never part of a scanned tree.
    func path(of id: String) -> String? {
        var visited: Set<String> = []
        return path(of: id, visited: &visited)
    }

    /// A path worked out inside another's walk is the one a walk from it finds: only a cycle in
    /// the groups makes a walk stop early, and then every object on or below it has no path.
    private func path(of id: String, visited: inout Set<String>) -> String? {
        if let path = known.paths[id] { return path }
        let path = walkedPath(of: id, visited: &visited)
        known.paths[id] = path
        return path
    }

    private func walkedPath(of id: String, visited: inout Set<String>) -> String? {
        guard visited.insert(id).inserted, let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        let base: String
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            if let parent = parents[id] {
                guard let parentPath = path(of: parent, visited: &visited) else { return nil }
                base = parentPath
            } else {
                base = sourceRoot
            }
        case "SOURCE_ROOT": base = sourceRoot
        case "<absolute>": base = "/"
        default: return nil
        }
        return FilePath.join(base, own)
    }
}
