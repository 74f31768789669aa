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
        guard var node = try? PositionedJSONParser.parse(bytes) else { return nil }
        for component in path {
            switch (component, node.value) {
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key == key }) else { return Position(line: node.line, column: node.column) }
                node = member.value
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                node = elements[index]
            default:
                return Position(line: node.line, column: node.column)
            }
        }
        return Position(line: node.line, column: node.column)
    }

    public enum PathComponent: Equatable, Sendable {
        case key(String)
        case index(Int)
    }
}
