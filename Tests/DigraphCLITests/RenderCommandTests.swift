import DigraphRender
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `digraph render` end to end: the built binary scans a project, draws it through Graphviz and
/// the SVG is read back as XML.
@Suite struct RenderCommandTests {
    /// A `<g>` of Graphviz's SVG: a node, an edge or a cluster.
    struct Group {
        var id: String
        var classes: Set<String>
        var title: String
    }

    static func groups(_ data: Data) throws -> [Group] {
        let root = try #require(try XMLDocument(data: data, options: []).rootElement())
        #expect(root.name == "svg")
        var groups: [Group] = []
        func attribute(_ name: String, _ element: XMLElement) -> String? {
            element.attributes?.first { $0.name == name }?.stringValue
        }
        func walk(_ element: XMLElement) {
            for child in element.children ?? [] {
                guard let child = child as? XMLElement else { continue }
                if child.name == "g", let id = attribute("id", child), let classes = attribute("class", child) {
                    let title = child.children?.first { $0.name == "title" }?.stringValue ?? ""
                    groups.append(Group(id: id, classes: Set(classes.split(separator: " ").map(String.init)), title: title))
                }
                walk(child)
            }
        }
        walk(root)
        return groups
    }

    /// Services (id -> lifetime) and edges (from, to) from `digraph report`.
    static func report(_ arguments: [String], in directory: URL = DigraphProcess.packageRoot) throws
        -> (services: [String: String], edges: [(String, String, Bool)])
    {
        let r = try DigraphProcess.run(["report"] + arguments, in: directory)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let services = (json["services"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0["lifetime"] as! String) }
        let edges = (json["edges"] as? [[String: Any]] ?? []).map {
            ($0["from"] as! String, $0["to"] as! String, ($0["missing"] as? Bool) ?? false)
        }
        return (Dictionary(uniqueKeysWithValues: services), edges)
    }

