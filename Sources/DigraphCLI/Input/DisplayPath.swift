import Foundation

/// Paths as reports show them: relative to the working directory when under it, else absolute;
/// forward slashes. The same on every machine for the same checkout.
enum DisplayPath {
    static func make(_ url: URL, currentDirectory: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = currentDirectory.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        if path == base { return "." }
        return path
    }
}
