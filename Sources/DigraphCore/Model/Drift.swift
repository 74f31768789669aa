/// A disagreement between a live snapshot and the source scan of the same project, found when
/// both are analysed together; reported by `snapshot_drift`.
public struct DriftFact: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable {
        /// Registered at run time, not found by the source scan.
        case serviceOnlyInSnapshot = "service_only_in_snapshot"
        /// Registered in the source, absent from the live container.
        case serviceOnlyInSource = "service_only_in_source"
        /// Requested at run time, not in the source.
        case edgeOnlyInSnapshot = "edge_only_in_snapshot"
        /// Asked for in the source (while building), never requested when the factory ran.
        case edgeOnlyInSource = "edge_only_in_source"
        /// The same service with different lifetimes.
        case lifetime
    }

    public var kind: Kind
    /// Service ids involved, primary first (`from`, `to` for edges).
    public var services: [String]
    public var message: String
    public var location: SourceLocation
    public var notes: [Diagnostic.Note]

    public init(kind: Kind, services: [String], message: String, location: SourceLocation, notes: [Diagnostic.Note] = []) {
        self.kind = kind
        self.services = services
        self.message = message
        self.location = location
        self.notes = notes
    }
}
