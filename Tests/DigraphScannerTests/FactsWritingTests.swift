@testable import DigraphCache
import DigraphCore
import DigraphScanner
import Testing

/// The facts written field by field (``BinaryWritable``) must be the bytes `Codable` writes: the
/// cache decodes them through `Codable`.
@Suite struct FactsWritingTests {
    static let location = SourceLocation(file: "App/Sources/Feed.swift", line: 12, column: 5)

    /// Every field set, none empty or nil: a field added to a type and not to its writer changes
    /// the bytes here (``everySampleSetsEveryField`` keeps the samples whole).
    static var samples: [any BinaryWritable] {
        let parameter = ParameterFact(label: "api", type: "APIClient", hasDefault: true)
        let initializer = InitializerFact(parameters: [parameter], isFailable: true, isSynthesized: true, location: location)
        var type = TypeDeclFact(
            name: "Feed.Loader", kind: .class, inheritedTypes: ["Loading", "Sendable"],
            storedProperties: [PropertyFact(name: "client", type: "APIClient?", isStatic: true)],
            sharedMembers: [SharedMember(name: "shared", location: location, isAssigned: true, isComputedInstance: true, builds: "XcodesShell")], holdsWeakValueCache: true,
            initializers: [initializer], location: location)
        type.genericParameters = ["Element"]
        type.isFilePrivate = true
        type.staticFunctions = [StaticFunctionFact(name: "make", returnType: "T", metatypeLabel: "of")]
        let branch = ConditionalBranch(block: 1, clause: 2)
        var request = RequestFact(
            requester: .registration(3), registry: .resolver, type: .storedProperty(owner: "Feed", property: "api"),
            name: "main", argumentTypes: ["Int"], timing: .deferred, retained: true, via: .propertyWrapper, optional: true,
            location: location, conditions: [branch], nameKind: .constant, containerInstance: "local:c")
        request.collects = true
        request.passedTo = InitializerArgument(type: "Feed", labels: ["api", nil], index: 0)
        var registration = RegistrationFact(
            registry: .swinject, container: "main", serviceType: "Feed", name: "n", argumentTypes: ["Int"],
            lifetime: .weak, lifetimeDetail: "weak", lifetimeIsDefault: true, implementationTypes: ["FeedImpl"],
            forwardedTypes: ["Loading"], location: location, conditions: [branch], nameKind: .dynamic,
            containerInstance: "local:c", scope: "Feed.swift:10")
        registration.additionalInstances = [""]
        registration.testRun = "FeedTests"
        registration.assembly = "AppAssembly"
        registration.enclosingType = "AppAssembly"
        registration.forwardsTo = "LiveFeed"
        registration.buildsOwnProduct = true
        registration.factoryParameterTypes = ["_", "URL?"]
        registration.isPreferred = true
        var shape = LocatorCallShape(
            name: "get", labels: ["type", nil], metatypeArgument: 0, hasTrailingClosure: true, scope: "container",
            scopeParameter: "scope", argumentScopes: [ArgumentScope(label: "scope", scope: "weak")])
        shape.factoryArguments = 1
        let step = InitializerRequestFact.ArgumentStep(labels: ["b", nil], index: 1)
        return [
            location, parameter, initializer, PropertyFact(name: "client", type: "APIClient", isStatic: true),
            SharedMember(name: "shared", location: location, isAssigned: true, isComputedInstance: true, builds: "XcodesShell"), type, branch, request, registration, shape, step,
            StaticFunctionFact(name: "make", returnType: "T", metatypeLabel: "of"),
            RegisteringFunctionFact(name: "registerMocks", scope: "Feed.swift:10"),
            SetupCallFact(name: "registerMocks", isDesignTime: true, location: location),
            SharedAccessFact(
                requester: .type("Screen"), ownerType: "Logger", member: "shared", timing: .eager, retained: true,
                via: .sharedAccess, location: location),
            ProvisionalLocatorCallFact(
                shape: shape, kind: .request(request), fallbackRequester: .service("Container.feed"), isForceUnwrapped: true),
            ContainerParameterFact(key: "param:Setup|run|0", owner: "Setup", name: "run", parameters: [parameter], index: 0),
            ContainerArgumentFact(ownerHint: "Setup", name: "run", labels: ["container", nil], argument: 0, instance: "local:c"),
            InitializerRequestFact(
                type: "FeedImpl", labels: ["api", nil], parameters: .all(suppliedTypes: ["Int"]), template: request,
                through: [step], wantsElements: true),
            GenericConstructionFact.Argument(label: "scheduler", type: "RunLoop", typeMember: "main", implicitMember: "later"),
            GenericConstructionFact(
                type: "SearchViewModel", arguments: [GenericConstructionFact.Argument(label: nil, type: "RunLoop")],
                location: location),
        ]
    }

