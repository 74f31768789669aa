import Foundation

public protocol HTTPClientProtocol: AnyObject {
    func get(_ url: URL) async throws -> Data
}

public final class HTTPClient: HTTPClientProtocol {
    public init() {}
    public func get(_ url: URL) async throws -> Data { Data() }
}

public protocol FeatureFlagProtocol: AnyObject {
    func isEnabled(_ flag: String) -> Bool
}

public final class FeatureFlag: FeatureFlagProtocol {
    public init() {}
    public func isEnabled(_ flag: String) -> Bool { true }
}

public protocol AnalyticsProtocol: AnyObject {
    func track(_ event: String)
}
