import Dependencies

// The live value lives apart from the interface, as in a `…Live` module: still a live value.
extension APIClientKey: DependencyKey {
    static var liveValue: APIClient {
        // Read only inside the endpoint, when it runs: a deferred dependency, never a cycle.
        @Dependency(\.logger) var logger
        return APIClient(fetchUserName: { id in
            logger.log("fetching user \(id)")
            return "user \(id)"
        })
    }
}
