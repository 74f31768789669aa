import Foundation

/// XcodeGen `excludes`/`includes` patterns: `*` and `?` within one path component, `**` across
/// any number of them, `{a,b}` alternatives. A pattern matches a path or one of its parent folders.
struct PathGlob {
    let alternatives: [[Substring]]

    init(_ pattern: String) {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.hasSuffix("/") { p.removeLast() }
        alternatives = Self.expandBraces(p).map { $0.split(separator: "/") }
    }

    func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/")
        return alternatives.contains { components in
            (1...max(1, path.count)).contains { length in
                length <= path.count && Self.match(components[...], path[..<length])
            }
        }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            var tail = path
            while true {
                if match(pattern.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let first = path.first, fnmatch(String(head), String(first), 0) == 0 else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `a/{b,c}/*.swift` -> `a/b/*.swift`, `a/c/*.swift` (first brace group, recursively).
    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"),
              let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let head = pattern[..<open]
        let tail = String(pattern[pattern.index(after: close)...])
        let options = pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
        return options.flatMap { option in expandBraces(head + option + tail) }
    }
}
