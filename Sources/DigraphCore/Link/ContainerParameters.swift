/// Registrations a helper function makes on the container it is given (`func moreServices(
/// container: Container)`) go to the instances its callers pass: two helpers each filling another
/// local container register nothing twice. A helper nobody in the scanned code calls, or called
/// with a container the scanner cannot place, registers on the program's default container.
enum ContainerParameters {
    static func apply(_ files: inout [FileFacts]) {
        var parameters: [String: ContainerParameterFact] = [:]
        for f in files.indices {
            for parameter in files[f].containerParameters where parameters[parameter.key] == nil {
                parameters[parameter.key] = parameter
            }
        }
        guard !parameters.isEmpty else { return }
        let arguments = files.gathered(\.containerArguments)
        var resolved: [String: Set<String>] = [:]

        /// The instances passed for `key`, "" for the default container. An answer whose walk met
        /// no parameter already on its way (`clean`) is the same on any path and is kept, so each
        /// parameter is walked once (helpers each calling the next twice took exponential time);
        /// one that met a cycle of helpers depends on the path and is not kept.
        func instances(of key: String, visiting: Set<String>) -> (found: Set<String>, clean: Bool) {
            if let known = resolved[key] { return (known, true) }
            guard let parameter = parameters[key] else { return ([""], true) }
            guard !visiting.contains(key) else { return ([""], false) }
            let passed = arguments.filter { argument in
                argument.name == parameter.name
                    && (argument.ownerHint == nil || argument.ownerHint == parameter.owner || parameter.owner.isEmpty)
                    && InitializerMatch.argumentPositions(argument.labels, parameters: parameter.parameters)
                        .map { $0[argument.argument] == parameter.index } == true
            }.map(\.instance)
            var found: Set<String> = []
            var clean = true
            for instance in Set(passed).sorted() {
                if instance.hasPrefix(ContainerParameterFact.prefix) {
                    let further = instances(of: instance, visiting: visiting.union([key]))
                    found.formUnion(further.found)
                    clean = clean && further.clean
                } else {
                    found.insert(instance)
                }
            }
            if found.isEmpty { found = [""] }
            if clean || visiting.isEmpty { resolved[key] = found }
            return (found, clean)
        }

        /// `param:…` (and Dip's `param:… after reset 1`): the instances it stands for.
        func settle(_ instance: String?) -> [String?]? {
            guard let instance, instance.hasPrefix(ContainerParameterFact.prefix) else { return nil }
            let key = instance.split(separator: " ", maxSplits: 1).first.map(String.init) ?? instance
            let suffix = String(instance.dropFirst(key.count))
            let found = instances(of: key, visiting: []).found.sorted()
            if !suffix.isEmpty {
                // Registered after a `reset()` of the helper's container: kept apart as before.
                return found == [""] ? [instance] : found.map { ($0.isEmpty ? key : $0) + suffix }
            }
            return found.map { $0.isEmpty ? nil : $0 }
        }

        func settle(in file: inout FileFacts) {
            guard file.registrations.contains(where: { $0.containerInstance?.hasPrefix(ContainerParameterFact.prefix) == true })
                || file.requests.contains(where: { $0.containerInstance?.hasPrefix(ContainerParameterFact.prefix) == true })
                || !file.containerParents.isEmpty
            else { return }
            for i in file.registrations.indices {
                guard let all = settle(file.registrations[i].containerInstance) else { continue }
                file.registrations[i].containerInstance = all.first ?? nil
                file.registrations[i].additionalInstances = all.dropFirst().map { $0 ?? "" }
            }
            for i in file.requests.indices {
                guard let all = settle(file.requests[i].containerInstance) else { continue }
                file.requests[i].containerInstance = all.count == 1 ? all[0] : nil
            }
            file.containerParents = file.containerParents.compactMap { link in
                var link = link
                if let all = settle(link.instance) {
                    guard all.count == 1, let only = all[0] else { return nil }
                    link.instance = only
                }
                if let all = settle(link.parent) {
                    guard all.count == 1, let only = all[0] else { return nil }
                    link.parent = only
                }
                return link
            }
        }
        // In place: the files are not copied.
        for f in files.indices { settle(in: &files[f]) }
    }
}
