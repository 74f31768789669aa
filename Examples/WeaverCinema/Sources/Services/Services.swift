import Foundation

struct Movie { let id: UInt; let title: String }

final class Logger {
    func log(_ message: String) { print(message) }
}

protocol ReviewManaging: AnyObject {
    func reviews(for movieID: UInt, _ completion: @escaping ([String]) -> Void)
}

protocol DownloadManaging: AnyObject {
    func download(_ movie: Movie)
}

final class DownloadManager: DownloadManaging {
    // weaver: logger <- Logger

    init(injecting _: DownloadManagerDependencyResolver) {}

    func download(_ movie: Movie) {}
}
