import DigraphCache

/// Project descriptions as read, kept between runs like files' facts: a `Package.swift` whose
/// text is unchanged is not parsed again (SwiftParser and a walk of its syntax). Only what is read
/// from the description's own text is kept (the parsed manifest); what depends on the file system
/// around it (which folders exist, which files they hold) is worked out every run. Keyed by the
/// text, the display path (positions name it), and the build's fingerprint. A `project.pbxproj`
/// is not kept: its byte parser is faster than decoding the parsed tree would be.
public struct DescriptionCache: Sendable {
    let store: CacheStore
    let context: [UInt8]

    /// nil when this build cannot be identified (see ``BuildFingerprint``).
    public init?(store: CacheStore) {
        let fingerprint = BuildFingerprint.of(anchor: unsafeBitCast(projectsAnchor, to: UnsafeRawPointer.self))
        guard !fingerprint.isEmpty else { return nil }
        self.store = store
        context = Array("descriptions-1|".utf8) + fingerprint
    }

    /// The value read from `text`, from the cache or made (and kept). A description that cannot
    /// be read throws every time: only values are kept.
    func value<T: Codable>(
        _ kind: String, display: String, text: String, make: () throws(ProjectError) -> T
    ) throws(ProjectError) -> T {
        let key = CacheKey(parts: [Array(kind.utf8), Array(display.utf8), Array(text.utf8), context])
        if let payload = store.read(.descriptions, key), let value = try? BinaryCoding.decode(T.self, from: payload) {
            return value
        }
        let value = try make()
        if let payload = try? BinaryCoding.encode(value) { store.write(.descriptions, key, payload: payload) }
        return value
    }
}

/// A function of this module: its address finds the image holding the readers' code.
private let projectsAnchor: @convention(c) () -> Void = {}
