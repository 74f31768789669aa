/// The `--format` values of `digraph check` and the reporter behind each.
public enum ReporterCatalog {
    /// In the order `--help` lists them; the first is the default on a terminal.
    public static let all: [any Reporter] = [
        TextReporter(), XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(),
    ]

    public static var identifiers: [String] { all.map { type(of: $0).identifier } }

    public static func reporter(for identifier: String) -> (any Reporter)? {
        all.first { type(of: $0).identifier == identifier }
    }
}
