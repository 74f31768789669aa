/// Positions in a JSON document for other readers' messages (the baseline file): where it stops
/// being JSON, and where the value at a coding path starts.
public enum JSONPositions {
    public struct Position: Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String?
    }

    /// The first syntax error, nil when the bytes are JSON.
    public static func syntaxError(in bytes: [UInt8]) -> Position? {
        do {
            _ = try PositionedJSONParser.parse(bytes)
            return nil
        } catch {
            return Position(line: error.line, column: error.column, message: error.message)
        }
    }

    /// Where the value at `path` (keys and array indices) starts, or its deepest existing ancestor.
    public static func position(of path: [PathComponent], in bytes: [UInt8]) -> Position? {
        node(at: path, in: bytes).map { Position(line: $0.line, column: $0.column) }
    }

    /// What the value at `path` is, `an array`, `a string`, … for a message saying what was found
    /// where something else was expected; nil when there is no value there.
    public static func kind(of path: [PathComponent], in bytes: [UInt8]) -> String? {
        guard let node = node(at: path, in: bytes, exactly: true) else { return nil }
        return node.kindDescription
    }

    /// The node at `path`; when some component is missing, its deepest existing ancestor, or nil
    /// when `exactly`.
    private static func node(at path: [PathComponent], in bytes: [UInt8], exactly: Bool = false) -> JSONNode? {
        guard var node = try? PositionedJSONParser.parse(bytes) else { return nil }
        for component in path {
            switch (component, node.value) {
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key == key }) else { return exactly ? nil : node }
                node = member.value
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                node = elements[index]
            default:
                return exactly ? nil : node
            }
        }
        return node
    }

    public enum PathComponent: Equatable, Sendable {
        case key(String)
        case index(Int)
    }
}
