import Foundation

/// `excluded` patterns: `*` and `?` within one path component, `**` across any number of them.
/// A pattern matches a path when it matches the path or one of its parent directories.
struct Glob {
    let components: [Substring]

    init(_ pattern: String) {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.hasSuffix("/") { p.removeLast() }
        // `**/**` means what `**` means, and would only make matching slower.
        var components: [Substring] = []
        for component in p.split(separator: "/") where !(component == "**" && components.last == "**") {
            components.append(component)
        }
        self.components = components
    }

    /// `relativePath` is relative to the directory the pattern is relative to.
    func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/")
        // A match of any prefix excludes everything below it.
        for length in 1...max(1, path.count) where length <= path.count {
            if Self.match(components[...], path[..<length]) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let first = path.first, fnmatch(String(head), String(first), 0) == 0 else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
