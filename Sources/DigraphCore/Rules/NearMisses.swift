/// What an unsatisfied request almost matched: the same type under another name, with another
/// argument count, or in another registry.
struct NearMisses {
    /// Same type and name, other arguments: an `argument_mismatch`, not a missing registration.
    var otherArguments: [Service] = []
    /// Same type, another name (or the same key in another registry).
    var otherNames: [Service] = []

    init(for request: RequestDetail, in graph: DependencyGraph) {
        for candidate in graph.services(ofType: request.type) {
            let sameRegistry = request.registry == .unspecified || candidate.style == request.registry.style
            if candidate.name == request.name && sameRegistry {
                if !Self.argumentsMatch(candidate.arguments, request.argumentTypes) { otherArguments.append(candidate) }
            } else {
                otherNames.append(candidate)
            }
        }
    }

    private static func argumentsMatch(_ registered: [String], _ passed: [String]) -> Bool {
        registered.count == passed.count
            && zip(registered, passed).allSatisfy { $0 == $1 || $0 == ServiceID.unknownArgument || $1 == ServiceID.unknownArgument }
    }
}

extension DependencyGraph {
    /// Every request edge, between services and from composition roots.
    var allRequests: [Edge] { edges + rootRequests }
}

extension Service {
    var registrationNote: Diagnostic.Note {
        Diagnostic.Note(message: "`\(id)` is registered here", location: locations.first)
    }
}
