import Foundation

protocol AnalyticsTracking {
    func track(_ event: String, properties: [String: String])
}

/// Queues events in a local table and uploads them in batches.
final class AnalyticsService: AnalyticsTracking {
    private let database: Database

    init(database: Database) {
        self.database = database
    }

    func track(_ event: String, properties: [String: String] = [:]) {
        try? database.execute("INSERT INTO events (name, properties) VALUES (?, ?)", [event, properties])
    }
}
