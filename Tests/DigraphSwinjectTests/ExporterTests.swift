import DigraphRecorder
import DigraphSwinject
import Foundation
import Swinject
import Testing

@Suite("Swinject exporter")
struct ExporterTests {
    private func service(_ snapshot: Snapshot, _ id: String) throws -> Snapshot.Service {
        try #require(snapshot.services.first { $0.id == id }, "no service \(id) in \(snapshot.services.map(\.id))")
    }

    private func edge(_ snapshot: Snapshot, _ from: String, _ to: String) -> Snapshot.Edge? {
        snapshot.edges.first { $0.from == from && $0.to == to }
    }

    @Test func registrationsLifetimesAliasesAndEdges() throws {
        let container = Container()
        container.register(Logging.self) { _ in ConsoleLogger() }.inObjectScope(.container)
        container.register(Database.self) { _ in Database() }.inObjectScope(.container).implements(Storing.self)
        container.register(Repository.self) { r in
            Repository(database: r.resolve(Storing.self)!, logger: r.resolve(Logging.self)!)
        }.inObjectScope(.transient)
        container.register(SessionStore.self) { _ in SessionStore() }.inObjectScope(.session)

        let snapshot = try container.digraphSnapshot(DigraphSnapshotOptions(includeTimestamp: false))
        #expect(snapshot.generator.framework == "Swinject")
        #expect(snapshot.generator.source == .runtimeProbe)
        #expect(snapshot.services.map(\.id) == ["Database", "Logging", "Repository", "SessionStore", "Storing"])

        let logging = try service(snapshot, "Logging")
        #expect(logging.lifetime == .singleton && logging.lifetimeDetail == "container")
        #expect(logging.implementation == ["ConsoleLogger"])
        #expect(logging.probe?.status == .ok)
        let storing = try service(snapshot, "Storing")
        #expect(storing.origin == .alias && storing.aliasOf == "Database")
        #expect(try service(snapshot, "Repository").lifetime == .transient)
        let session = try service(snapshot, "SessionStore")
        #expect(session.lifetime == .scoped && session.lifetimeDetail == "session")

        // A resolve through the forwarded type is an edge to the entry's own id.
        let toDatabase = try #require(edge(snapshot, "Repository", "Database"))
        #expect(toDatabase.type == "Storing" && toDatabase.timing == .eager && toDatabase.status == .resolved)
        #expect(edge(snapshot, "Repository", "Logging")?.status == .resolved)
        #expect(snapshot.edges.count == 2)
    }

    @Test func neverCreatesNorReplacesTheAppsSingletons() throws {
        let built = Counter()
        let container = Container()
        container.register(Storing.self) { _ in Vault(counting: built) }.inObjectScope(.container)
        container.register(Analytics.self) { r in Analytics(storage: r.resolve(Storing.self)!) }
            .inObjectScope(.container)
        container.register(Logging.self) { _ in ConsoleLogger() }.inObjectScope(.container)

        // The app already holds its Storing singleton; Analytics and Logging were never resolved.
        let storage = try #require(container.resolve(Storing.self))
        #expect(built.value == 1)

        let snapshot = try container.digraphSnapshot()
        #expect(snapshot.edges.contains { $0.from == "Analytics" && $0.to == "Storing" && $0.status == .resolved })

        // The probe built its own shadow Vault, never through the container's storage...
        #expect(built.value == 2)
        // ...so the app's singleton is the same object,
        #expect(container.resolve(Storing.self)! === storage)
        // the app's Analytics is built from the app's Storing (not the probe's),
        let analytics = try #require(container.resolve(Analytics.self))
        #expect(analytics.storage === storage)
        #expect(container.resolve(Analytics.self)! === analytics)
        // and no other Vault was made by the app's resolves.
        #expect(built.value == 2)
    }

    @Test func survivesACycleWithoutInitCompleted() throws {
        let container = Container()
        container.register(Cart.self) { r in Cart(pricing: r.resolve(Pricing.self)!) }
        container.register(Pricing.self) { r in Pricing(cart: r.resolve(Cart.self)!) }
        container.register(Logging.self) { _ in ConsoleLogger() }

        let snapshot = try container.digraphSnapshot(DigraphSnapshotOptions(includeTimestamp: false))
        let forward = try #require(edge(snapshot, "Cart", "Pricing"))
        let back = try #require(edge(snapshot, "Pricing", "Cart"))
        #expect(forward.timing == .eager && back.timing == .eager)
        #expect(back.status == .cut)
        #expect(try service(snapshot, "Pricing").probe?.detail?.contains("cycle guard") == true)
        #expect(try service(snapshot, "Cart").probe?.status == .cut)
        // Probing went on after the cycle.
        #expect(try service(snapshot, "Logging").probe?.status == .ok)
    }

