import Foundation

final class CatalogViewModel {
    init(api: APIClient, logger: Logger, openProduct: @escaping (Product.ID) -> ProductViewModel) {}
}
final class ProductViewModel {
    init(id: Product.ID, api: APIClient, images: ImageCache, logger: Logger, backToCatalog: @escaping () -> CatalogViewModel) {}
}
final class SearchViewModel { init(api: APIClient, logger: Logger) {} }
final class CartViewModel { init(store: Store, logger: Logger) {} }
final class AccountViewModel { init(session: Session, logger: Logger) {} }
final class OrdersViewModel { init(api: APIClient, logger: Logger) {} }
final class AddressesViewModel { init(api: APIClient, logger: Logger) {} }
final class SettingsViewModel { init(configuration: Configuration, logger: Logger) {} }
final class HelpViewModel { init(api: APIClient, logger: Logger) {} }
final class NotificationsViewModel { init(api: APIClient, logger: Logger) {} }
final class WishlistViewModel { init(store: Store, logger: Logger) {} }
