import Dip
import Foundation

protocol NetworkLayer: AnyObject {}

final class URLSessionNetworkLayer: NetworkLayer {
    // Planted: the one network layer keeps the first counter it was given for good.
    private let counter: RequestCounter
    init(baseURL: String) {
        counter = try! container.resolve() as RequestCounter
    }
}

/// A new counter per use.
final class RequestCounter {
    private(set) var count = 0
}

protocol PersonProviderAPI {}

final class SWAPIPersonProvider: PersonProviderAPI {
    init(webService: NetworkLayer) {}
}

protocol StarshipProviderAPI {}

struct HardCodedStarshipProvider: StarshipProviderAPI {}

struct DummyStarshipProvider: StarshipProviderAPI {
    let pilotName: String
}

final class FakeStarshipProvider: StarshipProviderAPI {
    init(dummyProvider: StarshipProviderAPI, hardCodedProvider: StarshipProviderAPI) {}
}

final class FavouritesStore {
    // Filled by Dip after the store is built.
    private let analytics = Injected<Analytics>()
}

protocol Analytics {}

final class PilotsViewModel {
    var favourites: FavouritesStore?
    init(people: PersonProviderAPI, starships: StarshipProviderAPI) {}
}

// Planted: each needs the other in its initializer.
final class HangarViewModel {
    init(crew: CrewViewModel) {}
}

final class CrewViewModel {
    init(hangar: HangarViewModel) {}
}
