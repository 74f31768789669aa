import DigraphCache
import DigraphCore
import DigraphProjects
import DigraphReporters
import Foundation

extension Pipeline {
    /// The Swift files under `roots` and the programs their project descriptions give them: from
    /// the cache when the file system still answers as it did when they were found (see
    /// ``DiscoveryCache``), else found, and kept.
    func collect(
        _ roots: [String], configuration: Configuration, loaded: ConfigurationLoader.Loaded, cache descriptionCache: DescriptionCache?,
        store: CacheStore?, writes: DispatchGroup
    )
        throws(DigraphError) -> ([ReportInput], [SourceDiscovery.File], ProgramMap)
    {
        let threads = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let kept = store.flatMap { store in
            DiscoveryCache(
                store: store, roots: roots, currentDirectory: currentDirectory, excluded: configuration.excluded,
                excludeBase: loaded.baseDirectory)
        }
        if let found = kept?.load(jobs: threads) {
            return (found.inputs, found.files, found.programMap)
        }
        let journal = kept == nil ? nil : FileSystemJournal()
        let discovery = SourceDiscovery(
            currentDirectory: currentDirectory, excluded: configuration.excluded.map(Glob.init),
            excludeBase: loaded.baseDirectory)
        let programs = ProgramDiscovery(
            currentDirectory: currentDirectory, cache: descriptionCache, jobs: threads, journal: journal)
        let rootURLs = roots.map { URL(fileURLWithPath: $0, relativeTo: currentDirectory).standardizedFileURL }
        // Two walks of the tree, one per thread: the Swift files, and the project descriptions,
        // which are read while the files are still being listed.
        enum Walk {
            case files(Result<([ReportInput], [SourceDiscovery.File]), DigraphError>)
            case descriptions(ProgramDiscovery.ReadDescriptions)
        }
        let walks = ParallelMap.map(2, jobs: threads) { index -> Walk in
            FileSystemJournal.recording(journal) {
                guard index == 0 else { return .descriptions(programs.read(programs.findDescriptions(roots: rootURLs))) }
                return .files(Result { () throws(DigraphError) -> ([ReportInput], [SourceDiscovery.File]) in
                    var inputs: [ReportInput] = []
                    var files: [SourceDiscovery.File] = []
                    var seen: Set<String> = []
                    for root in roots {
                        let found = try discovery.files(in: [root])
                        inputs.append(ReportInput(kind: .source, path: root, files: found.count))
                        for file in found where seen.insert(file.path).inserted { files.append(file) }
                    }
                    return (inputs, files)
                })
            }
        }
        guard case .files(let listed) = walks[0], case .descriptions(let descriptions) = walks[1] else {
            preconditionFailure("the walks come back in order")
        }
        let (inputs, files) = try listed.get()
        let map: ProgramMap
        do {
            map = try FileSystemJournal.recording(journal) { () throws(ProjectError) -> ProgramMap in
                try programs.discover(files: files.map { ($0.display, $0.path) }, read: descriptions)
            }
        } catch {
            throw .project(error)
        }
        if let kept, let journal {
            // Kept on another thread: on this one it was a hundredth of a first run.
            let found = DiscoveryCache.Found(inputs: inputs, files: files, programMap: map)
            DispatchQueue.global().async(group: writes) { kept.save(found, journal: journal) }
        }
        return (inputs, files, map)
    }
}
