protocol ViewControllersFactoryProtocol {
    func makePokemonTradeViewController(
        for pokemonIWant: Pokemon,
        userToTradeWithID: String
    ) -> UIViewController
}

struct ViewControllersFactory: ViewControllersFactoryProtocol {
    typealias Dependencies = HasPokemonsService & HasTradingManager
   private let dependencies: Dependencies

   init(dependencies: Dependencies = AppDependenciesEnvironment.shared) {
       self.dependencies = dependencies
   }

   func makePokemonTradeViewController(
       for pokemonIWant: Pokemon,
       userToTradeWithID: String
   ) -> UIViewController {
       let viewController: PokemonTradeViewController = .init(
           pokemonIWant: pokemonIWant,
           userToTradeWithID: userToTradeWithID,
           tradingManager: dependencies.tradingManager,
           pokemonsService: dependencies.pokemonsService
       )
       return viewController
   }
}
