import UIKit

final class ProductDetailViewController: UIViewController {
    private let viewModel: ProductDetailViewModel
    private let imageView = UIImageView()
    private let priceLabel = UILabel()

    init(viewModel: ProductDetailViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(imageView)
        view.addSubview(priceLabel)
        Task {
            await viewModel.load()
            imageView.image = viewModel.image
            priceLabel.text = viewModel.formattedPrice
        }
    }
}

final class CartViewController: UITableViewController {
    private let viewModel: CartViewModel

    init(viewModel: CartViewModel) {
        self.viewModel = viewModel
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Cart — \(viewModel.total)"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Pay", primaryAction: UIAction { [weak self] _ in self?.viewModel.checkoutTapped() })
    }
}
