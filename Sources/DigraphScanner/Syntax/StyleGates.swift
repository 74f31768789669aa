#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which style extractors a file needs, from a byte search of its source: a file that never
/// spells a style's keywords cannot use it, and skipping its extractor costs nothing to get
/// wrong. (Foundation's `String.contains` bridges through NSString and would cost more than the
/// search it gates.)
struct StyleGates: Sendable {
    /// The Factory library: `Factory<T>`, `@Injected`, `Container.shared.x()`, 1.x `Container.x()`.
    var factory: Bool
    /// swift-dependencies and key-path containers: `DependencyKey`, `DependencyValues`,
    /// `@Dependency(\.x)`, `withDependencies`, `.dependency(\.x, …)`.
    var dependencies: Bool
    /// `Has…` protocol environments, seed 004's `typealias Dependencies = ServiceAContainer`, and
    /// seed 002's `typealias Dependency = (A, B)` tuples.
    var environments: Bool

    static let all = StyleGates(factory: true, dependencies: true, environments: true)

    init(factory: Bool, dependencies: Bool, environments: Bool) {
        self.factory = factory
        self.dependencies = dependencies
        self.environments = environments
    }

    init(source: String) {
        var source = source
        self = source.withUTF8 { bytes in
            // "ependenc" covers `Dependency…`, `withDependencies`, `.dependency(` and `Dependencies`.
            let dependencies = ByteSearch.contains(bytes, "ependenc")
            return StyleGates(
                factory: ByteSearch.contains(bytes, "Factory") || ByteSearch.contains(bytes, "Injected")
                    || ByteSearch.contains(bytes, "Container."),
                dependencies: dependencies,
                environments: dependencies || ByteSearch.containsHasProtocolName(bytes))
        }
    }
}

enum ByteSearch {
    /// `Has` followed by an uppercase letter (`HasUserSession`), so `Hashable` does not count.
    static func containsHasProtocolName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4 else { return false }
        var i = 0
        while i <= bytes.count - 4 {
            if bytes[i] == UInt8(ascii: "H"), bytes[i + 1] == UInt8(ascii: "a"), bytes[i + 2] == UInt8(ascii: "s"),
                bytes[i + 3] >= UInt8(ascii: "A"), bytes[i + 3] <= UInt8(ascii: "Z")
            {
                return true
            }
            i += 1
        }
        return false
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { needle in
            guard let first = needle.first, let base = bytes.baseAddress, bytes.count >= needle.count else { return false }
            let end = base + (bytes.count - needle.count + 1)
            var cursor = base
            while cursor < end {
                #if canImport(Glibc) || canImport(Darwin)
                // memchr is vectorised: jump to the next candidate first byte.
                guard let hit = memchr(cursor, Int32(first), end - cursor) else { return false }
                let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                #else
                let candidate = cursor
                guard candidate.pointee == first else {
                    cursor += 1
                    continue
                }
                #endif
                var j = 1
                while j < needle.count && candidate[j] == needle[j] { j += 1 }
                if j == needle.count { return true }
                cursor = candidate + 1
            }
            return false
        }
    }
}
