final class ShopViewModel {
    @Dependency(\.catalog) var catalog
}
