import Swinject

let assembler = Assembler([ServicesAssembly(), FeaturesAssembly()])
let resolver = assembler.resolver
let analytics = resolver.resolve(Analytics.self)!
analytics.track("launch")

/// The screen a deep link opens. Each planted defect is reached at run time (see README.md):
/// `feed` traps on the missing database, every screen needing the API client recurses forever.
func open(_ screen: String) -> AnyObject? {
    switch screen {
    case "feed": return resolver.resolve(FeedViewModel.self, argument: "top")
    case "home": return resolver.resolve(HomeViewModel.self)
    case "search": return resolver.resolve(SearchViewModel.self)
    case "profile": return resolver.resolve(ProfileViewModel.self)
    case "settings": return resolver.resolve(SettingsViewModel.self)
    case "orders": return resolver.resolve(OrdersViewModel.self)
    case "cart": return resolver.resolve(CartViewModel.self)
    case "wishlist": return resolver.resolve(WishlistViewModel.self)
    case "help": return resolver.resolve(HelpViewModel.self)
    case "notifications": return resolver.resolve(NotificationsViewModel.self)
    default: return nil
    }
}

for screen in CommandLine.arguments.dropFirst() { print(screen, open(screen).map { "\(type(of: $0))" } ?? "none") }