    @Test func initCompletedEdgesAreDeferredAndBreakTheCycle() throws {
        let container = Container()
        container.register(Parent.self) { _ in Parent() }
            .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
        container.register(Child.self) { r in Child(parent: r.resolve(Parent.self)!) }

        let snapshot = try container.digraphSnapshot()
        #expect(edge(snapshot, "Parent", "Child")?.timing == .deferred)
        #expect(edge(snapshot, "Child", "Parent")?.timing == .eager)
        #expect(snapshot.services.allSatisfy { $0.probe?.status == .ok })
    }

    @Test func recordsAMissingDependencyInsteadOfCrashing() throws {
        let container = Container()
        container.register(Analytics.self) { r in Analytics(storage: r.resolve(Storing.self, name: "analytics")!) }
        container.register(Storing.self, name: "primary") { _ in Database() }

        let snapshot = try container.digraphSnapshot()
        let missing = try #require(edge(snapshot, "Analytics", "Storing#analytics"))
        #expect(missing.status == .missing && missing.name == "analytics")
        #expect(!snapshot.services.contains { $0.id == "Storing#analytics" })
        let analytics = try service(snapshot, "Analytics")
        #expect(analytics.probe?.status == .cut)
        #expect(analytics.probe?.detail?.contains("not registered") == true)
        #expect(try service(snapshot, "Storing#primary").probe?.status == .ok)
    }

    @Test func runtimeArgumentsAreSkippedUnlessProbeArgumentsAreGiven() throws {
        let container = Container()
        container.register(Logging.self) { _ in ConsoleLogger() }
        container.register(Storing.self) { _ in Database() }
        container.register(Repository.self) { r in
            Repository(database: r.resolve(Storing.self)!, logger: r.resolve(Logging.self)!)
        }
        container.register(ProductViewModel.self) { (r: Resolver, id: String) in
            ProductViewModel(id: id, repository: r.resolve(Repository.self)!)
        }

        let skipped = try container.digraphSnapshot()
        let vm = try service(skipped, "ProductViewModel(String)")
        #expect(vm.arguments == ["String"])
        #expect(vm.probe?.status == .skipped)
        #expect(skipped.diagnostics.contains { $0.code == "probe_skipped" && $0.service == "ProductViewModel(String)" })
        #expect(edge(skipped, "ProductViewModel(String)", "Repository") == nil)

        var options = DigraphSnapshotOptions()
        options.probeArguments.add(ProductViewModel.self, argument: "42")
        let probed = try container.digraphSnapshot(options)
        #expect(try service(probed, "ProductViewModel(String)").probe?.status == .ok)
        #expect(edge(probed, "ProductViewModel(String)", "Repository")?.status == .resolved)
    }

    @Test func aFactoryResolvingWithArgumentsProbesTheTarget() throws {
        let container = Container()
        container.register(Logging.self) { _ in ConsoleLogger() }
        container.register(Storing.self) { _ in Database() }
        container.register(Repository.self) { r in
            Repository(database: r.resolve(Storing.self)!, logger: r.resolve(Logging.self)!)
        }
        container.register(ProductViewModel.self) { (r: Resolver, id: String) in
            ProductViewModel(id: id, repository: r.resolve(Repository.self)!)
        }
        container.register(Screen.self) { r in Screen(model: r.resolve(ProductViewModel.self, argument: "7")!) }

        let snapshot = try container.digraphSnapshot()
        let toModel = try #require(edge(snapshot, "Screen", "ProductViewModel(String)"))
        #expect(toModel.arguments == ["String"])
        #expect(try service(snapshot, "ProductViewModel(String)").probe?.status == .ok)
    }

    @Test func parentContainersAreExportedAndSearched() throws {
        let parent = Container()
        parent.register(Logging.self) { _ in ConsoleLogger() }.inObjectScope(.container)
        let child = Container(parent: parent)
        child.register(Storing.self) { r in _ = r.resolve(Logging.self)!; return Database() }

        let snapshot = try child.digraphSnapshot(DigraphSnapshotOptions(containerID: "feature"))
        #expect(snapshot.containers.map(\.id) == ["feature", "feature/parent"])
        #expect(snapshot.containers[0].parent == "feature/parent")
        #expect(try service(snapshot, "Logging").container == "feature/parent")
        #expect(try service(snapshot, "Storing").container == "feature")
        #expect(edge(snapshot, "Storing", "Logging")?.status == .resolved)
    }

