protocol Logger {
    func log(_ message: String)
}

struct ConsoleLogger: Logger {
    func log(_ message: String) { print("log:", message) }
}

final class Session {
    let user: String
    init(user: String) { self.user = user }
}

protocol Analytics {
    func track(_ event: String)
}

/// The catalog and the pricing each read the other from the container while they are built.
final class Catalog {
    let pricing: Pricing
    init() { pricing = DependencyContainer[\.pricing] }
}

final class Pricing {
    let catalog: Catalog
    init() { catalog = DependencyContainer[\.catalog] }
}
