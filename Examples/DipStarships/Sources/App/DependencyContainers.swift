import Dip

enum DependencyTags: String, DependencyTagConvertible {
    case hardcoded
    case dummy
}

let container = DependencyContainer { dip in
    dip.register(.singleton) { URLSessionNetworkLayer(baseURL: "https://swapi.dev/api/") as NetworkLayer }
    dip.register(.unique) { RequestCounter() }
    dip.register { SWAPIPersonProvider(webService: try dip.resolve()) as PersonProviderAPI }

    dip.register(tag: DependencyTags.hardcoded) { HardCodedStarshipProvider() as StarshipProviderAPI }
    dip.register(tag: DependencyTags.dummy) { DummyStarshipProvider(pilotName: $0) as StarshipProviderAPI }
    dip.register {
        FakeStarshipProvider(
            dummyProvider: try dip.resolve(tag: DependencyTags.dummy, arguments: "Main Pilot"),
            hardCodedProvider: try dip.resolve(tag: DependencyTags.hardcoded)) as StarshipProviderAPI
    }

    dip.register { PilotsViewModel(people: try dip.resolve(), starships: try dip.resolve()) }
        .resolvingProperties { container, viewModel in
            viewModel.favourites = try container.resolve() as FavouritesStore
        }
    dip.register(.singleton) { FavouritesStore() }
    dip.register { HangarViewModel(crew: try dip.resolve()) }
    dip.register { CrewViewModel(hangar: try dip.resolve()) }
}
