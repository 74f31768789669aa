import Dependencies

struct LoggerClient: Sendable {
    var log: @Sendable (String) -> Void
}

extension LoggerClient: DependencyKey {
    static let liveValue = LoggerClient(log: { print("log:", $0) })
    static let testValue = LoggerClient(log: { _ in })
}

extension DependencyValues {
    var logger: LoggerClient {
        get { self[LoggerClient.self] }
        set { self[LoggerClient.self] = newValue }
    }
}
