/// One program's graph: the services, edges and registrations its own code and the code it
/// sees (a test bundle's host) put together at run time.
public struct ProgramGraph: Sendable {
    public var program: Program
    public var graph: DependencyGraph

    public init(program: Program, graph: DependencyGraph) {
        self.program = program
        self.graph = graph
    }
}

extension Linker {
    /// One graph per program, over the facts of the files it compiles and of the programs it sees.
    /// Programs are linked independently, on up to `jobs` threads.
    public func link(_ files: [FileFacts], programs resolved: ResolvedPrograms, jobs: Int = 1) -> [ProgramGraph] {
        let factsByFile = Dictionary(files.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        let visible = ParallelMap.map(resolved.programs.count, jobs: jobs) { resolved.visibleFiles(of: resolved.programs[$0]) }
        return ParallelMap.map(resolved.programs.count, jobs: jobs, order: Self.largestFirst(visible.map(\.count))) { index in
            link(
                resolved.programs[index], facts: visible[index].compactMap { factsByFile[$0] },
                testFiles: resolved.testFiles.intersection(visible[index]))
        }
    }

    /// Indices by their size, largest first (ties in index order): programs linked in index order
    /// left the largest for last, and one thread linking it alone while the others waited.
    public static func largestFirst(_ sizes: [Int]) -> [Int] {
        sizes.indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
    }

    /// One program's graph from the facts of its visible files (see
    /// ``ResolvedPrograms/visibleFiles(of:)``); `testFiles`: those of them only tests compile.
    public func link(_ program: Program, facts: consuming [FileFacts], testFiles: Set<String>) -> ProgramGraph {
        var graph = link(consume facts, testFiles: testFiles, isTestProgram: program.isTests)
        graph.testFiles = testFiles
        return ProgramGraph(program: program, graph: graph)
    }
}

extension ResolvedPrograms {
    /// The files a program's graph is linked from, sorted: its own and those of the programs it
    /// sees (a test bundle's host).
    public func visibleFiles(of program: Program) -> [String] {
        var paths = Set(program.files)
        for seen in program.sees {
            if let other = programs.first(where: { $0.name == seen }) { paths.formUnion(other.files) }
        }
        return paths.sorted()
    }
}
