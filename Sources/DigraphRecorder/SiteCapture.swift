#if os(Linux) && canImport(Runtime)
import Runtime
#endif

/// Finds the source position of the code that called into a container, from a backtrace and the
/// program's debug information.
///
/// Available on Linux with Swift's `Runtime` module (Swift 6.2 and later) in builds that carry debug
/// information (`swift build`'s default debug configuration). Elsewhere ``isAvailable`` is false
/// and every site is nil: snapshots are still complete, their findings then point at the
/// snapshot file instead of the source line.
///
/// Taking a trace is cheap (return addresses only); symbolicating it reads DWARF and is done once
/// per trace, later, when the snapshot is written.
public enum SiteCapture {
    public static var isAvailable: Bool {
        #if os(Linux) && canImport(Runtime)
        return true
        #else
        return false
        #endif
    }

    /// Raw return addresses of the calling thread.
    public struct Trace: @unchecked Sendable {
        #if os(Linux) && canImport(Runtime)
        fileprivate let backtrace: Backtrace?
        #endif
    }

    #if os(Linux) && canImport(Runtime)
    /// The program's images, listed once. Listing them for every trace reads the header of every
    /// file mapped into the process, and races with the symbolicator of another thread unmapping
    /// the files it read (a crash in `ImageMap.capture` when snapshots are made concurrently).
    /// Code loaded later (a plugin) is not symbolicated: its frames are never an app's site.
    private static let images = ImageMap.capture()
    #endif

    @inline(never)
    public static func capture() -> Trace {
        #if os(Linux) && canImport(Runtime)
        return Trace(backtrace: try? Backtrace.capture(limit: 48, top: 0, images: images))
        #else
        return Trace()
        #endif
    }

    /// The innermost frame with a source position for which `isOwn` is false: the first frame of
    /// the program's code once the container's (and the recorder's) own frames are skipped.
    public static func site(in trace: Trace, isOwn: (_ path: String) -> Bool) -> Snapshot.Site? {
        #if os(Linux) && canImport(Runtime)
        guard let backtrace = trace.backtrace, let symbolicated = backtrace.symbolicated() else { return nil }
        for frame in symbolicated.frames {
            guard let symbol = frame.symbol, let location = symbol.sourceLocation, location.line > 0,
                !frame.isSwiftThunk, !location.path.isEmpty, !location.path.hasPrefix("<")
            else { continue }
            if location.path.hasPrefix(ownDirectory) || isOwn(location.path) { continue }
            return Snapshot.Site(
                file: location.path, line: location.line, column: location.column > 0 ? location.column : nil,
                function: symbol.name)
        }
        return nil
        #else
        return nil
        #endif
    }

    /// This library's own source folder: its frames are never a site.
    public static let ownDirectory = directory(of: #filePath)

    /// The directory of a `#filePath`, with a trailing slash: frames under it belong to that module.
    public static func directory(of filePath: String) -> String {
        guard let slash = filePath.lastIndex(of: "/") else { return filePath }
        return String(filePath[...slash])
    }
}
