// The app's launch code gives the lazy keys their values: the session, but not analytics.
func setupDependencies() {
    DependencyContainer.set(initialValue: Session(user: "ana"), key: SessionKey.self)
}

setupDependencies()
let scenario = CommandLine.arguments.dropFirst().first ?? "features"
switch scenario {
case "features":
    HomeViewModel().appear()
    BrowseViewModel().appear()
    ProductViewModel().appear()
    WishlistViewModel().appear()
    OrdersViewModel().appear()
    AccountViewModel().appear()
    AddressesViewModel().appear()
    NotificationsViewModel().appear()
    HelpViewModel().appear()
    SearchViewModel().appear()
case "missing":
    // `analytics` was never set: the precondition fails.
    print(ProfileViewModel().appear())
case "cycle":
    // Building the catalog builds the pricing, which reads the catalog being built.
    print(ObjectIdentifier(ShopViewModel().catalog))
default:
    print("usage: KeyPathContainerApp [features|missing|cycle]")
}
