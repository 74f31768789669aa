/// Why a snapshot cannot be read: exit 2 with ``description`` as the one line on stderr.
///
/// `app.snapshot.json:14:20: services[3].lifetime: "forever" is not one of singleton, scoped, weak, graph, transient, unknown`
/// or `app.snapshot.json:12:5: unexpected end of JSON input`: the file, the position when known,
/// the JSON path when the problem is a value, then what is wrong.
public struct SnapshotError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// `services[3].lifetime`; nil for syntax and file errors, empty for the top-level object.
    public var path: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": "
        if let path, !path.isEmpty { text += path + ": " }
        return text + message
    }
}
