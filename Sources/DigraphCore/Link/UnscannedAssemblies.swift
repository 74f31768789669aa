/// An assembly (Swinject) or part (DITranquillity) applied to a container whose type no scanned
/// file declares comes from code digraph did not read: a package outside the tree, a binary
/// framework. It may register anything, so it is an unread registration site that opens its
/// registry: a request nothing read answers is then not proven missing.
enum UnscannedAssemblies {
    static func apply(_ files: inout [FileFacts]) {
        var any = false
        for f in files.indices where !files[f].appliedAssemblies.isEmpty {
            any = true
            break
        }
        guard any else { return }
        var declared: Set<String> = []
        for f in files.indices {
            for type in files[f].types { declared.insert(TypeName.lastComponent(type.name)) }
            for alias in files[f].members.typeAliases { declared.insert(TypeName.lastComponent(alias.name)) }
        }
        for f in files.indices where !files[f].appliedAssemblies.isEmpty {
            var seen: Set<SourceLocation> = []
            for applied in files[f].appliedAssemblies
            where !declared.contains(TypeName.lastComponent(applied.type)) && seen.insert(applied.location).inserted {
                let kind = applied.registry == .ditranquillity ? "part" : "assembly"
                files[f].unanalyzable.append(
                    UnanalyzableFact(
                        message:
                            "the \(kind) `\(applied.type)` is applied here but declared in no scanned file: it may register anything (scan the package that declares it)",
                        service: nil, location: applied.location, opens: OpenKeys(registry: applied.registry, anyName: true)))
            }
        }
    }
}
