import Dependencies

struct APIClient: Sendable {
    var fetchUserName: @Sendable (Int) async throws -> String
}

enum APIClientKey: TestDependencyKey {
    static let testValue = APIClient(fetchUserName: { _ in "test user" })
}

extension DependencyValues {
    var apiClient: APIClient {
        get { self[APIClientKey.self] }
        set { self[APIClientKey.self] = newValue }
    }
}
