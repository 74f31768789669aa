import DigraphCore
import Foundation
import SwiftParser
import SwiftSyntax

/// `digraph-bench nesting DIR`: how deep real code nests, against the limits past which digraph does not analyse
/// a file (``SwiftNesting``). Prints the deepest file for each measure.
enum NestingSurvey {
    struct Deepest {
        var value = 0
        var file = ""
        mutating func take(_ value: Int, _ file: String) {
            if value > self.value { (self.value, self.file) = (value, file) }
        }
    }

    static func run(_ directory: URL) {
        let files = Corpus.swiftFiles(in: directory)
        var lines = 0
        var depth = Deepest(), squares = Deepest(), prefixes = Deepest(), tree = Deepest()
        var notAnalysed: [String] = []
        LargeStack.run {
            for url in files {
                guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
                let path = String(url.path.dropFirst(directory.path.count).drop { $0 == "/" })
                lines += source.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                let measures = SwiftNesting.measure(source)
                depth.take(measures.depth, path)
                squares.take(measures.squareChain, path)
                prefixes.take(measures.prefixChain, path)
                var text = source
                let parsed = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: SwiftNesting.parserNestingLevel) }
                tree.take(treeDepth(Syntax(parsed)), path)
                if SwiftNesting.check(source) != nil { notAnalysed.append(path) }
            }
        }
        print("\(files.count) files, \(lines) lines in \(directory.path)")
        print("deepest nesting        \(depth.value) (limit \(SwiftNesting.limit))  \(depth.file)")
        print("longest '[' chain      \(squares.value) (limit \(SwiftNesting.squareChainLimit))  \(squares.file)")
        print("longest prefix chain   \(prefixes.value) (limit \(SwiftNesting.prefixChainLimit))  \(prefixes.file)")
        print("deepest syntax tree    \(tree.value) (limit \(SwiftNesting.treeDepthLimit))  \(tree.file)")
        print("files not analysed     \(notAnalysed.count)\(notAnalysed.isEmpty ? "" : ": " + notAnalysed.joined(separator: ", "))")
    }

    static func treeDepth(_ root: Syntax) -> Int {
        var stack: [(Syntax, Int)] = [(root, 1)]
        var deepest = 0
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return deepest
    }
}
