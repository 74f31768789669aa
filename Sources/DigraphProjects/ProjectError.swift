/// A project description digraph cannot read at all (malformed pbxproj, invalid YAML, a manifest
/// with a syntax error): the scan stops here, at the exact position when there is one.
public struct ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Display path of the description file.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        switch (line, column) {
        case let (line?, column?): "\(file):\(line):\(column): \(message)"
        case let (line?, nil): "\(file):\(line): \(message)"
        default: "\(file): \(message)"
        }
    }
}
