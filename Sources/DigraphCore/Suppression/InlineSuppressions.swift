/// The lines each `digraph:` comment covers, and which comments actually hid something.
public struct InlineSuppressions: Sendable {
    struct Region {
        var comment: SuppressionComment
        var rules: Set<String>
        var lines: ClosedRange<Int>
    }

    private var regionsByFile: [String: [Region]] = [:]
    private(set) var used: Set<SourceLocation> = []
    public let comments: [SuppressionComment]

    public init(_ comments: [SuppressionComment]) {
        self.comments = comments.sorted { $0.location < $1.location }
        for (file, inFile) in Dictionary(grouping: self.comments, by: \.location.file) {
            regionsByFile[file] = Self.regions(inFile)
        }
    }

    private static func regions(_ comments: [SuppressionComment]) -> [Region] {
        var regions: [Region] = []
        // Open `disable` regions per rule id (or `all`), closed by a matching `enable`.
        var open: [(comment: SuppressionComment, rule: String)] = []
        for comment in comments {
            let line = comment.location.line
            switch comment.kind {
            case .disableNext:
                let end = max(line + 1, comment.statementEndLine ?? line + 1)
                regions.append(Region(comment: comment, rules: Set(comment.rules), lines: (line + 1)...end))
            case .disableThis:
                let end = max(line, comment.statementEndLine ?? line)
                regions.append(Region(comment: comment, rules: Set(comment.rules), lines: line...end))
            case .disable: open += comment.rules.map { (comment, $0) }
            case .enable:
                for rule in comment.rules {
                    for (i, entry) in open.enumerated().reversed() where entry.rule == rule || rule == SuppressionComment.allRules {
                        regions.append(Region(comment: entry.comment, rules: [entry.rule], lines: entry.comment.location.line...line))
                        open.remove(at: i)
                    }
                }
            }
        }
        for entry in open {
            regions.append(Region(comment: entry.comment, rules: [entry.rule], lines: entry.comment.location.line...Int.max))
        }
        return regions
    }

    /// Marks findings covered by a comment as suppressed in source, remembering which comments did it.
    public mutating func apply(to diagnostics: inout [Diagnostic]) {
        for i in diagnostics.indices {
            let d = diagnostics[i]
            for region in regionsByFile[d.location.file, default: []]
            where region.lines.contains(d.location.line)
                && (region.rules.contains(d.rule) || region.rules.contains(SuppressionComment.allRules))
            {
                diagnostics[i].suppress(.inSource)
                used.insert(region.comment.location)
            }
        }
    }

    public func didSuppress(_ comment: SuppressionComment) -> Bool { used.contains(comment.location) }
}
