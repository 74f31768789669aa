import DigraphCore
import DigraphScanner

typealias Location = DigraphCore.SourceLocation

func facts(_ source: String, path: String = "App.swift") -> FileFacts {
    SwiftFileScanner.scan(source: source, path: path)
}

func graph(_ files: [(String, String)], configuration: Configuration = Configuration()) -> DependencyGraph {
    Linker(configuration: configuration).link(files.map { SwiftFileScanner.scan(source: $1, path: $0) })
}

func graph(_ source: String) -> DependencyGraph { graph([("App.swift", source)]) }

func diagnostics(_ files: [(String, String)], configuration: Configuration = Configuration()) -> [Diagnostic] {
    Analyzer(configuration: configuration).analyze(files.map { SwiftFileScanner.scan(source: $1, path: $0) }).diagnostics
}

extension DependencyGraph {
    func edge(_ from: String, _ to: String) -> Edge? { edges.first { $0.from == from && $0.to == to } }
}
