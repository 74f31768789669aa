import DigraphCore
import Foundation
import Testing

/// The byte-level bounds checked before a parser that recurses sees a file (issue 12).
@Suite struct SwiftNestingTests {
    @Test func realisticCodeIsWellWithinEveryLimit() {
        let source = """
            import SwiftUI
            struct ContentView: View {
                @State private var items: [[String: [Int]]] = [["a": [1, 2]], ["b": []]]
                var body: some View {
                    NavigationStack {
                        List(items.indices, id: \\.self) { index in
                            if index < items.count, items[index].isEmpty {
                                Text("empty \\(index) of \\(items.count) {[(")
                            } else if let first = items[index].first {
                                Text(verbatim: first.key).padding().frame(maxWidth: .infinity)
                            }
                        }
                    }
                }
                func load() async throws -> Result<Dictionary<String, Array<Int>>, Error> {
                    let value = try await fetch()  // {{{{ [[[[ ((((
                    /* ]]]] }}}} /* nested */ */
                    return .success(value < 3 ? [:] : ["x": [value]])
                }
            }
            """
        #expect(SwiftNesting.check(source) == nil)
        let measures = SwiftNesting.measure(source)
        #expect(measures.depth <= 12)
        #expect(measures.squareChain <= 2)
        #expect(measures.prefixChain <= 10)
    }

    @Test func bracketsDeeperThanTheLimitAreFoundWhereTheyGoPastIt() {
        let deep = "let x = " + String(repeating: "(", count: 600) + "1" + String(repeating: ")", count: 600)
        let found = SwiftNesting.check(deep)
        #expect(found == SwiftNesting.TooDeep(kind: .brackets, limit: 500, line: 1, column: 9 + 500))
        #expect(found?.message == "nesting deeper than 500: not analysed")
        let atTheLimit = "let x = " + String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500)
        #expect(SwiftNesting.check(atTheLimit) == nil)
    }

    @Test func theIssuesInputsAreCaught() {
        let generics = "let y: " + String(repeating: "Array<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + " = []"
        #expect(SwiftNesting.check(generics)?.kind == .brackets)
        let arrays = "let x = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        #expect(SwiftNesting.check(arrays) == SwiftNesting.TooDeep(kind: .squareChain, limit: 12, line: 1, column: 9 + 12))
    }

    @Test func squaresInARowAreBoundedButOrdinaryNestedLiteralsAreNot() {
        // SwiftParser's work doubles with each `[` that could still start a type.
        #expect(SwiftNesting.check("let x = " + String(repeating: "[", count: 13) + String(repeating: "]", count: 13))?.kind == .squareChain)
        #expect(SwiftNesting.check("let x = " + String(repeating: "[(", count: 13) + String(repeating: ")]", count: 13))?.kind == .squareChain)
        // An element before the next `[` ends the run: nested data literals of any depth are fine.
        let data = "let x = " + String(repeating: "[1, ", count: 100) + String(repeating: "]", count: 100)
        #expect(SwiftNesting.check(data) == nil)
        let dictionaries = "let x = " + String(repeating: "[\"k\": ", count: 100) + "1" + String(repeating: "]", count: 100)
        #expect(SwiftNesting.check(dictionaries) == nil)
    }

    @Test func prefixChainsAreBoundedPerStatement() {
        let tries = "let x = " + String(repeating: "try ", count: 6_000) + "f()"
        #expect(SwiftNesting.check(tries)?.kind == .prefixChain)
        let elseIfs = "if a {}" + String(repeating: "\nelse if a {}", count: 6_000)
        #expect(SwiftNesting.check(elseIfs)?.kind == .prefixChain)
        let arrows = "let f: " + String(repeating: "() -> ", count: 6_000) + "()"
        #expect(SwiftNesting.check(arrows)?.kind == .prefixChain)
        // Each statement starts again: a long file of `try` lines is fine.
        let lines = String(repeating: "let x = try f()\n", count: 6_000)
        #expect(SwiftNesting.check(lines) == nil)
    }

    /// Every word the parser reads by recursion counts, whatever its length (3 to 9 letters), and
    /// no other word: not one that starts or ends like one, nor one differing in its last letter.
    @Test func exactlyTheRecursivePrefixesCount() {
        let words = [
            "try", "await", "else", "some", "any", "inout", "consume", "copy", "each", "repeat", "borrowing",
            "consuming", "isolated", "sending", "throws", "async", "rethrows",
        ]
        #expect(SwiftNesting.measure("let x = " + words.joined(separator: " ") + " f()").prefixChain == words.count)
        let nearMisses = [
            "tr", "tryx", "atry", "awaits", "elsE", "borrowinG", "borrowings", "consumin", "consumer", "isolate",
            "sendingg", "rethrow", "asyn", "eachh", "repeats", "anyy", "Some", "_try", "try2",
        ]
        #expect(SwiftNesting.measure("let x = " + nearMisses.joined(separator: " ") + " f()").prefixChain == 0)
    }

    @Test func commentsAndStringsDoNotCountButInterpolationsDo() {
        let brackets = String(repeating: "{[(<", count: 1_000)
        #expect(SwiftNesting.check("// \(brackets)\nlet a = 1") == nil)
        #expect(SwiftNesting.check("/* /* \(brackets) */ \(brackets) */\nlet a = 1") == nil)
        #expect(SwiftNesting.check("let s = \"\(brackets)\"") == nil)
        #expect(SwiftNesting.check("let s = #\"\\(\(brackets)\"#") == nil)
        #expect(SwiftNesting.check("let s = \"\"\"\n\(brackets)\n\"\"\"") == nil)
        let interpolated = "let s = " + String(repeating: "\"\\(", count: 600) + "1" + String(repeating: ")\"", count: 600)
        #expect(SwiftNesting.check(interpolated)?.kind == .brackets)
    }

    @Test func comparisonsNeverAddUp() {
        let comparisons = String(repeating: "if a < b { x = c<d ? 1 : 2 }\n", count: 2_000)
        #expect(SwiftNesting.check(comparisons) == nil)
        #expect(SwiftNesting.check(String(repeating: "let m = 1 << 2; let n = a <= b\n", count: 2_000)) == nil)
    }

    @Test func conditionalBlocksCount() {
        let deep = String(repeating: "#if A\n", count: 501) + String(repeating: "#endif\n", count: 501)
        #expect(SwiftNesting.check(deep) == SwiftNesting.TooDeep(kind: .brackets, limit: 500, line: 501, column: 1))
        #expect(SwiftNesting.check(String(repeating: "#if A\n#endif\n", count: 5_000)) == nil)
    }
}

