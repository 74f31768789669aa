final class Logger {
    static let shared = Logger()
    func log(_ message: String) {}
}
