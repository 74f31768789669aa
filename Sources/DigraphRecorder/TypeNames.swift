/// Type names as digraph writes them, from a live metatype.
///
/// `String(reflecting:)` qualifies every type with its module (`App.Outer.Inner`,
/// `Swift.Optional<App.Foo>`); a source scan sees what the code spells (`Outer.Inner`, `Foo?`).
/// ``name(of:qualified:)`` drops the module prefixes (unless asked to keep them), writes Swift's
/// sugar for `Optional`, `Array` and `Dictionary`, drops the names of local contexts, and removes
/// whitespace except one space between two words, as digraph's scanner does.
public enum TypeNames {
    public static func name(of type: Any.Type, qualified: Bool = false) -> String {
        display(reflected: String(reflecting: type), qualified: qualified)
    }

    /// ``name(of:qualified:)`` for a name already written by `String(reflecting:)`.
    public static func display(reflected: String, qualified: Bool = false) -> String {
        let tokens = tokenize(removingLocalContexts(reflected))
        var index = 0
        let text = render(tokens, &index, until: nil, qualified: qualified)
        return text.isEmpty ? reflected : text
    }

    /// The elements of a tuple type's reflected name, each a reflected name:
    /// `(Swinject.Resolver, Swift.String)` -> `["Swinject.Resolver", "Swift.String"]`; nil when the
    /// name is not a tuple.
    public static func tupleElements(reflected: String) -> [String]? {
        let text = reflected.trimmingSpaces
        guard text.hasPrefix("("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst().dropLast()
        var depth = 0
        var parts: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in inner {
            switch ch {
            case "(", "<", "[": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            if ch == "," && depth == 0 {
                parts.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(ch)
            }
            previous = ch
        }
        // `(A) -> B` is a function, not a tuple.
        if depth != 0 { return nil }
        parts.append(current.trimmingSpaces)
        return parts
    }

    // MARK: - Implementation

    private enum Token: Equatable {
        /// Identifiers joined by dots: `Swift.Optional`.
        case path([String])
        case punct(Character)
        case arrow
    }

    /// `App.(unknown context at $55d0).L` -> `App.L`.
    private static func removingLocalContexts(_ text: String) -> String {
        var out = text
        while let start = out.range(of: "(unknown context at ") {
            guard let close = out[start.upperBound...].firstIndex(of: ")") else { break }
            var end = out.index(after: close)
            if end < out.endIndex && out[end] == "." { end = out.index(after: end) }
            out.removeSubrange(start.lowerBound..<end)
        }
        return out
    }

    private static func isWordCharacter(_ ch: Character) -> Bool { ch.isLetter || ch.isNumber || ch == "_" || ch == "$" }

    private static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let ch = chars[i]
            if ch.isWhitespace {
                i += 1
            } else if isWordCharacter(ch) || ch == "`" {
                var parts: [String] = []
                var current = ""
                while i < chars.count {
                    let c = chars[i]
                    if isWordCharacter(c) || c == "`" {
                        current.append(c)
                        i += 1
                    } else if c == ".", i + 1 < chars.count, isWordCharacter(chars[i + 1]) || chars[i + 1] == "`" {
                        parts.append(current)
                        current = ""
                        i += 1
                    } else {
                        break
                    }
                }
                parts.append(current)
                tokens.append(.path(parts))
            } else if ch == "-", i + 1 < chars.count, chars[i + 1] == ">" {
                tokens.append(.arrow)
                i += 2
            } else {
                tokens.append(.punct(ch))
                i += 1
            }
        }
        return tokens
    }

    private static let keywords: Set<String> = ["any", "some", "inout", "throws", "async", "rethrows", "__owned", "borrowing", "consuming", "sending"]

    /// Renders tokens from `index` until the closing punctuation `until` (not consumed) at depth 0.
    private static func render(_ tokens: [Token], _ index: inout Int, until closers: Set<Character>?, qualified: Bool)
        -> String
    {
        var out = ""
        func append(_ piece: String) {
            guard let first = piece.first else { return }
            if let last = out.last, isWordCharacter(last), isWordCharacter(first) { out.append(" ") }
            out += piece
        }
        while index < tokens.count {
            let token = tokens[index]
            if case .punct(let ch) = token, let closers, closers.contains(ch) { return out }
            index += 1
            switch token {
            case .arrow: out += "->"
            case .punct(let ch):
                switch ch {
                case "(", "[", "<":
                    let closer: Character = ch == "(" ? ")" : (ch == "[" ? "]" : ">")
                    var inner = ""
                    while true {
                        inner += render(tokens, &index, until: [",", closer], qualified: qualified)
                        guard index < tokens.count, case .punct(let c) = tokens[index] else { break }
                        index += 1
                        if c == "," {
                            inner += ","
                        } else {
                            break
                        }
                    }
                    append(String(ch) + inner + String(closer))
                default: append(String(ch))
                }
            case .path(let parts):
                let full = parts.joined(separator: ".")
                let sugar = ["Swift.Optional", "Swift.Array", "Swift.Dictionary", "Swift.ImplicitlyUnwrappedOptional"]
                if sugar.contains(full), index < tokens.count, tokens[index] == .punct("<") {
                    index += 1
                    var arguments: [String] = []
                    while true {
                        arguments.append(render(tokens, &index, until: [",", ">"], qualified: qualified))
                        guard index < tokens.count, case .punct(let c) = tokens[index] else { break }
                        index += 1
                        if c == ">" { break }
                    }
                    switch (full, arguments.count) {
                    case ("Swift.Array", 1): append("[\(arguments[0])]")
                    case ("Swift.Dictionary", 2): append("[\(arguments[0]):\(arguments[1])]")
                    case ("Swift.Optional", 1), ("Swift.ImplicitlyUnwrappedOptional", 1):
                        let wrapped = arguments[0]
                        let needsParentheses = wrapped.contains(" ") || wrapped.contains("&") || wrapped.contains("->")
                        append(needsParentheses ? "(\(wrapped))?" : "\(wrapped)?")
                    default:
                        let base = qualified ? full : String(full.split(separator: ".").last!)
                        append("\(base)<\(arguments.joined(separator: ","))>")
                    }
                } else if parts.count == 1 || qualified || keywords.contains(parts[0]) {
                    append(full)
                } else {
                    append(parts.dropFirst().joined(separator: "."))
                }
            }
        }
        return out
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
