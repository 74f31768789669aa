import DigraphCore
import Testing

@testable import DigraphRender

@Suite struct GraphDocumentTests {
    let document: GraphDocument

    init() throws {
        document = try GraphDocument(Fixtures.shop, options: RenderOptions(title: "Shop"))
    }

    func node(_ name: String) throws -> GraphDocument.Node {
        try #require(document.nodes.first { $0.name == name }, "no node \(name)")
    }

    func edges(_ from: String, _ to: String) -> [GraphDocument.Edge] {
        document.edges.filter { $0.from == from && $0.to == to }
    }

    @Test func everyServiceAndEveryMissingIDIsANode() {
        let names = document.nodes.map(\.name)
        #expect(names == Fixtures.shopGraph.services.map(\.id) + ["Database#analytics"])
        #expect(document.serviceCount == Fixtures.shopGraph.services.count)
        #expect(Set(document.nodes.map(\.elementID)).count == document.nodes.count)
    }

    @Test func shapeAndColourFollowTheLifetime() throws {
        #expect(try node("APIClient").shape == "box")
        #expect(try node("APIClient").classes.first == "singleton")
        #expect(try node("CartService").style == ["filled", "rounded"])
        #expect(try node("CheckoutService").style == ["filled", "diagonals"])
        #expect(try node("PaymentProcessor").shape == "note")
        #expect(try node("RequestLogging").shape == "ellipse")
        #expect(try node(Fixtures.awkward).style == ["filled", "dotted"])
        #expect(try node("APIClient").fill != node("CartService").fill)
    }

    @Test func theLabelShowsTheImplementationOnlyWhenItDiffers() throws {
        #expect(try node("APIClient").lines == ["APIClient", "HTTPAPIClient"])
        #expect(try node("CartService").lines == ["CartService"])
    }

    @Test func edgeKindsAreSolidDashedDotted() {
        #expect(edges("CheckoutService", "PaymentProcessor").map(\.kind) == [.eager])
        #expect(edges("PaymentProcessor", "CheckoutService").map(\.kind) == [.deferred])
        #expect(edges("ProductViewModel(String)", Fixtures.awkward).map(\.kind) == [.optional])
        #expect(GraphDocument.EdgeKind.allCases.map(\.lineStyle) == ["solid", "dashed", "dotted"])
    }

    @Test func cycleEdgesAreRedAndBold() throws {
        for (from, to) in [("CartService", "PricingService"), ("PricingService", "CartService")] {
            let edge = try #require(edges(from, to).first)
            #expect(edge.classes.contains("dependency_cycle"))
            #expect(edge.color == Style.error)
            #expect(edge.penWidth == Style.cyclePenWidth)
        }
        #expect(try node("CartService").classes.contains("dependency_cycle"))
        #expect(try !#require(edges("CheckoutService", "CartService").first).classes.contains("dependency_cycle"))
    }

    @Test func aMissingRegistrationIsARedDashedNode() throws {
        let missing = try node("Database#analytics")
        #expect(missing.missing)
        #expect(missing.style.contains("dashed"))
        #expect(missing.color == Style.error)
        #expect(missing.classes == ["missing", "missing_registration"])
        #expect(missing.lines == ["Database#analytics", "not registered"])
        let edge = try #require(edges("AnalyticsTracking", "Database#analytics").first)
        #expect(edge.classes.contains("missing_registration"))
    }

    @Test func aScopeMismatchEdgeIsOrangeWithBothLifetimesInItsTooltip() throws {
        let edge = try #require(edges("ImageLoading", "RequestLogging").first)
        #expect(edge.color == Style.orange)
        #expect(edge.classes.contains("scope_mismatch"))
        #expect(edge.tooltip.first?.hasPrefix("singleton → transient: ") == true)
    }

    @Test func aGodSingletonHasAThickBorderAndItsFanIn() throws {
        let logger = try node("Logger.shared")
        #expect(logger.penWidth == Style.godPenWidth)
        #expect(logger.lines.last == "fan-in 3")
        #expect(logger.classes.contains("god_singleton"))
    }

    @Test func otherFindingsColourTheBorderAndGoInTheTooltip() throws {
        let database = try node("Database#primary")
        #expect(database.color == Style.orange)
        #expect(database.classes.contains("duplicate_registration"))
        #expect(database.tooltip.contains { $0.contains("[duplicate_registration]") })
        // Notes do not colour anything.
        #expect(try node(Fixtures.awkward).color == Style.border)
    }

    @Test func withoutFindingsNothingIsRedButMissingIDsStayDashed() throws {
        let plain = try GraphDocument(Fixtures.shop, options: RenderOptions(showFindings: false))
        #expect(plain.edges.allSatisfy { $0.color == Style.edge })
        #expect(plain.nodes.filter { !$0.missing }.allSatisfy { $0.color == Style.border && $0.penWidth == nil })
        let missing = try #require(plain.nodes.first { $0.missing })
        #expect(missing.style.contains("dashed"))
        #expect(missing.color == Style.note)
        #expect(plain.legend?.findings == [])
    }

    @Test func parallelEdgesOfOneKindAreDrawnOnce() throws {
        var graph = Fixtures.shopGraph
        graph = DependencyGraph(
            services: graph.services,
            edges: graph.edges + [
                Edge(from: "ImageLoading", to: "APIClient", timing: .eager, via: .resolve, location: Fixtures.at("x.swift", 1)),
                Edge(from: "ImageLoading", to: "APIClient", timing: .deferred, via: .method, location: Fixtures.at("x.swift", 2)),
            ])
        let doc = try GraphDocument(Analysis(graph: graph, diagnostics: []))
        let drawn = doc.edges.filter { $0.from == "ImageLoading" && $0.to == "APIClient" }
        #expect(drawn.map(\.kind) == [.eager, .deferred])
        #expect(drawn.map(\.elementID) == ["edge-ImageLoading--APIClient", "edge-ImageLoading--APIClient--deferred"])
        #expect(drawn[0].tooltip.count == 3)
    }

