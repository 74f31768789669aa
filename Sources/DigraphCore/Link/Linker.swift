/// Joins per-file facts into one ``DependencyGraph``: resolves types declared in other files,
/// matches requests to registrations across files, modules and assemblies, and attributes each
/// request to the service that makes it.
public struct Linker: Sendable {
    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// `isTestProgram`: the files run as a test bundle (swift-dependencies reads `testValue` there).
    /// `files` is taken (not copied): the passes settle the facts in place.
    public func link(_ files: consuming [FileFacts], testFiles: Set<String> = [], isTestProgram: Bool = false) -> DependencyGraph {
        var files = files
        // In place, and one pass when already sorted (the stable sort finds one run).
        files.sort { $0.file < $1.file }
        FactPasses.run(&files, testFiles: testFiles)
        LinkState.resolveNames(&files)
        var state = LinkState(files: files, configuration: configuration, testFiles: testFiles, isTestProgram: isTestProgram)
        files = []
        state.collectTypes()
        state.collectRegistrations()
        state.collectSingletons()
        // After singletons: a Factory container's own `shared` is not one.
        state.collectMemberServices()
        // Before the other requests: code inside what a component or Weaver builds asks on its behalf.
        state.linkNeedle()
        state.linkWeaver()
        state.linkRequests()
        state.linkSharedAccesses()
        state.linkMemberRequests()
        // Before environments: a container's lazy var is the service a `Has…` consumer reads.
        state.linkComposition()
        state.linkEnvironments()
        return state.graph()
    }
}

/// Types the container frameworks provide themselves; asking for them is never a miss.
/// Types a container library hands to whatever asks for them without a registration: the
/// resolver a Swinject factory is given, and DITranquillity's container, which registers itself
/// when it is made (`DIContainer.init`), so `Router(container: DIContainer)` always resolves.
enum FrameworkProvidedTypes {
    static let containers: Set<String> = [
        "Resolver", "Swinject.Resolver", "Container", "Swinject.Container", "DIContainer", "DITranquillity.DIContainer",
    ]
}
