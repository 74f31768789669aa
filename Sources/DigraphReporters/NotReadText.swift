import DigraphCore

/// The one line that says a shape of site was seen and not read: on stderr after `check`, and as
/// the SARIF notification's text.
public enum NotReadText {
    /// Shapes shown per program on stderr; the JSON report lists them all.
    public static let shownPerProgram = 3

    /// ``NotReadEntry/kind`` decides the verb: `registerSingleton(…)` at 12 sites (first
    /// DI.swift:79:9) may register what 3 requests miss, so those misses are notes; …
    public static func line(_ entry: NotReadEntry, program: String?) -> String {
        let count = entry.sites.count
        let first = entry.sites.first.map { "\(count == 1 ? "" : "first ")\($0)" } ?? ""
        var text = "not read\(program.map { " in `\($0)`" } ?? ""): `\(entry.shape)` at "
            + (count == 1 ? first : "\(count) sites (\(first))")
        if entry.hiddenMisses > 0 {
            let misses = entry.hiddenMisses
            text += " may register what \(misses) request\(misses == 1 ? "" : "s") miss\(misses == 1 ? "es" : ""), so "
                + (misses == 1 ? "that miss is a note" : "those misses are notes")
        }
        return text + "; " + entry.advice
    }

    /// The stderr lines for `groups`: every shape that hides a miss, and the others only when
    /// `all` (what was not read is not small beside what was). At most ``shownPerProgram`` a
    /// program, then how many more.
    public static func lines(_ groups: [NotReadGroup], all: Bool) -> [String] {
        var out: [String] = []
        for group in groups {
            let entries = all ? group.entries : group.entries.filter { $0.hiddenMisses > 0 }
            out += entries.prefix(shownPerProgram).map { "note: " + line($0, program: group.program) }
            let more = entries.count - shownPerProgram
            if more > 0 {
                out.append(
                    "note: not read\(group.program.map { " in `\($0)`" } ?? ""): \(more) more shape\(more == 1 ? "" : "s") of site (`--format json` lists every site under `coverage.notRead`)"
                )
            }
        }
        return out
    }
}
