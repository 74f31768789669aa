import UIKit

final class TabBarController: UITabBarController {}

final class CatalogViewController: UIViewController {
    let viewModel: CatalogViewModel
    init(viewModel: CatalogViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class AccountViewController: UIViewController {
    let viewModel: AccountViewModel
    init(viewModel: AccountViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class CheckoutViewController: UIViewController {
    let payment: PaymentViewController
    init(payment: PaymentViewController) {
        self.payment = payment
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class PaymentViewController: UIViewController {
    let checkout: CheckoutViewController
    init(checkout: CheckoutViewController) {
        self.checkout = checkout
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// Gets the store from the injector; nothing ever gives it a theme.
final class OrdersViewController: UIViewController, StoreInjectable {
    var store: Store!
    var theme: Theme!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = theme.background
        title = store.ordersTitle
    }
}
