import Swinject

/// The home screen's feature modules, configured by a table (in a real app: remote config).
enum FeatureTable {
    struct Entry {
        var name: String
        /// The `DataSource` registration the module reads from.
        var source: String
    }

    static let entries = [
        Entry(name: "search", source: "catalog"),
        Entry(name: "recommendations", source: "history"),
        // Planted, visible only at run time: no DataSource is registered as "popularity".
        Entry(name: "trending", source: "popularity"),
    ]
}

final class FeatureAssembly: Assembly {
    func assemble(container: Container) {
        container.register(DataSource.self, name: "catalog") { _ in DataSource(name: "catalog") }
            .inObjectScope(.container)
        container.register(DataSource.self, name: "history") { _ in DataSource(name: "history") }
            .inObjectScope(.container)
        // A registration loop: the names, and what each module needs, exist only at run time.
        for entry in FeatureTable.entries {
            container.register(FeatureModule.self, name: entry.name) { r in
                FeatureModule(name: entry.name, source: r.resolve(DataSource.self, name: entry.source)!)
            }
        }
    }
}
