import Foundation

/// XcodeGen `excludes`/`includes` patterns: `*` and `?` within one path component, `**` across
/// any number of them, `{a,b}` alternatives. A pattern matches a path or one of its parent folders.
struct PathGlob {
    let alternatives: [[Substring]]

    init(_ pattern: String) {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.hasSuffix("/") { p.removeLast() }
        // `**/**` means what `**` means, and would only make matching slower.
        alternatives = Self.expandBraces(p).map { alternative in
            var components: [Substring] = []
            for component in alternative.split(separator: "/") where !(component == "**" && components.last == "**") {
                components.append(component)
            }
            return components
        }
    }

    func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/")
        return alternatives.contains { components in
            (1...max(1, path.count)).contains { length in
                length <= path.count && Self.match(components[...], path[..<length])
            }
        }
    }

    /// Whether the whole of `path` matches `pattern`, component by component (`**`: any number).
    static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
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

    /// The most alternatives one pattern expands to: `{a,b}` twenty times over would be a million.
    static let maxAlternatives = 256

    /// `a/{b,c}/*.swift` -> `a/b/*.swift`, `a/c/*.swift` (brace groups left to right). Past
    /// ``maxAlternatives`` the remaining groups stay as written (and match nothing).
    static func expandBraces(_ pattern: String) -> [String] {
        var done: [String] = []
        var pending = [pattern]
        while let next = pending.popLast() {
            guard let open = next.firstIndex(of: "{"), let close = next[open...].firstIndex(of: "}") else {
                done.append(next)
                continue
            }
            let head = next[..<open]
            let tail = next[next.index(after: close)...]
            let options = next[next.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            guard done.count + pending.count + options.count <= maxAlternatives else {
                done.append(next)
                continue
            }
            // Reversed onto the stack, so that alternatives come out in the order written.
            pending += options.reversed().map { String(head + $0 + tail) }
        }
        return done
    }
}
