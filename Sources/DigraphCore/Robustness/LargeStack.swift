#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work whose recursion follows the input's nesting (SwiftParser, the syntax walks, Yams) on a
/// thread with a stack sized for the deepest input digraph accepts, never on a default 8 MiB main
/// thread or a 512 KiB dispatch worker.
///
/// The depth is bounded before this runs (``SwiftNesting``, ``YAMLNesting``, the JSON parser's
/// limit); the stack is sized for that bound, debug builds included, with room to spare. Only the
/// pages a run touches are ever committed, so the size costs address space, not memory. Each
/// thread gets an alternate signal stack too, once the ``CrashReport`` is installed, so that an
/// overflow still says which file it was reading.
public enum LargeStack {
    /// Bytes of stack for each thread that parses or walks. Measured: SwiftParser's debug build
    /// at ``SwiftNesting/limit`` nested brackets, and the walks of the deepest tree it may build,
    /// use well under a quarter of it.
    public static let size = 512 << 20

    /// `body` on a new thread with a `stackSize`-byte stack; returns when it does.
    public static func run<T, E: Error>(stackSize: Int = size, _ body: () throws(E) -> T) throws(E) -> T {
        var result: Result<T, E>?
        withoutActuallyEscaping(body) { body in
            let work = Work {
                result = Result { () throws(E) -> T in try body() }
            }
            start(work, stackSize: stackSize)
        }
        return try result!.get()
    }

    /// `count` threads with large stacks, each running `body(index)`; returns when all have.
    public static func concurrent(_ count: Int, stackSize: Int = size, _ body: (Int) -> Void) {
        guard count > 1 else {
            run(stackSize: stackSize) { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            var threads: [pthread_t] = []
            for index in 0..<count {
                if let thread = spawn(Work { body(index) }, stackSize: stackSize) {
                    threads.append(thread)
                } else {
                    // No thread to be had (resource limits): the work still gets done, here.
                    run(stackSize: stackSize) { body(index) }
                }
            }
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private static func start(_ work: Work, stackSize: Int) {
        if let thread = spawn(work, stackSize: stackSize) {
            pthread_join(thread, nil)
        } else if let thread = spawn(work, stackSize: 64 << 20) {
            // The address space is short (a ulimit -v): a smaller stack, still 8 times the default.
            pthread_join(thread, nil)
        } else {
            work.body()
        }
    }

    private static func spawn(_ work: Work, stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, &attributes, { context in
            CrashReport.threadBegins()
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            CrashReport.threadEnds()
            return nil
        }, context)
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            CrashReport.threadBegins()
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            CrashReport.threadEnds()
            return nil
        }, context)
        #endif
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
