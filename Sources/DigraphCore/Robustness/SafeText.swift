/// Text that comes from the input (paths, type and registration names, source snippets) written where characters
/// act instead of showing: a terminal runs ANSI escape sequences, bidirectional controls reorder what is shown
/// (Trojan Source), a line break starts a new record in a line-based format.
///
/// Every C0 and C1 control character, DEL, bidirectional control and line or paragraph separator is written as
/// an escape (`\u{1B}`, `\u{202E}`; line breaks and tabs as `\n`, `\r`, `\t`): visible, and never acting.
public enum SafeText {
    public struct Keep: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Tabs stay tabs.
        public static let tabs = Keep(rawValue: 1 << 0)
        /// Line feeds and carriage returns stay as they are (for callers that handle them).
        public static let lineBreaks = Keep(rawValue: 1 << 1)
    }

    /// `text` with every acting character escaped (except those `keep` names).
    public static func escaped(_ text: String, keep: Keep = [.tabs]) -> String {
        guard text.unicodeScalars.contains(where: { acts($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard acts(scalar) else {
                out.append(scalar)
                continue
            }
            switch scalar {
            case "\t" where keep.contains(.tabs), "\n" where keep.contains(.lineBreaks), "\r" where keep.contains(.lineBreaks):
                out.append(scalar)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// A control character (C0, DEL, C1), a bidirectional control, or a line or paragraph separator.
    public static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// JSON text with the characters JSON allows raw but that act elsewhere (DEL, C1 controls, bidirectional
    /// controls, line and paragraph separators) written as `\uXXXX` escapes: the same document for a JSON reader,
    /// nothing that acts for a terminal or an editor. (Encoders already escape C0 controls.) They can only occur
    /// inside strings, where an escape means the same character.
    public static func escapingJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { acts($0) && $0.value >= 0x20 }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if acts(scalar), scalar.value >= 0x20 {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
