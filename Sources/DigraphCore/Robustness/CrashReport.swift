import CCrashReport

/// When digraph crashes anyway (a signal: a stack overflow, a trap, an abort), it says which file
/// the crashing thread was reading and what to do about it, then dies of that signal as it would
/// have: `digraph: internal error while reading Sources/App/Broken.swift` and a line asking to
/// report it and to exclude the file meanwhile.
///
/// The handler is C (`CCrashReport`), async-signal-safe, and runs on an alternate signal stack
/// each thread with a ``LargeStack`` gets, so an overflowing stack still reports. Each thread
/// keeps its own record of the file it reads (``reading(_:)``), set before each file.
public enum CrashReport {
    /// What the report says after naming the file.
    public static let advice = """
        digraph: this is a bug in digraph; please report it with that file at \(ToolInfo.informationURI)/issues, \
        and meanwhile skip the file with `excluded:` in .digraph.yml

        """

    /// Installs the handler for the process (once; later calls do nothing) and gives the calling
    /// thread an alternate signal stack. Threads started before this get none.
    public static func install(advice: String = advice) {
        _ = digraph_crash_install(advice)
    }

    /// Gives the calling thread an alternate signal stack (after ``install(advice:)`` only).
    static func threadBegins() { digraph_crash_thread_begin() }

    /// Takes back the calling thread's alternate stack and record, before it ends.
    static func threadEnds() { digraph_crash_thread_end() }

    /// The calling thread reads `path` from now on; nil: nothing in particular.
    public static func reading(_ path: String?) {
        guard var path else {
            digraph_crash_set_file(nil, 0)
            return
        }
        path.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { digraph_crash_set_file($0.baseAddress, $0.count) }
        }
    }

    /// `work` with the calling thread's record naming `path`, cleared afterwards.
    public static func reading<T>(_ path: String, _ work: () throws -> T) rethrows -> T {
        reading(path)
        defer { reading(nil) }
        return try work()
    }
}

#if DEBUG
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CrashReport {
    /// A test seam of debug builds only: with `DIGRAPH_TEST_CRASH_ON` set to the end of a file's
    /// path, the thread that reaches that file crashes on purpose, by a trap, or with
    /// `DIGRAPH_TEST_CRASH_KIND=overflow` by overflowing its stack (which only the alternate
    /// stack lets the handler report).
    private static let deliberateCrash: (suffix: String, overflow: Bool)? = {
        guard let suffix = getenv("DIGRAPH_TEST_CRASH_ON").map({ String(cString: $0) }), !suffix.isEmpty else {
            return nil
        }
        let kind = getenv("DIGRAPH_TEST_CRASH_KIND").map { String(cString: $0) }
        return (suffix, kind == "overflow")
    }()

    /// Crashes when `path` is the file ``deliberateCrash`` names.
    public static func crashIfAskedForTests(reading path: String) {
        guard let crash = deliberateCrash, path.hasSuffix(crash.suffix) else { return }
        if crash.overflow { _ = overflow(1) }
        fatalError("deliberate crash (DIGRAPH_TEST_CRASH_ON) while reading \(path)")
    }

    /// Recurses until the stack runs out.
    @inline(never)
    private static func overflow(_ depth: Int) -> Int {
        var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
        return withUnsafeMutablePointer(to: &frame) { pointer in overflow(depth &+ pointer.pointee.0) &+ 1 }
    }
}
#endif
