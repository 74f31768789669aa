import Swinject

/// One registration per view model, each resolving its tuple's elements.
final class FeaturesAssembly: Assembly {
    func assemble(container: Container) {
        // `DatabaseProtocol` joined the tuple; nothing registers it yet.
        container.register(FeedViewModel.self) { (resolver, id: String) in
            let dependency = (
                resolver.resolve(APIClientProtocol.self)!,
                resolver.resolve(LoggerProtocol.self)!,
                resolver.resolve(DatabaseProtocol.self)!
            )
            return FeedViewModel(dependency: dependency, id: id)
        }
        container.register(HomeViewModel.self) { r in HomeViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(SearchViewModel.self) { r in SearchViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(ProfileViewModel.self) { r in ProfileViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(SettingsViewModel.self) { r in SettingsViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(OrdersViewModel.self) { r in OrdersViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(CartViewModel.self) { r in CartViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(WishlistViewModel.self) { r in WishlistViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(LoggerProtocol.self)!)) }
        container.register(HelpViewModel.self) { r in HelpViewModel(dependency: (r.resolve(LoggerProtocol.self)!, r.resolve(UserSession.self)!)) }
        container.register(NotificationsViewModel.self) { r in NotificationsViewModel(dependency: (r.resolve(LoggerProtocol.self)!, r.resolve(UserSession.self)!)) }
    }
}
