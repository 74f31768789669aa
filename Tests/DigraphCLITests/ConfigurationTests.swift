import DigraphCore
import Testing

@testable import DigraphCLI

@Suite struct ConfigurationTests {
    @Test func readsEveryDocumentedKey() throws {
        let c = try ConfigurationLoader.parse(
            """
            included: [Sources, App]
            excluded: [Tests, "**/Generated"]
            disabled_rules: [unused_registration]
            only_rules: []
            rules:
              god_singleton: { severity: error, threshold: 4, allow: [Logger] }
              too_many_dependencies: { threshold: 9 }
            lifetimes:
              session: scoped
            baseline: .digraph-baseline.json
            fail_on: warning
            """, file: ".digraph.yml")
        #expect(c.included == ["Sources", "App"])
        #expect(c.excluded == ["Tests", "**/Generated"])
        #expect(c.disabledRules == ["unused_registration"])
        #expect(c.rules["god_singleton"] == RuleOptions(severity: .error, threshold: 4, allow: ["Logger"]))
        #expect(c.rules["too_many_dependencies"]?.threshold == 9)
        #expect(c.lifetimes == ["session": .scoped])
        #expect(c.baseline == ".digraph-baseline.json")
        #expect(c.failOn == .warning)
    }

    @Test func emptyFileIsTheDefaults() throws {
        #expect(try ConfigurationLoader.parse("", file: ".digraph.yml") == Configuration())
    }

    @Test(arguments: [
        ("excludd: [Tests]\n", ".digraph.yml:1:1: unknown key 'excludd'; did you mean 'excluded'?"),
        ("included: Sources\n", ".digraph.yml:1:11: 'included' must be a list of strings"),
        ("disabled_rules: [no_such_rule]\n", ".digraph.yml:1:18: 'disabled_rules': unknown rule 'no_such_rule'"),
        ("rules:\n  god_singleton: { treshold: 3 }\n", ".digraph.yml:2:20: unknown key 'rules.god_singleton.treshold' (rules take severity, threshold, allow, count_tests)"),
        ("rules:\n  god_singleton: { threshold: many }\n", ".digraph.yml:2:31: 'rules.god_singleton.threshold' must be a non-negative integer"),
        ("rules:\n  scope_mismatch: { severity: fatal }\n", ".digraph.yml:2:31: 'rules.scope_mismatch.severity' must be one of error, warning, note (got 'fatal')"),
        ("lifetimes:\n  session: forever\n", ".digraph.yml:2:12: 'lifetimes.session' must be one of singleton, scoped, weak, graph, transient, unknown (got 'forever')"),
        ("fail_on: sometimes\n", ".digraph.yml:1:10: 'fail_on' must be one of error, warning, note, never (got 'sometimes')"),
    ])
    func rejectsBadKeysAndTypesNamingThePosition(yaml: String, expected: String) {
        #expect(throws: DigraphError.self) { try ConfigurationLoader.parse(yaml, file: ".digraph.yml") }
        do {
            _ = try ConfigurationLoader.parse(yaml, file: ".digraph.yml")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func invalidYAMLNamesThePosition() {
        do {
            _ = try ConfigurationLoader.parse("included: [Sources\nexcluded: x", file: "c.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("c.yml:"), "\(error.description)")
            #expect(error.description.contains("invalid YAML"))
        }
    }
}

@Suite struct GlobTests {
    @Test(arguments: [
        ("Tests", "Tests/A.swift", true),
        ("Tests", "Sources/Tests.swift", false),
        ("**/Generated", "Sources/Feature/Generated/Model.swift", true),
        ("**/Generated", "Generated/Model.swift", true),
        ("**/*.generated.swift", "Sources/A.generated.swift", true),
        ("Sources/*/Mocks", "Sources/Feature/Mocks/M.swift", true),
        ("Sources/*/Mocks", "Sources/Feature/Sub/Mocks/M.swift", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }
}
