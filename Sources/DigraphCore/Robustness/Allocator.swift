#if canImport(Glibc)
import Glibc
#endif

/// Two settings of glibc's allocator that keep a scan's peak memory near three times the source
/// bytes. Elsewhere (musl, Darwin) both do nothing.
///
/// glibc gives each thread that allocates an arena of its own and keeps what is freed there. A
/// walked syntax tree takes tens of times its file's bytes, and a tree of real apps holds a few
/// huge generated files (mocks, icon tables, protobuf code): each thread's arena then kept a huge
/// tree's worth of freed memory for the rest of the run, a quarter of the peak on 53 MB of real
/// Swift.
public enum Allocator {
    /// At most two arenas (one per scanning thread on two cores); call before any thread starts.
    public static func limitArenas() {
        #if canImport(Glibc)
        // `M_ARENA_MAX` is -8 in <malloc.h>.
        _ = mallopt?(-8, 2)
        #endif
    }

    /// Gives the freed pages of every arena back to the system: after a huge file's tree is freed
    /// (a few files per tree; it walks the free lists, a millisecond or so).
    public static func releaseFreeMemory() {
        #if canImport(Glibc)
        _ = mallocTrim?(0)
        #endif
    }

    #if canImport(Glibc)
    // Neither function is in Swift's Glibc module.
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = CSymbol.named("mallopt")
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = CSymbol.named("malloc_trim")
    #endif
}
