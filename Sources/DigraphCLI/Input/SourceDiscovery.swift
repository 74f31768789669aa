import DigraphProjects
import DigraphScanner
import Foundation

/// Finds the Swift files to scan: directories walked recursively in sorted order, build and
/// vendor folders and the configuration's `excluded` globs skipped, symlinks never followed out
/// of the scanned root.
struct SourceDiscovery {
    static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]

    var currentDirectory: URL
    var excluded: [Glob]
    /// The directory `excluded` patterns are relative to (the configuration file's).
    var excludeBase: URL
    /// The working directory with a final slash: what display paths leave out.
    private let basePrefix: String

    init(currentDirectory: URL, excluded: [Glob], excludeBase: URL) {
        self.currentDirectory = currentDirectory
        self.excluded = excluded
        self.excludeBase = excludeBase
        let base = currentDirectory.standardizedFileURL.path
        basePrefix = base.hasSuffix("/") ? base : base + "/"
    }

    struct File: Hashable {
        var display: String
        /// Exact when the path is UTF-8; else with U+FFFD, for matching against project descriptions only.
        var url: URL
        /// `url`'s path, absolute and standard (asking a URL for it costs, for every file).
        var path: String
        /// The path's bytes when they are not UTF-8 (read from there); nil otherwise.
        var raw: RawPath? = nil
        /// Its size in bytes, taken while the folders are listed (the scan is ordered by size, and
        /// the listing's thread finishes before the descriptions' does).
        var size: Int? = nil
    }

    func files(in paths: [String]) throws(DigraphError) -> [File] {
        var seen: Set<String> = []
        var result: [File] = []
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            FileSystemJournal.current?.ask(url.path, following: true)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw .pathNotFound(path)
            }
            let found: [RawPath]
            if isDirectory.boolValue {
                found = try walk(url)
            } else {
                // A file named explicitly is scanned even when a glob would exclude it.
                guard url.pathExtension == "swift" else { throw .notSwiftFile(path) }
                // A named pipe given by name is refused before anything reads (or waits on) it.
                if let kind = RegularFile.specialKind(url.path) { throw .notRegularFile(path, kind: kind) }
                found = [RawPath(url.path)]
            }
            for file in found where seen.insert(file.lossyString).inserted || file.utf8String == nil {
                var listed = self.file(file)
                listed.size = file.size
                result.append(listed)
            }
        }
        return result.sorted { $0.display < $1.display }
    }

    /// The file as reports show it: relative to the working directory when under it, bytes that are not UTF-8
    /// escaped (`\xFF`).
    private func file(_ path: RawPath) -> File {
        // Said to be no directory: else Foundation asks the file system, once per file.
        let url = URL(fileURLWithPath: path.lossyString, isDirectory: false)
        if let text = path.utf8String {
            // Walked paths are absolute and standard already (a standardized root, then names
            // from the listing): the working directory's prefix is all there is to take off, and
            // a path outside it is shown whole (what ``DisplayPath`` would make of it, without
            // standardizing it again).
            let display =
                text.hasPrefix(basePrefix) ? String(text.dropFirst(basePrefix.count)) : text + "/" == basePrefix ? "." : text
            return File(display: display, url: url, path: text)
        }
        let base = RawPath(currentDirectory.standardizedFileURL.path).appending([])
        let relative = path.hasPrefix(base) ? Array(path.bytes.dropFirst(base.bytes.count)) : path.bytes
        return File(display: RawPath.escaped(relative), url: url, path: path.lossyString, raw: path)
    }

    /// Folders are listed by name bytes (``RawPath``): a file whose name is not UTF-8 is found, not dropped.
    private func walk(_ root: URL) throws(DigraphError) -> [RawPath] {
        // Recorded as `realpath`'s answer: what Foundation resolves the same way.
        FileSystemJournal.current?.resolve(root.path)
        let rootReal = RawPath(root.resolvingSymlinksInPath().path)
        var out: [RawPath] = []
        var stack = [RawPath(root.path)]
        while let dir = stack.popLast() {
            guard let entries = dir.entries() else {
                throw .scan(.unreadable(path: file(dir).display, reason: "cannot list directory"))
            }
            // Each name decoded once, not once per comparison.
            let sorted = entries.map { (entry: $0, name: String(decoding: $0.name, as: UTF8.self)) }.sorted { a, b in
                a.name != b.name ? a.name < b.name : a.entry.name.lexicographicallyPrecedes(b.entry.name)
            }
            for (entry, name) in sorted {
                let path = dir.appending(entry.name)
                if !excluded.isEmpty, isExcluded(URL(fileURLWithPath: path.lossyString)) { continue }
                var kind = entry.kind
                let isLink = kind == .symbolicLink
                if isLink {
                    // Follow a link only when it stays inside the scanned root.
                    guard let real = path.resolved(), real.hasPrefix(rootReal.appending([])) else { continue }
                    kind = real.kind(followingLinks: true)
                }
                switch kind {
                case .directory:
                    // A documentation catalog's code is tutorial snippets, never compiled.
                    if Self.skippedDirectories.contains(name) || name.hasSuffix(".docc") || isLink { continue }
                    stack.append(path)
                case .file where name.hasSuffix(".swift") && name != ".swift":
                    out.append(path)
                case .special where name.hasSuffix(".swift") && name != ".swift":
                    // Listed, so that the scan says it skipped it (a note), never silently.
                    out.append(path)
                default:
                    continue
                }
            }
        }
        return out
    }

    private func isExcluded(_ url: URL) -> Bool {
        guard !excluded.isEmpty else { return false }
        let relative = DisplayPath.make(url, currentDirectory: excludeBase)
        return excluded.contains { $0.matches(relative) }
    }
}
