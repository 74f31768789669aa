import Dependencies
import Foundation

struct ProfileFeature {
    @Dependency(\.apiClient) var apiClient
    @Dependency(\.remoteConfig) var remoteConfig
    @Dependency(\.date.now) var now
    @Dependency(\.uuid) var uuid

    func run() async throws -> String {
        let name = try await apiClient.fetchUserName(42)
        return "\(remoteConfig.banner), \(name) (\(uuid().uuidString.count) at \(now.timeIntervalSince1970 > 0))"
    }
}
