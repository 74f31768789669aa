final class PokemonListViewController: UITableViewController {
    // MARK: - Dependencies

    private let userToTradeWithID: String
    private let pokemonsService: PokemonsServiceProtocol

    // MARK: - Properties

    private var pokemons: [Pokemon] = []

   // MARK: - Initialization

   init(
       userToTradeWithID: String,
       pokemonsService: PokemonsServiceProtocol
   ) {
       self.userToTradeWithID = userToTradeWithID
       self.pokemonsService = pokemonsService
       super.init(nibName: nil, bundle: nil)
   }

   // MARK: - Lifecycle

   required init?(coder: NSCoder) {
       fatalError("init(coder:) has not been implemented")
   }

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
