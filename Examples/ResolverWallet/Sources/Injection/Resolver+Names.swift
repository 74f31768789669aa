import Resolver

extension Resolver.Name {
    static let mainnet = Self("mainnet")
    static let devnet = Self("devnet")
}

extension ResolverScope {
    /// Reset when the user logs out.
    static let session = ResolverScopeCache()
}