    @Test func aKeyRegisteredInParentAndChildGetsDistinctIDs() throws {
        let parent = Container()
        parent.register(Logging.self) { _ in ConsoleLogger() }
        let child = Container(parent: parent)
        child.register(Logging.self) { _ in ConsoleLogger() }
        let snapshot = try child.digraphSnapshot()
        #expect(Set(snapshot.services.map(\.id)) == ["Logging", "Logging@container/parent"])
    }

    @Test func registrationsOnlyRunsNoFactory() throws {
        let ran = Counter()
        let container = Container()
        container.register(Storing.self) { _ in ran.value += 1; return Database() }
        container.register(Analytics.self) { r in ran.value += 1; return Analytics(storage: r.resolve(Storing.self)!) }
        let snapshot = try container.digraphSnapshot(DigraphSnapshotOptions(mode: .registrationsOnly))
        #expect(snapshot.generator.source == .runtimeRegistrations)
        #expect(snapshot.edges.isEmpty)
        #expect(snapshot.services.count == 2)
        #expect(snapshot.services.allSatisfy { $0.probe == nil && $0.implementation == nil })
        #expect(ran.value == 0)
    }

    @Test func customScopesAreScopedAndCanBeNamed() throws {
        let container = Container()
        container.register(SessionStore.self) { _ in SessionStore() }.inObjectScope(.unnamed)
        var options = DigraphSnapshotOptions()
        #expect(try service(container.digraphSnapshot(options), "SessionStore").lifetimeDetail == "custom ObjectScope")
        options.name(ObjectScope.unnamed, "user")
        let named = try service(container.digraphSnapshot(options), "SessionStore")
        #expect(named.lifetime == .scoped && named.lifetimeDetail == "user")
    }

    @Test func lazyAndProviderAreDeferredEdges() throws {
        let container = Container()
        container.register(Logging.self) { _ in ConsoleLogger() }
        container.register(Storing.self) { _ in Database() }
        container.register(Repository.self) { r in
            Repository(database: r.resolve(Storing.self)!, logger: r.resolve(Logging.self)!)
        }
        container.register(Feed.self) { r in
            let feed = Feed(logger: r.resolve(Lazy<Logging>.self)!, makeRepository: r.resolve(Provider<Repository>.self)!)
            _ = feed.logger.instance  // used while being built: also an eager edge
            return feed
        }
        let snapshot = try container.digraphSnapshot()
        #expect(snapshot.edges.contains { $0.from == "Feed" && $0.to == "Logging" && $0.kind == .lazy && $0.timing == .deferred })
        #expect(snapshot.edges.contains { $0.from == "Feed" && $0.to == "Repository" && $0.kind == .provider })
        #expect(snapshot.edges.contains { $0.from == "Feed" && $0.to == "Logging" && $0.timing == .eager })
        #expect(try service(snapshot, "Feed").probe?.status == .ok)
    }

    @Test func sitesComeFromBacktracesWhenAvailable() throws {
        try #require(SiteCapture.isAvailable)
        let container = Container(behaviors: [DigraphSiteRecorder()])
        let registerLine = #line + 1
        container.register(Logging.self) { _ in ConsoleLogger() }
        let resolveLine = #line + 1
        container.register(Analytics.self) { r in _ = r.resolve(Logging.self)!; return Analytics(storage: Database()) }
        let snapshot = try container.digraphSnapshot()
        let logging = try service(snapshot, "Logging")
        #expect(logging.site?.file == #filePath)
        #expect(logging.site?.line == registerLine)
        let site = try #require(edge(snapshot, "Analytics", "Logging")?.site)
        #expect(site.file == #filePath && site.line == resolveLine)
    }

    @Test func writesAStableDocument() throws {
        let container = Container()
        container.register(Logging.self) { _ in ConsoleLogger() }
        container.register(Analytics.self) { r in _ = r.resolve(Logging.self); return Analytics(storage: Database()) }
        let options = DigraphSnapshotOptions(captureSites: false, includeTimestamp: false)
        let first = try container.digraphSnapshot(options).jsonString()
        let second = try container.digraphSnapshot(options).jsonString()
        #expect(first == second)
        #expect(first.hasPrefix("{\n  \"containers\": ["))
        #expect(first.contains("\"schema\": \"digraph-snapshot/1\""))

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try container.writeDigraphSnapshot(to: url, options: options)
        #expect(try String(contentsOf: url, encoding: .utf8) == first)
    }
}
