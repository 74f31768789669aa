import Foundation

/// Absolute paths as plain strings, `.` and `..` resolved lexically: descriptions name files
/// relative to many different bases, and comparing them must not depend on how each was spelled.
enum FilePath {
    /// `relative` resolved against the directory `base`; an absolute `relative` stands alone.
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        if relative.isEmpty { return normalize(base) }
        return normalize(base + "/" + relative)
    }

    static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Already what ``normalize(_:)`` gives: absolute, no empty, `.` or `..` component, no
    /// trailing slash. Most paths are (they come from listings), and checking is cheaper than
    /// splitting them.
    static func isNormal(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        // The component being read: its length, and how many of its bytes so far are all dots.
        var length = 0
        var dots = 0
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && dots <= 2) { return false }
                length = 0
                dots = 0
            } else {
                if byte == UInt8(ascii: "."), dots == length { dots += 1 }
                length += 1
            }
        }
        return !(dots == length && dots <= 2)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        // As `split(separator: "/").last`, without making every component; on the UTF-8 view (a
        // slash is one byte, never inside another character's bytes), asked of every folder entry.
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(path[start..<end])
    }

    static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return "" }
        return String(name[bytes.index(after: dot)...])
    }

    /// True when `path` is `directory` or below it.
    static func isInside(_ path: String, _ directory: String) -> Bool {
        if directory == "/" { return true }
        return path == directory || path.hasPrefix(directory + "/")
    }

    /// `path` relative to `directory`, nil when it is not below it.
    static func relative(_ path: String, to directory: String) -> String? {
        if path == directory { return "" }
        let prefix = directory == "/" ? "/" : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    static func of(_ url: URL) -> String { normalize(url.standardizedFileURL.path) }

    /// Paths as reports show them: relative to the working directory when under it, else absolute.
    static func display(_ path: String, currentDirectory: String) -> String {
        if let relative = relative(path, to: currentDirectory) { return relative.isEmpty ? "." : relative }
        return path
    }
}
