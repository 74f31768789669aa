import ShopCore

let resolver = AppContainer.shared.container
let catalog = resolver.resolve(CatalogService.self)!
let price = resolver.resolve(PriceFormatter.self)!.format(1999)
let engine = resolver.resolve(SyncEngine.self)!
print("app ready", price, catalog, engine)
