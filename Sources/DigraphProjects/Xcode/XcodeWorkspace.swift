/// An Xcode workspace (`X.xcworkspace/contents.xcworkspacedata`): the projects it builds together.
/// A framework one of them links by name alone is built by whichever project of the same
/// workspace has a target producing it, never by a project of another workspace.
struct XcodeWorkspace {
    /// Absolute path of the `.xcworkspace` folder.
    var path: String
    /// Absolute, normalised paths of the `.xcodeproj` folders it references.
    var projects: Set<String>

    /// nil when the workspace data cannot be read (it is then no restriction at all).
    static func read(_ path: String) -> XcodeWorkspace? {
        let data = path + "/contents.xcworkspacedata"
        guard FileSystem.isFile(data), let text = try? FileSystem.read(data, display: data) else { return nil }
        return XcodeWorkspace(path: path, projects: Set(references(in: text, base: FilePath.parent(path)).filter {
            FilePath.pathExtension($0) == "xcodeproj"
        }))
    }

    /// Every `FileRef`'s location, through the `Group`s enclosing it: `group:` and `container:`
    /// are relative to the enclosing group (the workspace's folder at the top), `absolute:` is not.
    static func references(in text: String, base: String) -> [String] {
        var groups: [String] = [base]
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            guard isGroup || tag.hasPrefix("FileRef") else { continue }
            let location = attribute("location", in: tag).map { resolve($0, in: groups.last!, container: base) } ?? groups.last!
            if isGroup {
                // `<Group ... />` closes itself.
                if !tag.hasSuffix("/") { groups.append(location) }
            } else {
                out.append(location)
            }
        }
        return out
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: name) else { return nil }
        let after = tag[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\n" || $0 == "\t" }
        guard after.first == "\"", let end = after.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(after[after.index(after: after.startIndex)..<end])
    }

    /// `container:` is relative to the workspace's folder, `group:` to the enclosing group.
    private static func resolve(_ location: String, in group: String, container: String) -> String {
        let (kind, path) = location.firstIndex(of: ":").map { (location[..<$0], String(location[location.index(after: $0)...])) }
            ?? ("group", location)
        switch kind {
        case "absolute": return FilePath.normalize(path)
        case "self": return group
        case "container": return path.isEmpty ? container : FilePath.normalize(FilePath.join(container, path))
        default: return path.isEmpty ? group : FilePath.normalize(FilePath.join(group, path))
        }
    }
}
