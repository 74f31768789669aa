import DigraphCore

/// Swinject resolves `Lazy<T>` (built on first use, then kept) and `Provider<T>` (a new resolve on
/// every use) for any registered `T`: a request for the wrapper is a deferred request for `T`.
enum SwinjectDeferredWrappers {
    struct Unwrapped {
        var type: String
        /// Lazy keeps what it built; a provider does not.
        var keepsInstance: Bool
    }

    static func unwrap(_ type: String) -> Unwrapped? {
        for (prefix, keeps) in [("Lazy<", true), ("Provider<", false), ("Swinject.Lazy<", true), ("Swinject.Provider<", false)]
        where type.hasPrefix(prefix) && type.hasSuffix(">") {
            let inner = String(type.dropFirst(prefix.count).dropLast())
            guard !inner.isEmpty else { return nil }
            return Unwrapped(type: inner, keepsInstance: keeps)
        }
        return nil
    }
}
