@testable import DigraphProjects
import Testing

/// The Starlark subset that computes target names and source lists, on shapes met in Telegram's,
/// Tulsi's, Santa's and Airbnb's build files.
@Suite struct StarlarkTests {
    /// The targets a BUILD source declares: rule -> name -> its `srcs` as strings (nil: not a list
    /// of strings), with the interpreter's notes.
    static func run(_ source: String, config: [String: String] = [:]) throws -> (targets: [String: [String]?], notes: [String]) {
        let interpreter = StarlarkInterpreter(host: .init(
            glob: { _, include, _ in include.map { $0.replacingOccurrences(of: "*", with: "X") } },
            load: { _, _, _ in .failure(.init(message: "not loaded")) },
            config: { section, key in config[section + "." + key] }))
        try interpreter.runBuildFile(try StarlarkParser.parse(source), package: "pkg", display: "BUILD")
        var out: [String: [String]?] = [:]
        for target in interpreter.targets {
            let sources = target.attributes["srcs"]?.items.flatMap { items in items.allSatisfy { $0.string != nil } ? items.map { $0.string! } : nil }
            out["\(target.rule) \(target.name)"] = .some(sources)
        }
        return (out, interpreter.notes.map(\.message))
    }

    @Test func namesAndSourcesComputedByMacros() throws {
        let result = try Self.run("""
            def module(name, extra = [], **kwargs):
                srcs = ["%s/A.swift" % name, "{}/B.swift".format(name), "{n}/C.swift".format(n = name)]
                srcs += extra
                for suffix in ["D", "E"]:
                    srcs.append(name + "/" + suffix + ".swift")
                swift_library(name = name + "Lib", srcs = srcs + [s for s in kwargs.get("more", []) if s.endswith(".swift")])

            module("Cart", extra = ["Cart/X.swift"], more = ["M.swift", "M.m"])
            lib = swift_library if len("ab") == 2 else objc_library
            lib(name = "picked", srcs = sorted(["b.swift", "a.swift"])[0:1])
            swift_library(name = "sliced", srcs = ["Core/Sources/Main.swift".rpartition("/")[2], "x.swift".replace("x", "y")])
            """)
        #expect(result.targets["swift_library CartLib"] == .some([
            "Cart/A.swift", "Cart/B.swift", "Cart/C.swift", "Cart/X.swift", "Cart/D.swift", "Cart/E.swift", "M.swift",
        ]))
        #expect(result.targets["swift_library picked"] == .some(["a.swift"]))
        #expect(result.targets["swift_library sliced"] == .some(["Main.swift", "y.swift"]))
        #expect(result.notes.isEmpty)
    }

    /// Either branch of a `select` or of a condition digraph cannot evaluate may be built: lists
    /// are merged; a branch reaching `fail()` is never the one a successful build took.
    @Test func selectsAndUnknownConditionsTakeEveryBranchThatCanBuild() throws {
        let result = try Self.run("""
            extra = select({":ios": ["Ios.swift"], "//conditions:default": ["Mac.swift"]})
            mode = read_config("custom", "mode")
            if mode == "project":
                more = ["Project.swift"]
            else:
                more = ["Build.swift"]
            id = read_config("custom", "bundle_id")
            if id == None:
                fail("custom.bundle_id should be defined")
            swift_library(name = "app", srcs = ["Main.swift"] + extra + more, bundle = id)
            """)
        #expect(result.targets["swift_library app"] == .some(["Main.swift", "Ios.swift", "Mac.swift", "Project.swift", "Build.swift"]))
        #expect(result.notes.isEmpty)
        let configured = try Self.run("""
            if read_config("custom", "mode") == "project":
                swift_library(name = "project", srcs = glob(["*.swift"]))
            else:
                swift_library(name = "build", srcs = [])
            """, config: ["custom.mode": "project"])
        #expect(configured.targets.keys.sorted() == ["swift_library project"])
        #expect(configured.targets["swift_library project"] == .some(["X.swift"]))
    }

    @Test func whatCannotBeEvaluatedIsNotedNeverGuessed() throws {
        let result = try Self.run("""
            load("@company//:defs.bzl", "company_sources")
            swift_library(name = "unknown_srcs", srcs = company_sources())
            company_library(name = "x", srcs = ["X.swift"])
            fail("this BUILD file is broken")
            """)
        #expect(result.targets["swift_library unknown_srcs"] == .some(nil))
        #expect(result.notes == [
            "not read: 'company_library' is not defined, called with Swift sources",
            "not read: fail(this BUILD file is broken) was reached",
        ])
    }

    @Test func theLexerKeepsLayoutOnlyOutsideBrackets() throws {
        // A triple-quoted string and a bracket spanning lines, then a top-level statement.
        let result = try Self.run("""
            fragment = \"\"\"
            <array>
            \"\"\" + "\\n".join([
            "  <string>{}</string>".format(id) for id in ["a", "b"]
            ]) + \"\"\"
            </array>
            \"\"\"
            swift_library(name = "after", srcs = [r"raw\\path.swift"] if fragment.count("string") == 4 else [])
            """)
        #expect(result.targets["swift_library after"] == .some(["raw\\path.swift"]))
    }

    @Test func chainedAssignmentsAndNestedMacros() throws {
        let result = try Self.run("""
            left = right = ["Shared.swift"]
            def outer(name):
                suffix = "Lib"
                def inner():
                    return name + suffix
                swift_library(name = inner(), srcs = left + right)
            outer("Core")
            """)
        #expect(result.targets["swift_library CoreLib"] == .some(["Shared.swift", "Shared.swift"]))
        #expect(result.notes.isEmpty)
    }

    @Test func syntaxErrorsHaveAPosition() {
        func error(_ source: String) -> String? {
            do {
                _ = try StarlarkParser.parse(source)
                return nil
            } catch {
                return "\(error.line):\(error.column): \(error.message)"
            }
        }
        #expect(error("x = [1, 2\ny = 3\n") == "2:1: expected ']', found 'y'")
        #expect(error("x = 'open\n") == "1:5: unterminated string")
        #expect(error("if x:\ny = 1\n") == "2:1: expected an indented block, found 'y'")
        #expect(error("x = )") == "1:5: unbalanced ')'")
        #expect(error(String(repeating: "(", count: 500) + String(repeating: ")", count: 500)) == "1:134: expressions nested too deeply")
    }
}
