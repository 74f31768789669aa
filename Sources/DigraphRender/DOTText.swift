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
        let chars = Array(bounded(text))
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
        for ch in bounded(text) {
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

    /// `text` with its control characters escaped (``SafeText``), and short enough for Graphviz,
    /// which refuses a quoted string longer than 16384 bytes: a longer one (a generic type nested
    /// thousands deep, from a snapshot) keeps its first 1000 characters, then `…` and a hash of the
    /// whole, so that two long ids stay two nodes.
    static func bounded(_ text: String) -> String {
        let escaped = SafeText.escaped(text, keep: [.lineBreaks])
        guard escaped.utf8.count > 8_000 else { return escaped }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(escaped.prefix(1_000)) + "…" + String(hash, radix: 16)
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
