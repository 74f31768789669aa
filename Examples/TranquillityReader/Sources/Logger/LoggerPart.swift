import DITranquillity

final class LoggerPart: DIPart {
    static func load(container: DIContainer) {
        container.register { ConsoleLogger() }.lifetime(.single)
        container.register { FileLogger(file: "reader.log") }.lifetime(.single)
        container.register { MainLogger(console: $0, file: $1) }.as(check: Logger.self) { $0 }.lifetime(.single)
    }
}

protocol Logger: AnyObject {
    func log(_ message: String)
}

final class ConsoleLogger: Logger {
    func log(_ message: String) {}
}

final class FileLogger: Logger {
    init(file: String) {}
    func log(_ message: String) {}
}

final class MainLogger: Logger {
    init(console: ConsoleLogger, file: FileLogger) {}
    func log(_ message: String) {}
}
