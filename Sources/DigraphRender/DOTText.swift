import DigraphCore

/// Quoting for DOT, so that any service id or message (`Result<User,Error>`, a name with `"`, `&`,
/// `<`, `\`) reaches the picture as written and can never inject DOT, SVG or HTML markup. Control characters
/// (which XML forbids: Graphviz would write an SVG no reader opens) and bidirectional controls are drawn escaped
/// (`\u{1B}`), see ``SafeText``.
///
/// Graphviz 2.42 reads a quoted string by turning `\"` into `"` and keeping every other character,
/// backslashes included. Label-like attributes (`label`, `xlabel`, `tooltip`) are then processed
/// again: `\n` breaks a line, `\\` is one backslash, `\N`/`\G`/`\E`/`\T`/`\H` are substitutions, and
/// HTML entities (`&amp;`) become characters. The SVG renderer escapes `&`, `<`, `>` and `"` itself.
public enum DOTText {
    /// A quoted DOT ID: node names (the service id, which becomes the SVG `<title>`), and attribute
    /// values that Graphviz does not reprocess (`id`, `class`, colours).
    ///
    /// A backslash that would escape the closing quote cannot be written in DOT at all; it is drawn
    /// as U+29F5 (⧵) instead. No type name or identifier contains one.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        let chars = Array(SafeText.escaped(text, keep: [.lineBreaks]))
        for (i, ch) in chars.enumerated() {
            switch ch {
            case "\"": out += "\\\""
            case "\\":
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                out += (next == nil || next == "\"" || next == "\n" || next == "\r") ? "\u{29F5}" : "\\"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out + "\""
    }

    /// A quoted label-like value (`label`, `tooltip`): each line escaped, lines joined with a
    /// centred line break (`\n`), or each ended by a left-justifying one (`\l`).
    public static func label(_ lines: [String], leftJustified: Bool = false) -> String {
        if leftJustified { return "\"" + lines.map { escapeLine($0) + "\\l" }.joined() + "\"" }
        return "\"" + lines.map(escapeLine).joined(separator: "\\n") + "\""
    }

    /// One line of label text: `\` doubled (no `\N` substitution, no stray escapes), `"` escaped,
    /// `&` written `&amp;` (so `&lt;` in a name stays those four characters), newlines as spaces.
    static func escapeLine(_ text: String) -> String {
        var out = ""
        for ch in SafeText.escaped(text, keep: [.lineBreaks]) {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "&": out += "&amp;"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out
    }

    /// Text inside an HTML-like label (`<…>`): `&`, `<`, `>`, `"` as entities.
    public static func html(_ text: String) -> String {
        var out = ""
        for ch in SafeText.escaped(text, keep: [.lineBreaks]) {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A readable SVG element id: letters, digits, `.` and `_` kept, every other run of
    /// characters one `-` (`Database#primary` -> `Database-primary`), never empty.
    public static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_")
            if keep {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? "x" : out
    }
}
