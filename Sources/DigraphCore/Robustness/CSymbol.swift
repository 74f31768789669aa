#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// C functions the platform's Swift module leaves out (glibc's GNU extensions such as `memmem`,
/// `mallopt` and `malloc_trim`), looked up at run time: nil where the C library has none.
public enum CSymbol {
    public static func named<T>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let address = dlsym(defaultHandle, name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }

    // RTLD_DEFAULT: every loaded image, in load order.
    #if canImport(Darwin)
    nonisolated(unsafe) private static let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)
    #else
    nonisolated(unsafe) private static let defaultHandle: UnsafeMutableRawPointer? = nil
    #endif
}
