import DigraphCore

/// The parts of a type-keyed service id, `Type[#name][(Arg1,Arg2)]`.
struct ServiceIDParts: Hashable {
    var type: String
    var name: String?
    var arguments: [String]

    var id: String { ServiceID.typeKeyed(type: type, name: name, arguments: arguments) }

    /// Splits at the first `#` outside brackets and at a final balanced `(…)` group. Ids of other
    /// shapes (`Owner.property`) come back whole as the type.
    init(_ id: String) {
        var depth = 0
        var hash: String.Index?
        for index in id.indices {
            switch id[index] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "#" where depth == 0 && hash == nil: hash = index
            default: break
            }
        }
        var head = Substring(id)
        var arguments: [String] = []
        if id.hasSuffix(")"), let open = Self.openingParenthesis(of: id), open > (hash ?? id.startIndex), open != id.startIndex {
            arguments = Self.splitTopLevel(String(id[id.index(after: open)..<id.index(before: id.endIndex)]))
            head = id[..<open]
        }
        if let hash, hash < head.endIndex {
            type = String(head[..<hash])
            name = String(head[head.index(after: hash)...])
        } else {
            type = String(head)
            name = nil
        }
        self.arguments = arguments
    }

    init(type: String, name: String?, arguments: [String]) {
        self.type = type
        self.name = name
        self.arguments = arguments
    }

    private static func openingParenthesis(of id: String) -> String.Index? {
        var depth = 0
        var index = id.index(before: id.endIndex)
        while true {
            switch id[index] {
            case ")", "]", ">": depth += 1
            case "(", "[", "<":
                depth -= 1
                if depth == 0 { return id[index] == "(" ? index : nil }
            default: break
            }
            if index == id.startIndex { return nil }
            index = id.index(before: index)
        }
    }

    static func splitTopLevel(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var parts: [String] = []
        var current = ""
        var depth = 0
        for ch in text {
            switch ch {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            default: break
            }
            if ch == "," && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        parts.append(current)
        return parts
    }
}