    @Test(arguments: ["SwinjectShop", "ServiceLocatorApp"])
    func everyServiceOfAnExampleIsANodeWithItsLifetime(example: String) throws {
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("\(example).svg").path
        let r = try DigraphProcess.run(["render", "Examples/\(example)", "--output", file])
        #expect(r.exitCode == 0, "render exits 0 whatever the findings: \(r.stderr)")
        #expect(r.stdout.isEmpty)
        let groups = try Self.groups(Data(contentsOf: URL(fileURLWithPath: file)))
        let nodes = Dictionary(groups.filter { $0.classes.contains("node") }.map { ($0.title, $0) }, uniquingKeysWith: { a, _ in a })
        let (services, edges) = try Self.report(["Examples/\(example)"])
        #expect(!services.isEmpty && !edges.isEmpty)
        for (id, lifetime) in services {
            let node = try #require(nodes[id], "no node titled \(id)")
            // A type that asks for services and that nothing asks for is a consumer, not a service.
            let asked = edges.contains { $0.1 == id }
            let asks = edges.contains { $0.0 == id }
            if lifetime == "transient" && !asked && asks {
                #expect(node.classes.contains("consumer"), "\(id) should be drawn as a consumer: \(node.classes)")
            } else {
                #expect(node.classes.contains(lifetime), "\(id) should be \(lifetime): \(node.classes)")
            }
        }
        for (from, to, missing) in edges {
            #expect(groups.contains { $0.classes.contains("edge") && $0.title == "\(from)->\(to)" }, "no edge \(from)->\(to)")
            if missing { #expect(nodes[to]?.classes.contains("missing") == true, "\(to) should be a missing node") }
        }
        #expect(Set(groups.map(\.id)).count == groups.count, "ids are unique")
    }

    @Test func swinjectShopsPlantedDefectsAreDrawn() throws {
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("shop.svg").path
        #expect(try DigraphProcess.run(["render", "Examples/SwinjectShop", "--output", file]).exitCode == 0)
        let groups = try Self.groups(Data(contentsOf: URL(fileURLWithPath: file)))
        func edge(_ title: String) -> Group? { groups.first { $0.classes.contains("edge") && $0.title == title } }
        #expect(edge("CartService->PricingService")?.classes.contains("dependency_cycle") == true)
        #expect(edge("PricingService->CartService")?.classes.contains("dependency_cycle") == true)
        let cycleEdges = groups.filter { $0.classes.contains("edge") && $0.classes.contains("dependency_cycle") }
        #expect(Set(cycleEdges.map(\.title)) == ["CartService->PricingService", "PricingService->CartService"])
        #expect(edge("ImageLoading->RequestLogging")?.classes.contains("scope_mismatch") == true)
        let missing = try #require(groups.first { $0.title == "Database#analytics" })
        #expect(missing.classes == ["node", "missing", "missing_registration"])
        #expect(groups.contains { $0.id == "legend" })

        let plain = out.url.appendingPathComponent("plain.svg").path
        #expect(try DigraphProcess.run(["render", "Examples/SwinjectShop", "--no-findings", "--output", plain]).exitCode == 0)
        let plainGroups = try Self.groups(Data(contentsOf: URL(fileURLWithPath: plain)))
        #expect(!plainGroups.contains { $0.classes.contains("dependency_cycle") || $0.classes.contains("scope_mismatch") })
    }

    @Test func theFormatFollowsTheExtensionUnlessGiven() throws {
        let out = try TemporaryProject()
        let dot = out.url.appendingPathComponent("shop.dot").path
        #expect(try DigraphProcess.run(["render", "Examples/SwinjectShop", "--output", dot]).exitCode == 0)
        #expect(try String(contentsOfFile: dot, encoding: .utf8).hasPrefix("digraph \"digraph\" {\n"))
        let txt = out.url.appendingPathComponent("shop.txt").path
        #expect(try DigraphProcess.run(["render", "Examples/SwinjectShop", "--format", "dot", "--output", txt]).exitCode == 0)
        #expect(try String(contentsOfFile: txt, encoding: .utf8) == String(contentsOfFile: dot, encoding: .utf8))
        // An extension that is no picture format is refused, not silently written as SVG.
        let unknown = out.url.appendingPathComponent("shop.picture").path
        #expect(try DigraphProcess.run(["render", "Examples/SwinjectShop", "--output", unknown]).exitCode == 2)
        #expect(!FileManager.default.fileExists(atPath: unknown))
        let bare = out.url.appendingPathComponent("shop").path
        #expect(try DigraphProcess.run(["render", "Examples/SwinjectShop", "--output", bare]).exitCode == 0)
        #expect(try String(contentsOfFile: bare, encoding: .utf8).contains("<svg"))
        let stdout = try DigraphProcess.run(["render", "Examples/SwinjectShop", "--format", "dot", "--output", "-"])
        #expect(stdout.exitCode == 0)
        #expect(stdout.stdout == (try String(contentsOfFile: dot, encoding: .utf8)))
    }

    static let formats = Set(GraphvizRenderer.availableFormats())
    static let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    /// PNG and PDF need Graphviz plugins a minimal install may lack: skipped (and said so) off CI
    /// when they are missing; CI installs them, so there they must work.
    @Test(.enabled(
        if: formats.isSuperset(of: ["png", "pdf"]) || inCI, "this Graphviz has no png or pdf plugin (CI requires both)"))
    func pngAndPDFAreBinary() throws {
        let out = try TemporaryProject()
        for (name, magic) in [("shop.png", [UInt8]([0x89, 0x50, 0x4E, 0x47])), ("shop.pdf", Array("%PDF".utf8))] {
            let file = out.url.appendingPathComponent(name).path
            let r = try DigraphProcess.run(["render", "Examples/SwinjectShop", "--output", file])
            #expect(r.exitCode == 0, "\(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).starts(with: magic))
        }
    }

    @Test func focusDrawsTheNeighbourhoodOnly() throws {
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("focus.svg").path
        let r = try DigraphProcess.run([
            "render", "Examples/SwinjectShop", "--focus", "ImageLoading", "--depth", "1", "--output", file,
        ])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let (_, edges) = try Self.report(["Examples/SwinjectShop"])
        var expected: Set<String> = ["ImageLoading"]
        for (from, to, _) in edges where from == "ImageLoading" || to == "ImageLoading" { expected.formUnion([from, to]) }
        #expect(expected.count > 2, "ImageLoading has neighbours in the example: \(expected)")
        let nodes = try Self.groups(Data(contentsOf: URL(fileURLWithPath: file))).filter {
            $0.classes.contains("node") && !$0.classes.contains("legend")
        }
        #expect(Set(nodes.map(\.title)) == expected)
    }

    @Test func anUnknownFocusIsExitTwoWithCloseNamesAndLeavesTheOutputAlone() throws {
        let out = try TemporaryProject(["old.svg": "previous picture"])
        let file = out.url.appendingPathComponent("old.svg").path
        let r = try DigraphProcess.run(["render", "Examples/SwinjectShop", "--focus", "CartServce", "--output", file])
        #expect(r.exitCode == 2)
        #expect(r.stderr == "digraph: error: --focus: no service 'CartServce'; did you mean 'CartService'?\n")
        #expect(try out.read("old.svg") == "previous picture")
    }

    @Test(arguments: [
        (["--format", "gif"], "unknown format 'gif'"),
        (["--format", "html"], "--format html contradicts --output /tmp/never.svg"),
        (["--layout", "twopi"], "unknown layout 'twopi'"),
        (["--cluster", "folder"], "unknown --cluster 'folder'"),
        (["--depth", "2"], "--depth needs --focus"),
    ])
    func badOptionsAreExitTwoWithOneLine(arguments: [String], message: String) throws {
        let r = try DigraphProcess.run(["render", "Examples/SwinjectShop", "--output", "/tmp/never.svg"] + arguments)
        #expect(r.exitCode == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func outputIsRequired() throws {
        let r = try DigraphProcess.run(["render", "Examples/SwinjectShop"])
        #expect(r.exitCode == 2)
        #expect(r.stderr.contains("--output"))
    }

    @Test func clustersAndDeterminism() throws {
        let out = try TemporaryProject()
        var renders: [Data] = []
        for i in 0..<2 {
            let file = out.url.appendingPathComponent("c\(i).svg").path
            let r = try DigraphProcess.run(["render", "Examples/SwinjectShop", "--cluster", "file", "--output", file, "--jobs", "\(i + 1)"])
            #expect(r.exitCode == 0, "\(r.stderr)")
            renders.append(try Data(contentsOf: URL(fileURLWithPath: file)))
        }
        #expect(renders[0] == renders[1])
        let clusters = try Self.groups(renders[0]).filter { $0.classes.contains("cluster") }
        #expect(clusters.count >= 4)
        #expect(clusters.allSatisfy { $0.classes.contains("cluster-file") })
    }

    /// The shape of Graphviz 2.42's double-free reproduction (150 services, a cluster of three,
    /// self-loops, two edges from most services) as Swift sources, rendered with clusters.
    @Test(arguments: ["file", "module"])
    func theDoubleFreeReproductionsShapeRendersFromSource(cluster: String) throws {
        let repro = try String(
            contentsOf: DigraphProcess.packageRoot.appendingPathComponent(
                "Tests/DigraphRenderTests/Golden/graphviz-2.42-double-free.dot"), encoding: .utf8)
        var targets: [Int: [Int]] = [:]
        let pattern = try NSRegularExpression(pattern: "n(\\d+) -> n(\\d+)")
        for match in pattern.matches(in: repro, range: NSRange(repro.startIndex..., in: repro)) {
            let from = Int((repro as NSString).substring(with: match.range(at: 1)))!
            let to = Int((repro as NSString).substring(with: match.range(at: 2)))!
            targets[from, default: []].append(to)
        }
        func registration(_ i: Int) -> String {
            let resolves = (targets[i] ?? []).map { "r.resolve(N\($0).self)!" }.joined(separator: ", ")
            return "        container.register(N\(i).self) { r in N\(i)Impl(\(resolves)) }"
        }
        func assembly(_ name: String, _ indices: [Int]) -> String {
            "final class \(name): Assembly {\n    func assemble(container: Container) {\n"
                + indices.map(registration).joined(separator: "\n") + "\n    }\n}\n"
        }
        let clustered = [1, 2, 3]
        let rest = (0..<150).filter { !clustered.contains($0) }
        let project = try TemporaryProject([
            "Sources/Cluster/ClusterAssembly.swift": assembly("ClusterAssembly", clustered),
            "Sources/Rest/RestAssembly.swift": assembly("RestAssembly", rest),
        ])
        let r = try DigraphProcess.run(["render", "Sources", "--cluster", cluster, "--output", "repro.svg"], in: project.url)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let groups = try Self.groups(Data(contentsOf: project.url.appendingPathComponent("repro.svg")))
        let titles = Set(groups.filter { $0.classes.contains("node") }.map(\.title))
        #expect(titles.isSuperset(of: (0..<150).map { "N\($0)" }))
        #expect(groups.filter { $0.classes.contains("cluster") }.count == 2)
    }
}