@Suite struct YAMLNestingTests {
    @Test func ordinaryConfigurationIsFine() {
        let yaml = """
            included: [Sources, App]
            excluded: [Tests, "**/Generated", '[[[']
            rules:
              god_singleton: { severity: warning, threshold: 10, allow: [Logger] }  # {{{{
              too_many_dependencies:
                threshold: 7
            lifetimes:
              - - session
                - scoped
            """
        #expect(YAMLNesting.check(yaml) == nil)
    }

    @Test func flowCollectionsDeeperThanTheLimit() {
        let yaml = "excluded: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let found = YAMLNesting.check(yaml)
        #expect(found?.line == 1)
        #expect(found?.message == "nesting deeper than 256 levels")
    }

    @Test func blockNestingByIndentationOrByCompactEntries() {
        let indented = (0..<300).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
        #expect(YAMLNesting.check(indented)?.line == 256)
        let compact = "excluded:\n" + String(repeating: "- ", count: 100_000) + "x"
        #expect(YAMLNesting.check(compact)?.line == 2)
    }

    /// Only `- `, `? ` and `: ` open a node: a dash or a question mark inside a scalar (a long
    /// separator, a URL's query) opens none. (Each counted once, a value with 300 dashes was too
    /// deep.)
    @Test func dashesAndQuestionMarksInsideAScalarDoNotCount() {
        let rule = String(repeating: "-", count: 300)
        let query = (0..<300).map { "a\($0)?" }.joined()
        #expect(YAMLNesting.check("name: App\nnote: \(rule)\nurl: https://example.com/\(query)\n") == nil)
        #expect(YAMLNesting.check("a: x\"\(String(repeating: "[", count: 300))\n")?.line == 1, "a quote inside a plain scalar hides nothing")
    }

    @Test func quotedScalarsAndCommentsDoNotCount() {
        let brackets = String(repeating: "[{", count: 1_000)
        #expect(YAMLNesting.check("a: \"\(brackets)\"\nb: '\(brackets)'\n# \(brackets)\n") == nil)
    }
}

@Suite struct SafeTextTests {
    @Test func controlsAndBidiAreEscapedVisibly() {
        #expect(SafeText.escaped("a\u{1B}[31mred\u{7}") == "a\\u{1B}[31mred\\u{7}")
        #expect(SafeText.escaped("x\u{202E}y\u{2066}z\u{200F}") == "x\\u{202E}y\\u{2066}z\\u{200F}")
        #expect(SafeText.escaped("one\ntwo\rthree\tfour") == "one\\ntwo\\rthree\tfour")
        #expect(SafeText.escaped("one\ntwo", keep: [.lineBreaks]) == "one\ntwo")
        #expect(SafeText.escaped("\u{85}\u{9B}\u{2028}") == "\\u{85}\\u{9B}\\u{2028}")
        #expect(SafeText.escaped("Résumé <&> \"]]>\" 日本") == "Résumé <&> \"]]>\" 日本")
    }

    @Test func jsonKeepsItsMeaning() {
        let json = "{\"a\":\"x\u{202E}y\u{85}z\u{7F}\"}"
        #expect(SafeText.escapingJSON(json) == "{\"a\":\"x\\u202Ey\\u0085z\\u007F\"}")
        #expect(SafeText.escapingJSON("{\"a\": \"plain\"}\n") == "{\"a\": \"plain\"}\n")
    }
}

@Suite struct LargeStackTests {
    /// Recursion a default thread could not hold (8 MiB main thread, 512 KiB worker).
    static func depth(_ n: Int) -> Int {
        var padding = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &padding) { _ in }
        return n == 0 ? 0 : 1 + depth(n - 1)
    }

    @Test func deepRecursionRunsOnTheLargeStack() {
        #expect(LargeStack.run { Self.depth(200_000) } == 200_000)
    }

    @Test func errorsComeBack() {
        struct Failure: Error, Equatable {}
        #expect(throws: Failure.self) { try LargeStack.run { () throws(Failure) -> Int in throw Failure() } }
    }

    @Test func concurrentRunsEveryIndexOnce() {
        final class Seen: @unchecked Sendable {
            var indices: [Int] = []
            let lock = NSLock()
        }
        let seen = Seen()
        LargeStack.concurrent(4) { index in
            seen.lock.withLock { seen.indices.append(index) }
        }
        #expect(seen.indices.sorted() == [0, 1, 2, 3])
    }
}
