import Dependencies

struct SessionFeature {
    @Dependency(\.sessionStore) var session

    func run() -> String { session.token }
}