    @Test func theTitleCountsWhatIsDrawn() {
        #expect(document.title == ["Shop", "13 services, 15 edges; 2 errors, 3 warnings, 1 note"])
    }

    @Test func theLegendListsOnlyWhatThePictureUses() throws {
        let legend = try #require(document.legend)
        #expect(legend.lifetimes == [.singleton, .scoped, .weak, .graph, .transient, .unknown])
        #expect(legend.edgeKinds == [.eager, .deferred, .optional])
        #expect(legend.findings == ["dependency_cycle", "missing_registration", "scope_mismatch", "god_singleton"])
    }

    @Test(arguments: [
        (Clustering.file, ["Sources/App/Network/NetworkAssembly.swift", "Sources/App/Services/ServicesAssembly.swift",
                           "Sources/App/ViewModels/ViewModelAssembly.swift", "Sources/Checkout/CheckoutAssembly.swift",
                           "Sources/Support/Logger.swift"]),
        (.module, ["App", "Checkout", "Support"]),
        (.container, ["CheckoutAssembly", "NetworkAssembly", "ServicesAssembly", "ViewModelAssembly"]),
        (.style, ["singleton", "swinject"]),
    ])
    func clustersGroupServices(clustering: Clustering, labels: [String]) throws {
        let doc = try GraphDocument(Fixtures.shop, options: RenderOptions(clustering: clustering))
        #expect(doc.clusters.map(\.label) == labels)
        #expect(doc.clusters.allSatisfy { $0.classes == ["cluster-\(clustering.rawValue)"] })
        // Missing ids belong to no cluster.
        #expect(doc.nodes.filter(\.missing).allSatisfy { $0.cluster == nil })
    }

    @Test func moduleNamesFollowSwiftPMsLayout() {
        #expect(GraphDocument.moduleName(ofFile: "Sources/App/Cart/Cart.swift") == "App")
        #expect(GraphDocument.moduleName(ofFile: "Packages/Core/Sources/Core/A.swift") == "Core")
        #expect(GraphDocument.moduleName(ofFile: "Examples/Shop/Sources/Assemblies/A.swift") == "Assemblies")
        #expect(GraphDocument.moduleName(ofFile: "App/Views/A.swift") == "Views")
        #expect(GraphDocument.moduleName(ofFile: "A.swift") == ".")
    }
}

@Suite struct FocusTests {
    let graph = Fixtures.shopGraph

    @Test func depthCountsEdgesInBothDirections() throws {
        let missing: Set<String> = ["Database#analytics"]
        #expect(try Focus.select(["CartService"], depth: 0, graph: graph, missing: missing) == ["CartService"])
        #expect(
            try Focus.select(["CartService"], depth: 1, graph: graph, missing: missing)
                == ["CartService", "PricingService", "Logger.shared", "CheckoutService", "ProductViewModel(String)"])
        let two = try Focus.select(["CartService"], depth: 2, graph: graph, missing: missing)
        #expect(two.isSuperset(of: ["Database#primary", "AnalyticsTracking", "PaymentProcessor", Fixtures.awkward]))
        #expect(!two.contains("Database#analytics"))
    }

    @Test func aTypeNameSelectsEveryRegistrationOfIt() throws {
        #expect(try Focus.select(["Database"], depth: 0, graph: graph) == ["Database#primary"])
    }

    @Test func aMissingIDCanBeFocused() throws {
        #expect(
            try Focus.select(["Database#analytics"], depth: 1, graph: graph, missing: ["Database#analytics"])
                == ["Database#analytics", "AnalyticsTracking"])
    }

    @Test func anUnknownNameSuggestsCloseOnes() {
        #expect(throws: RenderError.unknownService("CartServce", suggestions: ["CartService"])) {
            try Focus.select(["CartServce"], depth: 1, graph: graph)
        }
        #expect(throws: RenderError.unknownService("cartservice", suggestions: ["CartService"])) {
            try Focus.select(["cartservice"], depth: 1, graph: graph)
        }
        #expect(throws: RenderError.unknownService("Nothing", suggestions: [])) {
            try Focus.select(["Nothing"], depth: 1, graph: graph)
        }
        let error = RenderError.unknownService("Servce", suggestions: ["PricingService", "CartService"])
        #expect(error.description == "--focus: no service 'Servce'; did you mean 'PricingService', 'CartService'?")
    }

    @Test func suggestionsPreferContainmentThenDistance() {
        let candidates: Set<String> = ["Database", "Database#primary", "DataStore", "Logger.shared"]
        #expect(Focus.suggestions(for: "Databse", in: candidates) == ["Database"])
        #expect(Focus.suggestions(for: "Logger", in: candidates) == ["Logger.shared"])
        #expect(Focus.suggestions(for: "database", in: candidates).first == "Database")
    }

    @Test func aFocusedDocumentDrawsOnlyTheNeighbourhood() throws {
        let doc = try GraphDocument(Fixtures.shop, options: RenderOptions(focus: ["ImageLoading"], depth: 1))
        #expect(doc.nodes.map(\.name) == ["APIClient", "ImageLoading", "RequestLogging"])
        #expect(doc.edges.count == 2)
        #expect(doc.title.last == "focus: ImageLoading (depth 1)")
        #expect(doc.legend?.findings == ["scope_mismatch"])
        let focused = doc.nodes.filter(\.focused)
        #expect(focused.map(\.name) == ["ImageLoading"])
        #expect(focused.first?.classes.last == "focus")
    }
}
