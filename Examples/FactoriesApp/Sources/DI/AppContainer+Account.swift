import UIKit

extension AppContainer {
    func makeAccountViewController() -> AccountViewController {
        AccountViewController(viewModel: makeAccountViewModel())
    }

    func makeAccountViewModel() -> AccountViewModel {
        AccountViewModel(session: makeSession(), logger: logger)
    }

    func makeOrdersViewModel() -> OrdersViewModel {
        OrdersViewModel(api: api, logger: logger)
    }

    func makeAddressesViewModel() -> AddressesViewModel {
        AddressesViewModel(api: api, logger: logger)
    }

    func makeSettingsViewModel() -> SettingsViewModel {
        SettingsViewModel(configuration: configuration, logger: logger)
    }
}
