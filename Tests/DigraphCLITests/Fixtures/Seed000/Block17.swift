extension PokemonListViewController {
    // MARK: - Private API

    private func reloadTableView(with pokemons: [Pokemon]) { /* ... */ }

    override func tableView(
        _ tableView: UITableView,
        didSelectRowAt indexPath: IndexPath
    ) {
       let pokemonIWant = pokemons[indexPath.row]
       let tradeViewController = viewControllersFactory.makePokemonTradeViewController(
           for: pokemonIWant,
           userToTradeWithID: userToTradeWithID
       )
       navigationController?.pushViewController(tradeViewController, animated: true)
   }
}
