extension AppContainer {
    func makeHelpViewModel() -> HelpViewModel {
        HelpViewModel(api: api, logger: logger)
    }

    func makeNotificationsViewModel() -> NotificationsViewModel {
        NotificationsViewModel(api: api, logger: logger)
    }

    func makeWishlistViewModel() -> WishlistViewModel {
        WishlistViewModel(store: store, logger: logger)
    }
}
