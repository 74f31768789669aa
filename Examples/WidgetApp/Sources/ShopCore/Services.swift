import Foundation

// Services both programs compile. Their registrations live in each program's own container.

public protocol APIClient { func get(_ path: String) -> Data }
public final class HTTPAPIClient: APIClient {
    public init() {}
    public func get(_ path: String) -> Data { Data(path.utf8) }
}
public final class StubAPIClient: APIClient {
    public init() {}
    public func get(_ path: String) -> Data { Data() }
}

public protocol Store { func value(_ key: String) -> String? }
public final class DiskStore: Store {
    public init(directory: String) {}
    public func value(_ key: String) -> String? { nil }
}

public final class PriceFormatter {
    public init() {}
    public func format(_ cents: Int) -> String { "\(cents / 100).\(cents % 100)" }
}

public final class CatalogService {
    public init(api: APIClient, store: Store) {}
}

public final class SyncFactory {
    public init() {}
    public func makeEngine(store: Store) -> SyncEngine { SyncEngine(store: store) }
}
public final class SyncEngine {
    public init(store: Store) {}
}

/// Store names as constants: two names, two services.
public enum StoreName {
    public static let primary = "primary"
    public static let cache = "cache"
}
