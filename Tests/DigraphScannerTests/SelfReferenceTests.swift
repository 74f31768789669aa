import DigraphCore
import DigraphScanner
import Testing

/// Issue 28: code that names itself (`var dependencies = dependencies`, `lazy var a = b; lazy var
/// b = a`, `class A: A`, `typealias A = B; typealias B = A`, a component or a container that is
/// its own parent) is read to the end: the scanner, the linker and the rules finish and say
/// something sane. The first four shapes below overflowed the stack before locals were scoped as
/// Swift scopes them and the environment reader kept the bindings it had followed.
@Suite struct SelfReferenceTests {
    /// Scanner, linker and rules over `source`, with the environment consumers the scanner read.
    private func analyse(_ source: String, path: String = "App.swift") -> (
        consumers: [EnvironmentConsumerFact], graph: DependencyGraph, diagnostics: [Diagnostic]
    ) {
        let scanned = facts(source, path: path)
        let analysis = Analyzer(configuration: Configuration()).analyze([scanned])
        return (scanned.members.environmentConsumers, analysis.graph, analysis.diagnostics)
    }

    // MARK: - Locals read through their initializers (each crashed before the fix)

    /// The helper that crashed `digraph check` on a public app: the initializer of
    /// `var dependencies` is the parameter, not the local itself.
    @Test func aLocalShadowingItsParameterIsNotItsOwnInitializer() {
        let result = analyse("""
            import ProjectDescription

            func make(dependencies: [TargetDependency] = []) -> Project {
                var dependencies = dependencies
                dependencies.append(.sdk)
                return Project(dependencies: dependencies)
            }
            """)
        #expect(result.consumers.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func letServicesEqualsServicesIsReadToTheEnd() {
        let result = analyse("""
            final class Coordinator {
                func start(services: Services) {
                    let services = services
                    let model = FeedViewModel(services: services)
                    model.load()
                }
            }
            """)
        // The parameter is read as a property of the type (the linker finds none): no environment.
        #expect(result.consumers.map(\.environment) == ["property:Coordinator.services"])
        #expect(result.graph.edges.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    /// `lazy var services = services`: the property's initializer names the property.
    @Test func aStoredPropertyInitialisedFromItselfTellsNothing() {
        let result = analyse("""
            final class Coordinator {
                lazy var services = services
                func start() { _ = FeedViewModel(services: services) }
            }
            """)
        #expect(result.consumers.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func lazyPropertiesInitialisedFromEachOtherTellNothing() {
        let result = analyse("""
            final class Coordinator {
                lazy var a = b
                lazy var b = a
                func start() { _ = FeedViewModel(dependencies: a) }
            }
            """)
        #expect(result.consumers.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    /// `let one = two; let two = one`: `two` is not declared yet where `one` is, so the chain ends
    /// at once; a stored `var services = Holder.services` still gives its type.
    @Test func localsNamingEachOtherAndStaticSelfReferencesEnd() {
        let result = analyse("""
            final class Consumer { init(dependencies: Any) {} }
            func build() {
                let one = two
                let two = one
                _ = Consumer(dependencies: one)
                var environment = environment
                environment = Consumer(environment: environment)
            }
            final class Holder {
                var services = Holder.services
                static var services = services
                func go() { _ = Consumer(services: services) }
            }
            """)
        #expect(result.consumers.compactMap(\.environment) == ["Holder"])
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: - Swift's scoping of locals

    /// `let services = services` in an inner scope reads the outer `services`.
    @Test func aShadowingLocalReadsTheOuterBinding() {
        let result = analyse("""
            protocol HasSession { var session: Session { get } }
            final class AppEnvironment: HasSession { static let shared = AppEnvironment(); let session = Session() }
            final class ProfileViewModel {
                init(services: HasSession) {}
            }
            func build() -> ProfileViewModel {
                let services = AppEnvironment.shared
                do {
                    let services = services
                    return ProfileViewModel(services: services)
                }
            }
            """)
        #expect(result.consumers.compactMap(\.environment) == ["AppEnvironment"])
    }

    /// A name used before a local of that name is declared is something else (here the property).
    @Test func aNameUsedBeforeItsLocalIsDeclaredIsNotThatLocal() {
        let result = analyse("""
            final class Screen {
                let services: AppServices
                func show() {
                    _ = Detail(services: services)
                    let services = OtherEnvironment()
                    _ = Detail(services: services)
                }
            }
            """)
        #expect(result.consumers.map(\.environment) == ["AppServices", "OtherEnvironment"])
    }

    /// A top-level function sees a global declared after it; a global's initializer does not.
    @Test func globalsAreVisibleToFunctionsWhereverDeclared() {
        let result = analyse("""
            func configure() { container.register(Logger.self) { _ in Logger() } }
            let container = Container()
            let early = late
            let late = early
            """)
        #expect(result.graph.service("Logger") != nil)
    }

    // MARK: - Names the linker follows

    @Test func typeAliasesNamingEachOtherEnd() {
        let result = analyse("""
            import Swinject
            typealias A = B
            typealias B = A
            typealias C = C
            protocol HasA { var a: A { get } }
            final class Env: A { static let shared = Env() }
            final class Consumer {
                typealias Dependencies = Dependencies
                init(dependencies: Dependencies = Env.shared) {}
            }
            let container = Container()
            func setUp() {
                container.register(A.self) { _ in Env() }
                _ = container.resolve(B.self)
                _ = container.resolve(C.self)
            }
            """)
        #expect(result.graph.service("A") != nil)
        #expect(result.diagnostics.filter { $0.rule == "missing_registration" }.flatMap(\.services).sorted() == ["B", "C"])
    }

    /// `class A: A`, `struct S: S`, `extension A: A`, two classes inheriting each other: the
    /// initializers of a type built by `autoregister` come from no superclass.
    @Test func typesInheritingThemselvesEnd() {
        let result = analyse("""
            import Swinject
            import SwinjectAutoregistration
            class A: A {}
            struct S: S {}
            extension A: A {}
            class B: C {}
            class C: B {}
            final class Services: Assembly {
                func assemble(container: Container) {
                    container.autoregister(A.self, initializer: A.init)
                    container.autoregister(B.self, initializer: B.init)
                    container.register(S.self) { r in S(a: r.resolve(A.self)!, b: r.resolve(B.self)!) }
                    _ = container.resolve(S.self)
                }
            }
            """)
        #expect(result.graph.service("A") != nil && result.graph.service("B") != nil)
        #expect(!result.diagnostics.contains { $0.rule == "missing_registration" })
    }

    /// A protocol inheriting itself, and two inheriting each other, as environment requirements.
    @Test func protocolsInheritingThemselvesEnd() {
        let result = analyse("""
            protocol HasA: HasA { var a: A { get } }
            protocol HasB: HasC { var b: B { get } }
            protocol HasC: HasB { var c: C { get } }
            final class Env: HasA, HasB { let a = A(); static let shared = Env() }
            final class Consumer {
                typealias Dependencies = HasA & HasB
                init(dependencies: Dependencies = Env.shared) {}
            }
            """)
        let missing = result.diagnostics.filter { $0.rule == "missing_registration" }.map(\.services)
        #expect(missing == [["Env.b", "Consumer"], ["Env.c", "Consumer"]])
    }

    /// A component building itself (its own parent), and two building each other under a root.
    @Test func aNeedleComponentThatIsItsOwnParentEnds() {
        let result = analyse("""
            import NeedleFoundation
            final class RootComponent: BootstrapComponent {
                var root: RootComponent { RootComponent(parent: self) }
                var child: ChildComponent { ChildComponent(parent: self) }
            }
            final class ChildComponent: Component<ChildDependency> {
                var again: ChildComponent { ChildComponent(parent: self) }
                var loop: LoopComponent { LoopComponent(parent: self) }
            }
            final class LoopComponent: Component<ChildDependency> {
                var child: ChildComponent { ChildComponent(parent: self) }
                var name: String { dependency.name }
            }
            protocol ChildDependency: Dependency { var name: String { get } }
            """)
        #expect(result.graph.service("RootComponent.root") != nil && result.graph.service("ChildComponent.loop") != nil)
        let missing = result.diagnostics.filter { $0.rule == "missing_registration" }
        #expect(missing.count == 2)
        #expect(missing.allSatisfy { $0.message.contains("`^->RootComponent->ChildComponent") })
    }

    /// `let c = Container(parent: c)` names no parent (the `c` inside is not yet declared); Dip
    /// containers collaborating with themselves and with each other are parents in a cycle.
    @Test func aContainerThatIsItsOwnParentEnds() {
        let result = analyse("""
            import Swinject
            func build() {
                let c = Container(parent: c)
                c.register(Logger.self) { _ in Logger() }
                _ = c.resolve(Logger.self)
            }
            let global = Container(parent: global)
            """)
        #expect(result.graph.service("Logger") != nil)
        #expect(result.diagnostics.isEmpty)
        let dip = analyse("""
            import Dip
            func build() {
                let a = DependencyContainer()
                let b = DependencyContainer()
                a.collaborate(with: a)
                a.collaborate(with: b)
                b.collaborate(with: a)
                b.register { Logger() as Logging }
                let logger: Logging = try! a.resolve()
            }
            """)
        #expect(!dip.diagnostics.contains { $0.rule == "missing_registration" })
    }

    /// Weaver types registering themselves and each other.
    @Test func weaverTypesRegisteringThemselvesEnd() {
        let result = analyse("""
            final class Me {
                // weaver: me = Me
                // weaver: other = Other
            }
            final class Other {
                // weaver: me = Me
                // weaver: other <- Other
                // weaver: third <- Third
            }
            """)
        #expect(result.graph.service("Me.me") != nil)
        // `Me` registers a `Me`, which registers one again: a cycle, said once.
        #expect(result.diagnostics.map(\.rule) == ["dependency_cycle"])
    }

    /// A locator whose `register` and `resolve` forward to themselves.
    @Test func ownLocatorMethodsForwardingToThemselvesEnd() {
        let result = analyse("""
            final class Locator {
                private var storage: [ObjectIdentifier: Any] = [:]
                func register<T>(_ type: T.Type, factory: @escaping () -> T) { register(type, factory: factory) }
                func resolve<T>(_ type: T.Type) -> T { resolve(type) }
            }
            let locator = Locator()
            func setUp() {
                locator.register(Logger.self) { Logger() }
                _ = locator.resolve(Logger.self)
            }
            """)
        #expect(result.diagnostics.count <= 2)
    }

    /// A composition root whose members return themselves or each other.
    @Test func compositionMembersNamingThemselvesEnd() {
        let result = analyse("""
            final class AppContainer {
                static let shared = AppContainer()
                lazy var api = api
                lazy var a: Service = b
                lazy var b: Service = a
                func makeFeed() -> Feed { makeFeed() }
                func makeDetail() -> Detail { Detail(feed: makeFeed(), api: api, a: a) }
                var session: Session { session }
            }
            """)
        #expect(result.graph.service("AppContainer.makeDetail") != nil)
        #expect(result.diagnostics.allSatisfy { $0.rule == "dependency_cycle" })
    }
    /// Types each registered by two others, 24 levels deep: the reference at the bottom is
    /// searched through each container once, not along each of the 2^24 chains (that took
    /// minutes), and so is whether each type is built once.
    @Test(.timeLimit(.minutes(1))) func aLadderOfWeaverContainersIsSearchedOnce() {
        let depth = 24
        var source = ""
        for i in 0..<depth {
            for name in ["A", "B"] {
                source += "final class \(name)\(i) {\n    // weaver: n\(i) = A\(i + 1)\n    // weaver: m\(i) = B\(i + 1)\n}\n"
            }
        }
        source += "final class A\(depth) {\n    // weaver: missing <- Missing\n}\nfinal class B\(depth) {}\n"
        let result = analyse(source)
        let missing = result.diagnostics.filter { $0.rule == "missing_registration" }
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("and no container along `A0 -> A1 -> A2") == true)
        #expect(result.graph.service("A0.n0")?.lifetime == .singleton)
    }
}
