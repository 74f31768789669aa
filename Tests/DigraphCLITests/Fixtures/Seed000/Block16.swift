final class PokemonListViewController: UITableViewController {
    // MARK: - Dependencies

    private let pokemonsService: PokemonsServiceProtocol
    private let userToTradeWithID: String
    private let viewControllersFactory: ViewControllersFactoryProtocol

    // MARK: - Properties

   private var pokemons: [Pokemon] = []

   // MARK: - Initialization

   init(
       pokemonsService: PokemonsServiceProtocol,
       userToTradeWithID: String,
       viewControllersFactory: ViewControllersFactoryProtocol
   ) {
       self.pokemonsService = pokemonsService
       self.userToTradeWithID = userToTradeWithID
       self.viewControllersFactory = viewControllersFactory
       super.init(nibName: nil, bundle: nil)
   }

   // MARK: - Lifecycle

   override func viewWillAppears(_ animated: Bool) {
       super.viewWillAppears(animated)
       pokemonsService.loadPokemons(for: userToTradeWithID) { [weak self] result in
           do {
               let pokemons = try result.get()
               self?.reloadTableView(with: pokemons)
           } catch { print(error) }
       }
   }
}
