/// Whether a file named `Project.swift` is a Tuist manifest: Tuist compiles manifests against its
/// `ProjectDescription` module, so each imports it. An app's own `Project.swift` (fsnotes' model
/// type) imports no such thing and is the app's code, not a description to read.
enum TuistManifestSniffer {
    /// Manifests are small; a large file of that name is source.
    static let maxSize = 1 << 20

    static func isManifest(path: String) -> Bool {
        guard FileSystem.size(path) <= maxSize, let text = try? FileSystem.read(path, display: "Project.swift") else {
            return false
        }
        return isManifest(text: text)
    }

    static func isManifest(text: String) -> Bool { text.contains("import ProjectDescription") }
}
