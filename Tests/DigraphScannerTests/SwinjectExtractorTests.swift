import DigraphCore
import Testing

@Suite struct SwinjectExtractorTests {
    @Test func plainRegistrationWithTrailingClosureDefaultsToGraphScope() throws {
        let f = facts("container.register(APIClient.self) { r in HTTPAPIClient() }")
        let reg = try #require(f.registrations.first)
        #expect(f.registrations.count == 1)
        #expect(reg.serviceType == "APIClient")
        #expect(reg.registry == .swinject)
        #expect(reg.lifetime == .graph && reg.lifetimeIsDefault)
        #expect(reg.implementationTypes == ["HTTPAPIClient"])
        #expect(reg.location == Location(file: "App.swift", line: 1, column: 1))
    }

    @Test func namedRegistrationAndFactoryLabel() throws {
        let f = facts(#"container.register(Database.self, name: "primary", factory: { _ in SQLiteDatabase() })"#)
        let reg = try #require(f.registrations.first)
        #expect(reg.name == "primary")
        #expect(reg.serviceID == "Database#primary")
        #expect(reg.implementationTypes == ["SQLiteDatabase"])
    }

    /// COOKID: `name: nil` is the default, no name; it was read as a name computed at run time,
    /// which left every key of the container unchecked.
    @Test func aNilNameIsNoName() {
        let f = facts(
            """
            container.register(AddTodayReactor.self, name: nil) { _ in AddTodayReactor() }
            let reactor = container.resolve(AddTodayReactor.self, name: nil)!
            """)
        #expect(f.registrations.map(\.serviceID) == ["AddTodayReactor"])
        #expect(f.unanalyzable.isEmpty)
        #expect(f.requests.map(\.name) == [nil])
    }

    @Test func runtimeArgumentsFromTypedAndUntypedClosureParameters() {
        let f = facts(
            """
            container.register(ProductViewModel.self) { (r, id: String) in ProductViewModel(id: id) }
            container.register(Pair.self) { r, a, b in Pair(a, b) }
            container.register(Typed.self) { (r: Resolver, count: Int, label: String) in Typed() }
            """)
        #expect(f.registrations.map(\.serviceID) == ["ProductViewModel(String)", "Pair(_,_)", "Typed(Int,String)"])
    }

    @Test(arguments: [
        ("container", Lifetime.singleton), ("graph", .graph), ("transient", .transient), ("weak", .weak),
        ("session", .scoped),
    ])
    func objectScopes(scope: String, lifetime: Lifetime) throws {
        let f = facts("container.register(A.self) { _ in A() }.inObjectScope(.\(scope))")
        let reg = try #require(f.registrations.first)
        #expect(reg.lifetime == lifetime)
        #expect(reg.lifetimeDetail == scope)
        #expect(!reg.lifetimeIsDefault)
    }

    @Test func fullySpelledObjectScopeAndConfiguredCustomScope() {
        var configuration = Configuration()
        configuration.lifetimes = ["userScope": .weak]
        let g = graph(
            [("App.swift", """
            container.register(A.self) { _ in A() }.inObjectScope(ObjectScope.container)
            container.register(B.self) { _ in B() }.inObjectScope(.userScope)
            """)], configuration: configuration)
        #expect(g.service("A")?.lifetime == .singleton)
        #expect(g.service("B")?.lifetime == .weak)
    }

    @Test func scopeFromAVariableIsUnknownAndReported() throws {
        let f = facts("container.register(A.self) { _ in A() }.inObjectScope(scope)")
        #expect(f.registrations.first?.lifetime == .unknown)
        #expect(f.unanalyzable.count == 1)
    }

    @Test func resolvesInsideAFactoryAreEagerEdgesFromTheRegistration() throws {
        let g = graph(
            """
            container.register(Feed.self) { r in
                Feed(
                    api: r.resolve(APIClient.self)!,
                    db: r.resolve(Database.self, name: "primary")!,
                    vm: r.resolve(ProductViewModel.self, argument: "42")!,
                    pair: r.resolve(Pair.self, arguments: 1, "x")!
                )
            }
            """)
        let api = try #require(g.edge("Feed", "APIClient"))
        #expect(api.timing == .eager && api.via == .resolve && !api.optional && api.missing)
        #expect(g.edge("Feed", "Database#primary") != nil)
        #expect(g.edge("Feed", "ProductViewModel(String)") != nil)
        #expect(g.edge("Feed", "Pair(Int,String)") != nil)
    }

    @Test func forcedAndOptionalResolves() throws {
        let g = graph(
            """
            container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)) }
            """)
        #expect(g.edge("A", "B")?.optional == false)
        #expect(g.edge("A", "C")?.optional == true)
    }

    @Test func initCompletedResolvesAreDeferred() throws {
        let g = graph(
            """
            container.register(Parent.self) { _ in Parent() }
                .inObjectScope(.container)
                .initCompleted { r, parent in parent.child = r.resolve(Child.self)! }
            container.register(Child.self) { _ in Child() }
            """)
        let edge = try #require(g.edge("Parent", "Child"))
        #expect(edge.timing == .deferred && edge.retained)
        #expect(g.service("Parent")?.lifetime == .singleton)
    }

    @Test func resolveThroughACapturedOuterContainerBelongsToTheFactory() throws {
        let g = graph(
            """
            func setUp(container: Container) {
                container.register(Router.self) { _ in Router(api: container.resolve(APIClient.self)!) }
            }
            """)
        #expect(g.edge("Router", "APIClient")?.timing == .eager)
    }

    @Test func closuresInsideAFactoryAreDeferredAndNotRetained() throws {
        let g = graph(
            """
            container.register(Store.self) { r in Store(make: { r.resolve(Request.self)! }) }
            """)
        let edge = try #require(g.edge("Store", "Request"))
        #expect(edge.timing == .deferred && !edge.retained)
    }

    @Test func assembliesAcrossFilesAndModulesLinkToOneContainer() {
        let g = graph([
            ("Packages/Network/Sources/Network/NetworkAssembly.swift", """
            public final class NetworkAssembly: Assembly {
                public func assemble(container: Container) {
                    container.register(APIClient.self) { _ in HTTPAPIClient() }.inObjectScope(.container)
                }
            }
            """),
            ("App/FeatureAssembly.swift", """
            final class FeatureAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
                }
            }
            """),
            ("App/AppDelegate.swift", """
            final class AppDelegate {
                let assembler = Assembler([NetworkAssembly(), FeatureAssembly()])
                func start() { let feed = assembler.resolver.resolve(Feed.self)! }
            }
            """),
        ])
        #expect(g.edge("Feed", "APIClient")?.missing == false)
        let root = g.edge("AppDelegate", "Feed")
        #expect(root?.missing == false && root?.timing == .deferred)
    }

    @Test func implementsForwardsAnotherType() {
        let g = graph(
            """
            container.register(Store.self) { _ in Store() }.implements(Reading.self, Writing.self)
            container.register(Feed.self) { r in Feed(reader: r.resolve(Reading.self)!) }
            """)
        #expect(g.edge("Feed", "Store")?.missing == false)
    }

    @Test func frameworkProvidedResolverIsNeverMissing() {
        let g = graph("container.register(Router.self) { r in Router(r: r.resolve(Resolver.self)!) }")
        #expect(g.edges.isEmpty)
    }

    @Test func dynamicNamesAreUnanalyzableNotMissing() {
        let d = diagnostics([("App.swift", """
            container.register(Database.self, name: dbName) { _ in DB() }
            container.register(Feed.self) { r in Feed(db: r.resolve(Database.self, name: "main")!) }
            """)])
        #expect(!d.contains { $0.rule == "missing_registration" })
        // The registration's name is read at run time, and so the resolve cannot be judged.
        #expect(d.filter { $0.rule == "unanalyzable_registration" }.map(\.location.line) == [1, 2])
    }

    @Test func modifiersAndForwardThroughAVariableHoldingTheRegistration() throws {
        let g = graph(
            """
            func assemble(container: Container) {
                let entry = container.register(Dog.self) { _ in Dog() }
                entry.inObjectScope(.container)
                container.forward(Animal.self, to: entry)
                container.register(Owner.self) { r in Owner(pet: r.resolve(Animal.self)!) }
            }
            """)
        #expect(g.service("Dog")?.lifetime == .singleton)
        #expect(g.edge("Owner", "Dog")?.missing == false)
    }

    @Test func lazyAndProviderAreDeferredRequestsForTheWrappedType() throws {
        let g = graph(
            """
            container.register(Screen.self) { r in
                Screen(lazy: r.resolve(Lazy<Presenter>.self)!, make: r.resolve(Provider<Request>.self)!)
            }.inObjectScope(.container)
            container.register(Presenter.self) { r in Presenter(screen: r.resolve(Screen.self)!) }
            container.register(Request.self) { _ in Request() }
            """)
        let lazy = try #require(g.edge("Screen", "Presenter"))
        #expect(lazy.timing == .deferred && lazy.retained && !lazy.missing)
        let provider = try #require(g.edge("Screen", "Request"))
        #expect(provider.timing == .deferred && !provider.retained)
        let d = diagnostics([("App.swift", """
            container.register(Screen.self) { r in Screen(make: r.resolve(Provider<Request>.self)!) }.inObjectScope(.container)
            container.register(Request.self) { _ in Request() }
            """)])
        #expect(!d.contains { $0.rule == "scope_mismatch" }, "a provider re-resolves on each use")
    }

    @Test func optionalResolveWithWrongArgumentsIsANote() {
        let d = diagnostics([("App.swift", """
            container.register(Dog.self) { (_, name: String) in Dog(name: name) }
            let dog = container.resolve(Dog.self)
            """)])
        #expect(d.filter { $0.rule == "argument_mismatch" }.map(\.severity) == [.note])
    }
}

/// A type named like a container (`…Assembly`) is noted as not read only while nothing inside it
/// (or inside its extensions in the file) was read: an assembly whose registrations were read is
/// understood, one that only hands the container on is not.
@Suite struct DILookingTypeNoteTests {
    @Test func anAssemblyWhoseSitesWereReadIsNotNotedAsUnread() {
        let f = facts(
            """
            final class CalendarAssembly: Assembly {
                func assemble(container: Container) { container.register(Clock.self) { _ in SystemClock() } }
            }
            final class TodoAssembly: Assembly {
                func assemble(container: Container) { assembleDetail(container: container) }
            }
            extension TodoAssembly {
                func assembleDetail(container: Container) { container.register(TodoStore.self) { _ in TodoStore() } }
            }
            final class RootAssembly: Assembly {
                func assemble(container: Container) { [CalendarAssembly(), TodoAssembly()].forEach { $0.assemble(container: container) } }
            }
            """)
        #expect(f.registrations.map(\.serviceID) == ["Clock", "TodoStore"])
        #expect(f.unrecognised.map(\.what) == ["type RootAssembly"])
    }
}
