import UIKit

final class ProductCell: UITableViewCell {
    static let reuseIdentifier = "cell"
}

final class CatalogViewController: UITableViewController {
    private let viewModel: CatalogViewModel
    private let coordinator: AppCoordinator

    init(viewModel: CatalogViewModel, coordinator: AppCoordinator) {
        self.viewModel = viewModel
        self.coordinator = coordinator
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Shop"
        // Not dependency injection: UIKit's cell registry. Services are registered in the
        // assemblies with `container.register(Foo.self) { r in … }`, never here.
        tableView.register(ProductCell.self, forCellReuseIdentifier: "cell")
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Cart", primaryAction: UIAction { [weak self] _ in self?.coordinator.showCart() })
        viewModel.onChange = { [weak self] in self?.tableView.reloadData() }
        Task { await viewModel.load() }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.products.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ProductCell.reuseIdentifier, for: indexPath)
        let product = viewModel.products[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = product.title
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        coordinator.showProduct(id: viewModel.products[indexPath.row].id)
    }
}
