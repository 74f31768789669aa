import Swinject

// Types the exporter tests register. A test's own counter proves which instances were built and by whom.

final class Counter: @unchecked Sendable {
    var value = 0
}

protocol Logging: AnyObject {}
final class ConsoleLogger: Logging {}

protocol Storing: AnyObject {}
final class Database: Storing {}

/// Counts its instances on a counter its test owns: a process-wide count would see every other
/// test (and every repetition of this one) that builds a Vault.
final class Vault: Storing {
    init(counting built: Counter) { built.value += 1 }
}

final class Repository {
    let database: Storing
    let logger: Logging
    init(database: Storing, logger: Logging) {
        self.database = database
        self.logger = logger
    }
}

final class Cart {
    let pricing: Pricing
    init(pricing: Pricing) { self.pricing = pricing }
}

final class Pricing {
    let cart: Cart
    init(cart: Cart) { self.cart = cart }
}

final class Parent {
    var child: Child?
}

final class Child {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}

final class Analytics {
    let storage: Storing
    init(storage: Storing) { self.storage = storage }
}

final class ProductViewModel {
    let id: String
    let repository: Repository
    init(id: String, repository: Repository) {
        self.id = id
        self.repository = repository
    }
}

final class Screen {
    let model: ProductViewModel
    init(model: ProductViewModel) { self.model = model }
}

final class Feed {
    let logger: Lazy<Logging>
    let makeRepository: Provider<Repository>
    init(logger: Lazy<Logging>, makeRepository: Provider<Repository>) {
        self.logger = logger
        self.makeRepository = makeRepository
    }
}

final class SessionStore {}

extension ObjectScope {
    static let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
    static let unnamed = ObjectScope(storageFactory: PermanentStorage.init)
}