    /// Every case of the enums written field by field (a case is a container keyed by its name).
    static var enumSamples: [any BinaryWritable] {
        let request = RequestFact(
            requester: .root, registry: .factory, type: .named("Feed"), timing: .eager, retained: false, via: .resolve,
            optional: false, location: location)
        let requesters: [Requester] = [.registration(2), .type("Feed"), .root, .service("Container.api")]
        let types: [RequestedType] = [.named("Feed"), .storedProperty(owner: "Feed", property: "api")]
        let kinds: [ProvisionalLocatorCallFact.Kind] = [.registration(index: 1), .request(request), .knownRegistration(index: 0), .libraryShaped(index: 2)]
        let parameters: [InitializerRequestFact.Parameters] = [.argument(index: 2), .all(suppliedTypes: []), .all(suppliedTypes: ["Int"])]
        return requesters + types + kinds + parameters + [request]
    }

    /// Every type written field by field: its writer lists its stored properties, in order.
    static var everyWritable: [any BinaryWritable] {
        var facts = FileFacts(file: "App/Feed.swift")
        facts.syntaxError = location
        return samples + [facts, FileSummary(facts), MemberFacts(), NeedleFacts(), WeaverFacts(), CompositionFacts()]
    }

    @Test func eachWriterWritesEveryStoredPropertyInOrder() throws {
        for value in Self.everyWritable {
            let properties = Mirror(reflecting: value).children.compactMap(\.label)
            #expect(try BinaryCoding.fieldNames(of: value) == properties, "\(type(of: value))")
        }
    }

    @Test func everySampleSetsEveryField() {
        for sample in Self.samples {
            for child in Mirror(reflecting: sample).children {
                let value = child.value
                let isEmpty =
                    (value as? [Any])?.isEmpty == true || Mirror(reflecting: value).displayStyle == .optional
                    && Mirror(reflecting: value).children.isEmpty
                #expect(!isEmpty, "\(type(of: sample)).\(child.label ?? "?") is empty in the sample")
            }
        }
    }

    @Test func writtenAsCodableWritesThem() throws {
        for sample in Self.samples + Self.enumSamples {
            #expect(try BinaryCoding.encode(sample, usingWritables: true) == BinaryCoding.encode(sample, usingWritables: false))
        }
    }

    /// What the scanner makes of a file with every declaration shape: the same bytes both ways, and
    /// the facts read back equal.
    @Test func aScannedFileRoundTrips() throws {
        let source = """
            import Swinject

            final class Feed<Element>: Loading {
                static let shared = Feed()
                private weak var delegate: FeedDelegate?
                let client: APIClient
                var count = 0
                init?(client: APIClient = .live, _ count: Int) { self.client = client }
                convenience init() { self.init(client: .live, 0)! }
            }

            struct Settings { let store: Store; var flag: Bool = false }
            fileprivate enum Mode: String { case on, off = "OFF" }
            extension Feed: Sendable where Element: Sendable {}
            protocol Loading { func load() }
            let container = Container()
            container.register(Feed<Int>.self) { r in Feed(client: r.resolve(APIClient.self)!, 1)! }
            """
        let facts = SwiftFileScanner.scan(source: source, path: "App/Feed.swift")
        #expect(!facts.types.isEmpty && !facts.types.flatMap(\.initializers).isEmpty)
        let written = try BinaryCoding.encode(facts, usingWritables: true)
        #expect(written == (try BinaryCoding.encode(facts, usingWritables: false)))
        #expect(try BinaryCoding.decode(FileFacts.self, from: written) == facts)
    }
}
