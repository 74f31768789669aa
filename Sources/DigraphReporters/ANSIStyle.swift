/// SGR escape sequences, or nothing at all when colour is off (a pipe, a file, `NO_COLOR`).
struct ANSIStyle {
    var enabled: Bool

    static let bold = "1"
    static let red = "31"
    static let yellow = "33"
    static let cyan = "36"

    func paint(_ text: String, _ codes: String...) -> String {
        guard enabled, !codes.isEmpty else { return text }
        return "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
    }

    static func colour(of severity: String) -> String {
        switch severity {
        case "error": red
        case "warning": yellow
        default: cyan
        }
    }
}
