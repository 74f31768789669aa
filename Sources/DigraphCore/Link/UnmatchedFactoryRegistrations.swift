/// `AppContainer.shared.register { OnboardingViewController() }` is Factory's run-time override
/// only when `AppContainer.shared` is a Factory the scan declares. coctailMaster's is a
/// DITranquillity container typed in another file, called without importing the library: the
/// Factory reader took it, the link finds no such Factory, and what it registers was read by no
/// one. It opens every type-keyed container, as any registration nothing read does, so a miss it
/// may fill is a note, never an error.
enum UnmatchedFactoryRegistrations {
    static func apply(_ files: inout [FileFacts]) {
        guard files.anyFile({ $0.members.assignments.contains(where: { $0.registry == .factory }) }) else { return }
        var declared: Set<String> = []
        var properties: Set<String> = []
        for file in files {
            for service in file.members.services where service.registry == .factory {
                declared.insert(ServiceID.member(owner: service.owner, property: service.property))
                properties.insert(service.property)
            }
        }
        for f in files.indices {
            // A call another reader took as a registration (an own locator's `register(value)`) was read.
            let registered = Set(files[f].registrations.map(\.location))
            for assignment in files[f].members.assignments where assignment.registry == .factory {
                // It builds a type (`{ OnboardingViewController() }`): a forwarding helper's body
                // (`self.register(factory: { _ in factory() }, …)`) builds none and registers nothing itself.
                guard !assignment.implementationTypes.isEmpty, !registered.contains(assignment.location),
                    let owner = assignment.owner, let property = assignment.property, property != "self",
                    !declared.contains(ServiceID.member(owner: owner, property: property)),
                    // A Factory of that name under another owner (an alias, a subclass container):
                    // the override's target, read by the Factory link.
                    !properties.contains(property)
                else { continue }
                files[f].unrecognised.append(
                    UnrecognisedSite(
                        what: "`\(owner).\(property).register { … }` on no Factory the scan declares",
                        location: assignment.location, opens: .everything))
            }
        }
    }
}
