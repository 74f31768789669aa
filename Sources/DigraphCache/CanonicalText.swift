/// A value written out field by field through reflection, with the elements of sets and the
/// entries of dictionaries sorted: the same text for equal values in every process (unlike
/// `String(describing:)`, whose dictionaries follow the per-process hash order). Cache keys use it
/// for options and configurations, so that a field added later is part of the key without anyone
/// remembering to add it.
public enum CanonicalText {
    public static func of(_ value: Any) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout String) {
        // Strings and lists of them (a program's files) without a mirror per element: the same
        // text as the reflecting path below, which cost most of an unchanged run's key.
        if let string = value as? String { return quote(string, to: &out) }
        if let strings = value as? [String] {
            out += "["
            for (index, string) in strings.enumerated() {
                if index > 0 { out += "," }
                quote(string, to: &out)
            }
            out += "]"
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value {
                write(wrapped, to: &out)
            } else {
                out += "nil"
            }
        case .set, .dictionary:
            let parts = mirror.children.map { child -> String in
                var part = ""
                write(child.value, to: &part)
                return part
            }
            out += "{" + parts.sorted().joined(separator: ",") + "}"
        case .collection, .tuple:
            out += "["
            for (index, child) in mirror.children.enumerated() {
                if index > 0 { out += "," }
                if let label = child.label, !label.hasPrefix(".") { out += label + ":" }
                write(child.value, to: &out)
            }
            out += "]"
        case .struct, .class, .enum:
            out += String(describing: mirror.subjectType)
            if mirror.displayStyle == .enum, mirror.children.isEmpty { out += "." + String(describing: value) }
            out += "("
            for (index, child) in mirror.children.enumerated() {
                if index > 0 { out += "," }
                out += (child.label ?? "_") + ":"
                write(child.value, to: &out)
            }
            out += ")"
        default:
            // Leaves: numbers and booleans (strings are above).
            out += String(describing: value)
        }
    }

    /// Quoted, so that "a,b" and ["a","b"] differ.
    private static func quote(_ string: String, to out: inout String) {
        out += "\""
        // Most strings (paths, names) have nothing to escape: appended as they are.
        if string.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) {
            out += string.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"")
        } else {
            out += string
        }
        out += "\""
    }
}

private extension String {
    func replacingEvery(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
