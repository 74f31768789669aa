import UIKit

extension AppContainer {
    func makeCatalogViewController() -> CatalogViewController {
        CatalogViewController(viewModel: makeCatalogViewModel())
    }

    func makeCatalogViewModel() -> CatalogViewModel {
        // The product screen is made when a product is tapped, not while the catalog is built.
        CatalogViewModel(api: api, logger: logger, openProduct: { [unowned self] id in self.makeProductViewModel(id: id) })
    }

    func makeProductViewModel(id: Product.ID) -> ProductViewModel {
        ProductViewModel(id: id, api: api, images: imageCache, logger: logger, backToCatalog: makeCatalogViewModel)
    }

    func makeSearchViewModel() -> SearchViewModel {
        SearchViewModel(api: api, logger: logger)
    }

    func makeCartViewModel() -> CartViewModel {
        CartViewModel(store: store, logger: logger)
    }
}
