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
        let byName = Dictionary(resolved.programs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return ParallelMap.map(resolved.programs.count, jobs: jobs) { index in
            let program = resolved.programs[index]
            var paths = Set(program.files)
            for seen in program.sees { paths.formUnion(byName[seen]?.files ?? []) }
            let testFiles = resolved.testFiles.intersection(paths)
            var graph = link(paths.sorted().compactMap { factsByFile[$0] }, testFiles: testFiles, isTestProgram: program.isTests)
            graph.testFiles = testFiles
            return ProgramGraph(program: program, graph: graph)
        }
    }
}
