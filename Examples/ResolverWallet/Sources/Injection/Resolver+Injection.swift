import Resolver

// One function per area, as large Resolver apps do; their names say nothing about scope.
extension Resolver: ResolverRegistering {
    public static func registerAllServices() {
        registerStorage()
        registerNetworking()
        registerWallet()
        registerViewModels()
    }
}
