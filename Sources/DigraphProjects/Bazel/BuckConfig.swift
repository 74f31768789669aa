import Foundation

/// A `.buckconfig` (INI: `[section]` then `key = value`) -> `section.key` -> value, for
/// `read_config`. Unreadable: empty, and every setting is then unknown.
enum BuckConfig {
    static func read(_ path: String) -> [String: String] {
        guard let text = try? FileSystem.read(path, display: path) else { return [:] }
        var out: [String: String] = [:]
        var section = ""
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            out[section + "." + key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return out
    }
}
