import DigraphRecorder
import Foundation
import Swinject

/// A Swinject `Behavior` that remembers where each registration was made, so that a snapshot's
/// services point at the app's `register` / `.implements` lines.
///
/// Add it before registering: `Container(behaviors: [DigraphSiteRecorder()])` or
/// `container.addBehavior(DigraphSiteRecorder())`. It keeps a raw backtrace per registration
/// (return addresses only) and symbolicates it when the snapshot is written, which needs debug
/// information and Linux (see ``SiteCapture``); elsewhere it records nothing. The exporter finds
/// it among the container's behaviors by itself.
public final class DigraphSiteRecorder: Behavior, @unchecked Sendable {
    struct Key: Hashable {
        var entry: ObjectIdentifier
        var type: ObjectIdentifier
        var name: String?
    }

    private let lock = NSLock()
    private var traces: [Key: SiteCapture.Trace] = [:]

    public init() {}

    public func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        guard SiteCapture.isAvailable else { return }
        let trace = SiteCapture.capture()
        lock.lock()
        traces[Key(entry: ObjectIdentifier(entry), type: ObjectIdentifier(type), name: name)] = trace
        lock.unlock()
    }

    func trace(entry: AnyObject, type: Any.Type, name: String?) -> SiteCapture.Trace? {
        lock.lock()
        defer { lock.unlock() }
        return traces[Key(entry: ObjectIdentifier(entry), type: ObjectIdentifier(type), name: name)]
    }

    /// Frames of this library and of Swinject are not the app's.
    static func isOwnFrame(_ path: String) -> Bool {
        path.hasPrefix(ownDirectory) || path.contains("/Swinject/Sources/") || path.contains("/swinject/Sources/")
    }

    private static let ownDirectory = SiteCapture.directory(of: #filePath)
}
