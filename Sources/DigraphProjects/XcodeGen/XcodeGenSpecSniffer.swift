/// Whether a YAML file is an XcodeGen spec, whatever it is named (`project.yml`,
/// `project-bwa.yml`, `Kiwix.yml`): a top-level `name:` and `targets:`, and at least one target
/// `type:` that XcodeGen knows. Read by lines, without parsing: every YAML file of a tree is asked
/// (CI workflows, linters' settings), and only specs are then parsed.
enum XcodeGenSpecSniffer {
    /// Bigger files are not specs (XcodeGen's largest public specs are tens of kilobytes).
    static let maxSize = 4 << 20

    static func isSpec(name: String, path: String) -> Bool {
        if name == "project.yml" { return true }
        let ext = FilePath.pathExtension(name)
        guard ext == "yml" || ext == "yaml", !name.hasPrefix("."), FileSystem.size(path) <= maxSize,
            let text = try? FileSystem.read(path, display: name)
        else { return false }
        return isSpec(text: text)
    }

    static func isSpec(text: String) -> Bool {
        var hasName = false
        var hasTargets = false
        var hasType = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("name:") { hasName = true }
            if line.hasPrefix("targets:") { hasTargets = true }
            let trimmed = line.drop { $0 == " " }
            if trimmed.count < line.count, trimmed.hasPrefix("type:") {
                let type = trimmed.dropFirst("type:".count).trimmingPrefix(while: \.isWhitespace)
                    .split(separator: "#").first.map { $0.trimmed(of: " \"'") } ?? ""
                if XcodeProductType.kind(String(type)) != nil { hasType = true }
            }
        }
        return hasName && hasTargets && hasType
    }
}

extension Substring {
    fileprivate func trimmed(of set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
