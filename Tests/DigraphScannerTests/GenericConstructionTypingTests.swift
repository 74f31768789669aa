import DigraphCore
import Testing

/// A registration keyed by a construction written without generic arguments
/// (`register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }`) is keyed
/// by the arguments the compiler infers, read from the initializer's declaration
/// (``GenericConstructions``); what the declarations do not fix stays the bare name.
@Suite struct GenericConstructionTypingTests {
    static let viewModel = """
        import Combine
        final class SearchViewModel<S: Scheduler>: ObservableObject {
            init(scheduler: S, debounce: S.SchedulerTimeType.Stride, repository: SearchRepository = SearchRepository()) {}
        }
        """

    /// The services a Resolver registration block makes, keyed as registered.
    static func registered(_ factory: String, _ declarations: [(String, String)]) -> [String] {
        let registration = """
            import Resolver
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() { register { \(factory) } }
            }
            """
        return graph([("Registrations.swift", registration)] + declarations).services
            .filter { $0.style == "resolver" }.map(\.type).sorted()
    }

    static let stride = ("Stride+Search.swift", """
        extension RunLoop.SchedulerTimeType.Stride { static let searchDebounce: Self = .milliseconds(300) }
        """)

    @Test func anImplicitMemberOfAMemberTypeFixesItsBase() {
        let types = Self.registered(
            "SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce)",
            [("SearchViewModel.swift", Self.viewModel), Self.stride])
        #expect(types == ["SearchViewModel<RunLoop>"])
        // The implicit member alone fixes it too: the scheduler is any expression.
        let alone = Self.registered(
            "SearchViewModel(scheduler: scheduler, debounce: .searchDebounce)",
            [("SearchViewModel.swift", Self.viewModel), Self.stride])
        #expect(alone == ["SearchViewModel<RunLoop>"])
    }

    @Test func aValueOfAKnownTypeFixesTheParameterItIsPassedTo() {
        let declarations = [("Repository.swift", """
            final class Repository<Store: Storing> { init(store: Store, label: String = "") {} }
            final class DiskStore: Storing {}
            enum Stores { static let shared: MemoryStore = MemoryStore() }
            """)]
        #expect(Self.registered("Repository(store: DiskStore())", declarations) == ["Repository<DiskStore>"])
        // A member's declaration says what it holds; a framework's conventional one holds its type.
        #expect(Self.registered("Repository(store: Stores.shared)", declarations) == ["Repository<MemoryStore>"])
        #expect(Self.registered("Repository(store: UserDefaults.standard)", declarations) == ["Repository<UserDefaults>"])
    }

    /// Two candidate owners of the implicit member, a parameter nothing fixes, arguments that
    /// contradict, a value that is itself an unspecialised generic type, initializers the labels
    /// fit that disagree: the bare name, open to any specialisation, never a guess.
    @Test func whatTheDeclarationsDoNotFixStaysBare() {
        let twoOwners = ("Stride+Both.swift", """
            extension RunLoop.SchedulerTimeType.Stride { static let searchDebounce: Self = .milliseconds(300) }
            extension DispatchQueue.SchedulerTimeType.Stride { static let searchDebounce: Self = .milliseconds(300) }
            """)
        #expect(
            Self.registered(
                "SearchViewModel(scheduler: scheduler, debounce: .searchDebounce)",
                [("SearchViewModel.swift", Self.viewModel), twoOwners]) == ["SearchViewModel"])
        let pair = ("Pair.swift", """
            final class Pair<A, B> { init(first: A, second: B) {} }
            final class Box<Value> { init(value: Value) {} }
            final class Mirror<A> { init(left: A, right: A) {} }
            final class Either<A> {
                init(value: A) {}
                convenience init(value: Int) { self.init(value: value) }
            }
            """)
        #expect(Self.registered("Pair(first: Left(), second: right)", [pair]) == ["Pair"])
        #expect(Self.registered("Mirror(left: Left(), right: Right())", [pair]) == ["Mirror"])
        #expect(Self.registered("Pair(first: Left(), second: Box(value: 1))", [pair]) == ["Pair"])
        #expect(Self.registered("Pair(first: Left(), second: Box<Int>(value: 1))", [pair]) == ["Pair<Left,Box<Int>>"])
        #expect(Self.registered("Either(value: Left())", [pair]) == ["Either"])
    }

    /// Dip and DITranquillity infer the key from the closure the same way.
    @Test func everyStyleKeyedByItsFactoryReadsTheSameWay() {
        let declarations = [("SearchViewModel.swift", Self.viewModel), Self.stride]
        let dip = graph([("Dip.swift", """
            import Dip
            let container = DependencyContainer { c in
                c.register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }
            }
            """)] + declarations)
        #expect(dip.services.filter { $0.style == "dip" }.map(\.type) == ["SearchViewModel<RunLoop>"])
        let tranquillity = graph([("DI.swift", """
            import DITranquillity
            let container = DIContainer()
            func setUp() { container.register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) } }
            """)] + declarations)
        #expect(tranquillity.services.filter { $0.style == "ditranquillity" }.map(\.type) == ["SearchViewModel<RunLoop>"])
        // A project's locator keyed by the value it is given.
        let locator = graph([("Locator.swift", """
            final class ServiceLocator {
                static let shared = ServiceLocator()
                private var services: [String: Any] = [:]
                func register<T>(_ service: T) { services["\\(T.self)"] = service }
                func resolve<T>() -> T { services["\\(T.self)"] as! T }
            }
            func setUp() { ServiceLocator.shared.register(SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce)) }
            final class SearchScreen { let model: SearchViewModel<RunLoop> = ServiceLocator.shared.resolve() }
            """)] + declarations)
        #expect(locator.services.filter { $0.style == "service-locator" }.map(\.type) == ["SearchViewModel<RunLoop>"])
        #expect(locator.edge("SearchScreen", "SearchViewModel<RunLoop>")?.missing == false)
    }
}
