import DigraphCore
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import DigraphScanner

/// Deep input is a note on the file, never a crash (issue 12). Scans run on a ``LargeStack``, as
/// ``ProjectScanner``'s workers do.
@Suite struct DeepInputTests {
    static func scan(_ source: String) -> FileFacts {
        LargeStack.run { SwiftFileScanner.scan(source: source, path: "Deep.swift") }
    }

    static let registration = "import Swinject\nlet c = Container()\nfunc f() { _ = c.resolve(Missing.self) }\n"

    @Test(arguments: [
        // The two crashes.
        ("let y: " + String(repeating: "Array<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + " = []",
         "nesting deeper than 500: not analysed"),
        ("let x = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000),
         "nesting deeper than 12 '[' in a row: not analysed"),
        ("func f() " + String(repeating: "{", count: 20_000) + String(repeating: "}", count: 20_000),
         "nesting deeper than 500: not analysed"),
        ("let x = " + String(repeating: "try ", count: 20_000) + "f()",
         "nesting deeper than 5000 prefixes ('try', 'await', 'else', '->') in one statement: not analysed"),
        // Chains nest in the tree without brackets: the tree's depth is checked before the walks.
        ("let x = a" + String(repeating: ".b", count: 30_000), "nesting deeper than 20000 syntax levels: not analysed"),
        ("let x: Int" + String(repeating: "?", count: 30_000) + " = nil", "nesting deeper than 20000 syntax levels: not analysed"),
        ("let x = f" + String(repeating: "()", count: 30_000), "nesting deeper than 20000 syntax levels: not analysed"),
    ])
    func tooDeepIsANoteNotACrash(deep: String, message: String) {
        let facts = Self.scan(Self.registration + deep + "\n")
        #expect(facts.notAnalysed?.message == message)
        #expect(facts.notAnalysed?.location.file == "Deep.swift")
        #expect(facts.notAnalysed?.location.line == 4)
        // Nothing is read from a file that was not analysed.
        #expect(facts.requests.isEmpty && facts.registrations.isEmpty)
    }

    /// Just within the limits, a debug build's parser and walks fit in a quarter of the stack
    /// digraph gives them, and the file is read.
    @Test(arguments: [
        "func f() " + String(repeating: "{", count: 490) + String(repeating: "}", count: 490),
        "let y: " + String(repeating: "Array<", count: 490) + "Int" + String(repeating: ">", count: 490) + " = []",
        "let x = " + String(repeating: "f(", count: 490) + String(repeating: ")", count: 490),
        "let x = " + String(repeating: "{ ", count: 490) + String(repeating: "}", count: 490),
        String(repeating: "#if A\n", count: 490) + String(repeating: "#endif\n", count: 490),
        "let x = " + String(repeating: "[", count: 12) + String(repeating: "]", count: 12),
        "let x = " + String(repeating: "try ", count: 4_900) + "f()",
        "let x = a" + String(repeating: ".b", count: 19_000),
        "let x: Int" + String(repeating: "?", count: 19_000) + " = nil",
        "let x = " + String(repeating: "{ ", count: 200) + "a" + String(repeating: ".b", count: 9_000) + String(repeating: "}", count: 200),
    ])
    func justWithinTheLimitsIsAnalysed(deep: String) {
        let source = Self.registration + deep + "\n"
        let facts = LargeStack.run(stackSize: LargeStack.size / 4) { SwiftFileScanner.scan(source: source, path: "Deep.swift") }
        #expect(facts.notAnalysed == nil)
        #expect(facts.requests.count == 1)
    }

    /// The depth check skips a tree with fewer nodes than the limit, counting them by the
    /// end-of-file token's index: that index is the count of every other node.
    @Test(arguments: [
        Self.registration, "", "let x = a" + String(repeating: ".b", count: 300), "#if A\nlet x = (\n#endif\n",
        "func f() { let x = [1, 2, 3].map { $0 + 1 } }\n// trailing\n",
    ])
    func theEndOfFileTokensIndexCountsTheNodes(source: String) {
        let tree = Parser.parse(source: source)
        final class Count: SyntaxAnyVisitor {
            var nodes = 0
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                nodes += 1
                return .visitChildren
            }
        }
        let count = Count(viewMode: .all)
        count.walk(tree)
        #expect(Int(tree.endOfFileToken.id.indexInTree.toOpaque()) + 1 == count.nodes)
        // A small limit is still checked on a tree with more nodes than it.
        if count.nodes > 40 {
            #expect(SyntaxDepth.exceeds(tree, limit: 4) != nil)
        }
    }

    @Test func theProjectScannerReportsTheNoteAndScansTheRest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = folder.appendingPathComponent("Deep.swift")
        let fine = folder.appendingPathComponent("Fine.swift")
        try Data(("let x = " + String(repeating: "[", count: 50_000)).utf8).write(to: deep)
        try Data(Self.registration.utf8).write(to: fine)
        let facts = try ProjectScanner(jobs: 2).scan([("Deep.swift", deep), ("Fine.swift", fine)])
        #expect(facts[0].notAnalysed?.location == SourceLocation(file: "Deep.swift", line: 1, column: 21))
        #expect(facts[1].notAnalysed == nil && facts[1].requests.count == 1)
        let coverage = Coverage(facts)
        #expect(coverage.notAnalysed.map(\.location.file) == ["Deep.swift"])
    }

    /// The deepest file of the examples is far from every limit.
    @Test func realCodeStaysFarBelowTheLimits() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var deepest = SwiftNesting.Measures()
        var files = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/.build/") else { continue }
            let measures = SwiftNesting.measure(try String(contentsOf: url, encoding: .utf8))
            deepest.depth = max(deepest.depth, measures.depth)
            deepest.squareChain = max(deepest.squareChain, measures.squareChain)
            deepest.prefixChain = max(deepest.prefixChain, measures.prefixChain)
            files += 1
        }
        #expect(files > 50)
        #expect(deepest.depth * 10 < SwiftNesting.limit)
        #expect(deepest.squareChain * 3 < SwiftNesting.squareChainLimit)
        #expect(deepest.prefixChain * 100 < SwiftNesting.prefixChainLimit)
    }
}
