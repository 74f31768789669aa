/// One way an instance fails its schema.
public struct SchemaViolation: Hashable, Sendable, CustomStringConvertible {
    /// Where in the instance, e.g. `services[3].lifetime`; empty for the document itself.
    public var path: String
    /// The schema keyword that failed, e.g. `required`, `enum`, `type`.
    public var keyword: String
    public var message: String

    public init(path: String, keyword: String, message: String) {
        self.path = path
        self.keyword = keyword
        self.message = message
    }

    public var description: String { "\(path.isEmpty ? "(root)" : path): \(message) [\(keyword)]" }
}

/// Instance paths in the `a.b[2].c` form; keys that are not plain identifiers are bracketed.
enum InstancePath {
    static func member(_ base: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || isAlphanumeric($0) }
            && !(key.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false)
        if plain { return base.isEmpty ? key : "\(base).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(base)[\"\(escaped)\"]"
    }

    static func element(_ base: String, _ index: Int) -> String { "\(base)[\(index)]" }

    private static func isAlphanumeric(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
    }
}
