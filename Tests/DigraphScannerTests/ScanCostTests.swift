import DigraphCache
import DigraphCore
import Foundation
import SeededRandom
import SwiftParser
import SwiftSyntax
import Testing

@testable import DigraphScanner

/// The cold path's shortcuts (issue 13) answer exactly what the slow ways answered.
@Suite struct ScanCostTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Real Swift: every example project and the scanner's own sources.
    static func realFiles() -> [URL] {
        var files: [URL] = []
        for folder in ["Examples", "Sources/DigraphScanner", "Sources/DigraphCore/Link"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func trimmedTextIsSwiftSyntaxsTrimmedDescriptionOnEveryNode() throws {
        let files = Self.realFiles()
        #expect(files.count > 100)
        final class Compare: SyntaxAnyVisitor {
            var checked = 0
            var mismatch: String?
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                checked += 1
                if mismatch == nil, TrimmedText.of(node) != node.trimmed.description {
                    mismatch = "\(node.kind): \(node.trimmed.description.prefix(80))"
                }
                return .visitChildren
            }
        }
        // Comments, trivia at both ends, a syntax error, a missing token.
        let sources = try files.prefix(60).map { try String(contentsOf: $0, encoding: .utf8) } + [
            "/* a */ let x = 1 // b\n", "  \n", "", "func f( { let", "let s = \"\"\"\n  a\n  \"\"\"\r\n#if X\nlet y\n#endif",
            "let = ", "class { func g(", " @ x", "struct S { var a: [ }", "c.register(A.self) { r in ", ") a (",
        ]
        for source in sources {
            let compare = Compare(viewMode: .sourceAccurate)
            compare.walk(Parser.parse(source: source))
            #expect(compare.mismatch == nil, "\(compare.mismatch ?? "")")
        }
    }

    @Test func theLineTableAgreesWithSourceLocationConverter() throws {
        let sources = try Self.realFiles().prefix(40).map { try String(contentsOf: $0, encoding: .utf8) } + [
            "let a = 1\r\nlet b = 2\rlet c = 3\n\n\r\r\nlet d = \"é🛒\"; let e = 4", "", "\n", "x",
            "let s = \"\"\"\r\n  multi\r\n  line\r\n  \"\"\"\nlet t = 1",
        ]
        for source in sources {
            let tree = Parser.parse(source: source)
            let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
            let table = LineTable(tree.syntaxTextBytes)
            let fromText = LineTable(text: source)
            for token in tree.tokens(viewMode: .sourceAccurate) {
                for position in [token.position, token.positionAfterSkippingLeadingTrivia, token.endPosition] {
                    let expected = converter.location(for: position)
                    for actual in [table.location(for: position), fromText.location(for: position)] {
                        #expect(actual.line == expected.line && actual.column == expected.column, "offset \(position.utf8Offset)")
                    }
                }
            }
            for position in [AbsolutePosition(utf8Offset: -5), AbsolutePosition(utf8Offset: source.utf8.count + 10)] {
                let expected = converter.location(for: position)
                #expect(table.location(for: position).line == expected.line)
                #expect(table.location(for: position).column == expected.column)
            }
        }
    }

    /// 1,500 registrations in one function: each finds its receiver (a container made in the
    /// function), and the receiver lookup stays linear (the quadratic one took seconds here).
    @Test func aFunctionOfManyRegistrationsIsReadWhole() {
        let count = 1500
        var lines = ["final class Root {", "    func assemble() {", "        let c = Container()"]
        for i in 0..<count {
            lines.append("        c.register(S\(i).self) { r in S\(i)Impl(r.resolve(S\(max(0, i - 1)).self)!) }")
        }
        lines += ["    }", "}"]
        let result = facts(lines.joined(separator: "\n"))
        #expect(result.registrations.count == count)
        let instances = Set(result.registrations.map(\.containerInstance))
        #expect(instances.count == 1 && ContainerInstance.isLocal(instances.first ?? nil), "\(instances)")
        #expect(result.requests.count == count)
    }

    /// The first binding of a name in a block is the one a receiver refers to, as before.
    @Test func theFirstBindingOfANameWins() {
        let source = """
            func build() {
                let c = Container()
                c.register(A.self) { _ in A() }
                let c2 = Container(parent: c)
                c2.register(B.self) { _ in B() }
            }
            """
        let result = facts(source)
        let instances = result.registrations.map(\.containerInstance)
        #expect(instances.count == 2 && instances[0] != instances[1], "\(instances)")
        #expect(result.containerParents.count == 1)
    }

    /// Real facts through the cache's binary form come back equal.
    @Test func realFactsRoundTripThroughTheCacheEncoding() throws {
        for file in Self.realFiles() {
            let source = try String(contentsOf: file, encoding: .utf8)
            let scanned = SwiftFileScanner.scan(source: source, path: file.lastPathComponent)
            let decoded = try BinaryCoding.decode(FileFacts.self, from: BinaryCoding.encode(scanned))
            #expect(decoded == scanned, "\(file.lastPathComponent)")
        }
    }

    /// Each spelling by itself: a search of the bytes for it (and an uppercase letter after it).
    static func naive(_ text: String) -> UInt64 {
        let bytes = Array(text.utf8)
        var found: UInt64 = 0
        for (index, spelling) in Spellings.all.enumerated() {
            let needle = spelling.bytes
            let tail = spelling.uppercaseAfter ? 1 : 0
            guard bytes.count >= needle.count + tail else { continue }
            for start in 0...(bytes.count - needle.count - tail) where Array(bytes[start..<start + needle.count]) == needle {
                if spelling.uppercaseAfter, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[start + needle.count]) {
                    continue
                }
                found |= 1 << UInt64(index)
                break
            }
        }
        return found
    }

    @Test func theOnePassSearchFindsWhatEachSearchFinds() throws {
        var texts = try Self.realFiles().map { try String(contentsOf: $0, encoding: .utf8) }
        // Edges: a spelling at the very start or end, cut short by the end, `Has` last or before
        // a lowercase letter, spellings sharing their first bytes.
        texts += [
            "", "~", "~>", "Has", "HasA", "Hash", "xHasZ", "Container", "Container.", "Containe", "Factor", "Factory",
            "digraph", "digraph:", ".mak", ".make", "ssembl", "weakMemor", "WeakObjects", "é~>Resolver", "(context:(services:",
        ]
        // Random text over the spellings' own bytes, where near misses are common; the same each
        // run (a fixed seed).
        var generator = SplitMix(seed: 13)
        let alphabet = Array(Set(Spellings.all.flatMap(\.bytes) + [UInt8(ascii: "Z"), UInt8(ascii: " ")])).sorted()
        for _ in 0..<2000 {
            let length = Int.random(in: 0..<40, using: &generator)
            texts.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
        }
        for text in texts {
            #expect(Spellings(text).found == Self.naive(text), "\(text.prefix(60))")
        }
        #expect(Spellings("import Swinject\nlet c = Container()").contains(Spellings.all.firstIndex { $0.bytes == Array("Container".utf8) }!))
    }
}
