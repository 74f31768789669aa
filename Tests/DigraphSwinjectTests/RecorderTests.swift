import DigraphRecorder
import Foundation
import Testing

/// A hand-written locator in the seed's shape, recording through `SnapshotRecorder`.
private final class MiniLocator {
    let recorder = SnapshotRecorder(framework: "ServiceLocator", captureSites: false)
    private var instances: [String: Any] = [:]
    private var factories: [String: () -> Any] = [:]

    func register<T>(instance: T, forMetaType: T.Type) {
        recorder.registered(T.self, lifetime: .singleton, lifetimeDetail: "instance", origin: .instance)
        instances["\(T.self)"] = instance
    }

    func register<T>(factory: @escaping (MiniLocator) -> T, forMetaType: T.Type) {
        recorder.registered(T.self, lifetime: .weak, lifetimeDetail: "factory (weakly cached)")
        factories["\(T.self)"] = { self.recorder.building(T.self) { factory(self) } }
    }

    func resolve<T>(_: T.Type) -> T? {
        let found = (instances["\(T.self)"] ?? factories["\(T.self)"]?()) as? T
        recorder.resolved(T.self, found: found != nil, optional: true)
        return found
    }
}

private protocol Clock {}
private struct SystemClock: Clock {}
private protocol Greeter {}
private struct EnglishGreeter: Greeter { let clock: Clock }
private protocol Tracker {}

@Suite("SnapshotRecorder")
struct RecorderTests {
    @Test func recordsRegistrationsEdgesAndRootRequests() throws {
        let locator = MiniLocator()
        locator.register(instance: SystemClock() as Clock, forMetaType: Clock.self)
        locator.register(factory: { l in EnglishGreeter(clock: l.resolve(Clock.self)!) as Greeter }, forMetaType: Greeter.self)
        _ = locator.resolve(Greeter.self)
        _ = locator.resolve(Greeter.self)
        _ = locator.resolve(Tracker.self)

        let snapshot = locator.recorder.snapshot(capturedAt: nil)
        #expect(snapshot.generator.framework == "ServiceLocator" && snapshot.generator.name == "DigraphRecorder")
        #expect(snapshot.services.map(\.id) == ["Clock", "Greeter"])
        #expect(snapshot.services[0].lifetime == .singleton && snapshot.services[0].origin == .instance)
        #expect(snapshot.services[1].lifetime == .weak && snapshot.services[1].implementation == ["EnglishGreeter"])
        #expect(snapshot.services[1].probe?.status == .ok)
        let edges = snapshot.edges.map { "\($0.from) -> \($0.to) \($0.status!.rawValue) x\($0.count!)" }
        #expect(edges == [
            "Greeter -> Clock resolved x2", "(root) -> Greeter resolved x2", "(root) -> Tracker missing x1",
        ])
        #expect(snapshot.edges.allSatisfy { $0.kind == .optionalResolve && $0.timing == .eager })
    }

    @Test func duplicateRegistrationsAreNoted() {
        let recorder = SnapshotRecorder(captureSites: false)
        recorder.registered(Clock.self, lifetime: .singleton)
        recorder.registered(Clock.self, lifetime: .singleton)
        let snapshot = recorder.snapshot(capturedAt: nil)
        #expect(snapshot.services.count == 1)
        #expect(snapshot.diagnostics.map(\.code) == ["duplicate_registration"])
    }

    @Test func autosavesWhenAResolveFails() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-rec-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = SnapshotRecorder(captureSites: false)
        recorder.autosaveURL = url
        recorder.registered(Clock.self, lifetime: .singleton)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        recorder.resolved(Tracker.self, found: false)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"to\": \"Tracker\""))
        #expect(text.contains("\"schema\": \"digraph-snapshot/1\""))
    }

    @Test func explicitSitesAreRelativeToTheSnapshotsFolderWhenUnderIt() throws {
        let recorder = SnapshotRecorder(captureSites: false)
        recorder.registered(Clock.self, lifetime: .singleton, file: "/work/app/Sources/DI.swift", line: 7)
        recorder.registered(Greeter.self, lifetime: .graph, file: "/elsewhere/G.swift", line: 3)
        let snapshot = recorder.snapshot(capturedAt: nil).relativizingSites(to: "/work/app")
        #expect(snapshot.services.map { $0.site?.file } == ["Sources/DI.swift", "/elsewhere/G.swift"])
    }
}

@Suite("Type names")
struct TypeNameTests {
    struct Inner {}
    enum Kind { case a }

    @Test func dropModulesAndWriteSugar() {
        #expect(TypeNames.name(of: Int.self) == "Int")
        #expect(TypeNames.name(of: Optional<String>.self) == "String?")
        #expect(TypeNames.name(of: [String].self) == "[String]")
        #expect(TypeNames.name(of: [String: [Int]].self) == "[String:[Int]]")
        #expect(TypeNames.name(of: TypeNameTests.Inner.self) == "TypeNameTests.Inner")
        #expect(TypeNames.name(of: Result<Int, any Error>.self) == "Result<Int,Error>")
        #expect(TypeNames.name(of: ((Int) -> String).self) == "(Int)->String")
        #expect(TypeNames.name(of: Int.self, qualified: true) == "Swift.Int")
        #expect(TypeNames.display(reflected: "App.(unknown context at $55d0).Local") == "Local")
        #expect(TypeNames.display(reflected: "App.P & App.Q") == "P&Q")
        #expect(TypeNames.display(reflected: "Swift.Optional<App.P & App.Q>") == "(P&Q)?")
    }

    @Test func tupleElements() {
        #expect(TypeNames.tupleElements(reflected: "(Swinject.Resolver, Swift.String, Swift.Array<(Swift.Int, Swift.Int)>)")
            == ["Swinject.Resolver", "Swift.String", "Swift.Array<(Swift.Int, Swift.Int)>"])
        #expect(TypeNames.tupleElements(reflected: "Swinject.Resolver") == nil)
    }
}
