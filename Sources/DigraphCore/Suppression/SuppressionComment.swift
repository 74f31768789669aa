/// A `// digraph:…` comment that hides findings (the syntax SwiftLint users know):
///
/// - `// digraph:disable:next RULE[,RULE]`: the next line, and the whole statement or
///   declaration that starts there;
/// - `// digraph:disable:this RULE`: the comment's own line, and the whole statement starting there;
/// - `// digraph:disable RULE` … `// digraph:enable RULE`: a region (to the end of the file when
///   never enabled again);
/// - `all` in place of the rule list.
public struct SuppressionComment: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable {
        case disableNext = "disable:next"
        case disableThis = "disable:this"
        case disable
        case enable
    }

    public static let allRules = "all"

    public var kind: Kind
    public var rules: [String]
    public var location: SourceLocation
    /// `disable:next` / `disable:this`: the last line of the statement or declaration the command
    /// applies to (a multi-line `register(…) { … }`), when it starts on the line covered.
    public var statementEndLine: Int?

    public init(kind: Kind, rules: [String], location: SourceLocation) {
        self.kind = kind
        self.rules = rules
        self.location = location
    }

    /// Parses the text of one comment; nil when it is not a digraph command.
    public static func parse(_ comment: String, at location: SourceLocation) -> SuppressionComment? {
        var text = Substring(comment)
        if text.hasPrefix("//") { text = text.dropFirst(2) }
        else if text.hasPrefix("/*") && text.hasSuffix("*/") { text = text.dropFirst(2).dropLast(2) }
        else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let command = words.first, command.hasPrefix("digraph:") else { return nil }
        let kindText = command.dropFirst("digraph:".count)
        guard let kind = Kind(rawValue: String(kindText)), words.count >= 2 else { return nil }
        // Rules up to the first word that is not a rule list: the rest is a free explanation.
        let rules = words[1].split(separator: ",").map(String.init).filter { !$0.isEmpty }
        return SuppressionComment(kind: kind, rules: rules, location: location)
    }
}
