/// What an unsatisfied request almost matched: the same type under another name, with another
/// argument count, or in another registry.
struct NearMisses {
    /// Same type and name, other arguments: an `argument_mismatch`, not a missing registration.
    var otherArguments: [Service] = []
    /// Same type, another name (or the same key in another registry).
    var otherNames: [Service] = []

    init(for request: RequestDetail, in graph: DependencyGraph) {
        // `Container.shared.x(23)` asks for `x` itself: another member of the same type is no near
        // miss, and the compiler has already checked its arguments.
        guard !request.registry.isMemberKeyed else { return }
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

/// A request no service satisfies, with what it almost matched: what `missing_registration`
/// and `argument_mismatch` share.
struct UnsatisfiedRequest {
    var edge: Edge
    var request: RequestDetail
    var location: SourceLocation
    var near: NearMisses

    /// Every unsatisfied request that has a site, between services and from composition roots.
    static func all(in graph: DependencyGraph) -> [UnsatisfiedRequest] {
        graph.allRequests.compactMap { edge in
            guard edge.missing, let request = edge.request, let location = edge.location else { return nil }
            return UnsatisfiedRequest(edge: edge, request: request, location: location, near: NearMisses(for: request, in: graph))
        }
    }

    /// The requested id first, then the requester (none for a composition root).
    var services: [String] { edge.isFromRoot ? [edge.to] : [edge.to, edge.from] }

    /// Appended to the message of a resolve written to tolerate absence.
    static let optionalSuffix = "; the resolve is optional, so this returns nil rather than crashing"
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
