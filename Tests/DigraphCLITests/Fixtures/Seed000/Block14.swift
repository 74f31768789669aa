extension PokemonListViewController {
    // MARK: - Private API

    private func reloadTableView(with pokemons: [Pokemon]) {
        /* ... */
    }

    override func tableView(
        _ tableView: UITableView,
        didSelectRowAt indexPath: IndexPath
    ) {
       let pokemonIWant = pokemons[indexPath.row]
       let tradeViewController: PokemonTradeViewController = .init(
           pokemonIWant: pokemonIWant,
           userToTradeWithID: userToTradeWithID,
           tradingManager: TradingManager(),
           pokemonsService: pokemonsService
       )
       navigationController?.pushViewController(
           tradeViewController,
           animated: true
       )
   }
}
