import DigraphCore
import DigraphReporters
import Foundation
import Testing

/// man/digraph.1 documents every subcommand, every option and every rule the binary has.
@Suite struct ManPageTests {
    static let manPage = try! String(
        contentsOf: DigraphProcess.packageRoot.appendingPathComponent("man/digraph.1"), encoding: .utf8)

    /// roff spells `-` as `\-`.
    static func roff(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "\\-") }

    /// The text of `.SS title` up to the next section heading.
    static func section(_ title: String) -> String {
        guard let start = manPage.range(of: ".SS \(title)\n") else { return "" }
        let rest = manPage[start.upperBound...]
        let end = rest.range(of: "\n.S")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    struct Option: Hashable {
        var command: String
        var name: String
    }

    static func options() throws -> [Option] {
        let r = try DigraphProcess.run(["--experimental-dump-help"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let root = try #require(doc["command"] as? [String: Any])
        var result: [Option] = []
        for sub in root["subcommands"] as? [[String: Any]] ?? [] {
            let command = sub["commandName"] as! String
            guard command != "help" else { continue }
            for argument in sub["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    let long = name["name"] as! String
                    if long != "help" && long != "version" { result.append(Option(command: command, name: long)) }
                }
            }
        }
        return result
    }

    @Test func everyOptionOfEverySubcommandIsDocumented() throws {
        let options = try Self.options()
        #expect(options.count > 10)
        let common = Self.section("Common options")
        for option in options {
            let documented = Self.section("Options of \(option.command)") + common
            #expect(
                documented.contains("\\-\\-" + Self.roff(option.name)),
                "man/digraph.1 does not document `digraph \(option.command) --\(option.name)`")
        }
    }

    @Test func everySubcommandAndRuleIsDocumented() throws {
        for command in ["check", "report", "rules"] {
            #expect(Self.manPage.contains(".BR \(command)") || Self.manPage.contains(".B \(command)"), "\(command)")
        }
        for id in RuleCatalog.ids {
            #expect(Self.manPage.contains(".BR \(Self.roff(id))") || Self.manPage.contains(".BR \(id)"), "rule \(id)")
        }
    }

    @Test func everyFormatIsDocumented() throws {
        let help = try DigraphProcess.run(["help", "check"]).stdout
        #expect(help.contains("--format"))
        #expect(ReporterCatalog.identifiers.count == 5)
        for format in ReporterCatalog.identifiers {
            #expect(help.contains(format), "`digraph help check` lists \(format)")
            #expect(Self.section("Options of check").contains(".B \(format)\n"), "format \(format)")
        }
    }
}
