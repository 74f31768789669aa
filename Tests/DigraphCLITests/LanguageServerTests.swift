import Foundation
import Testing

/// `digraph lsp` end to end: a scripted client drives the built binary over pipes, as an editor
/// does, on a small Swinject package with a planted cycle and a planted missing registration.
@Suite(.serialized) struct LanguageServerTests {
    static let path = "Sources/Shop/ShopAssembly.swift"

    /// Two planted defects: the cart and pricing services need each other while being built, and
    /// the start function resolves a logger nothing registers.
    static let broken = """
        import Swinject

        final class ShopAssembly: Assembly {
            func assemble(container: Container) {
                container.register(CartService.self) { r in
                    CartService(pricing: r.resolve(PricingService.self)!)
                }.inObjectScope(.container)
                container.register(PricingService.self) { r in
                    PricingService(cart: r.resolve(CartService.self)!)
                }.inObjectScope(.container)
            }
        }

        func start(container: Container) {
            _ = container.resolve(CartService.self)!
            _ = container.resolve(Logger.self)!
        }

        """

    static let cycleLine = "            PricingService(cart: r.resolve(CartService.self)!)"
    static let missingLine = "    _ = container.resolve(Logger.self)!"

    static func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    static func project(_ assembly: String) throws -> TemporaryProject {
        try TemporaryProject([
            "Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(name: "Shop", targets: [.target(name: "Shop")])

            """,
            path: assembly,
        ])
    }

    static func initialize(_ client: LSPClient, root: URL, watch: Bool = true) throws -> [String: Any] {
        let response = try client.request(
            "initialize",
            [
                "processId": NSNull(), "rootUri": root.absoluteString,
                "capabilities": [
                    "general": ["positionEncodings": ["utf-16"]],
                    "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": watch]],
                ],
            ])
        try client.notify("initialized")
        return response
    }

    static func rules(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.compactMap { $0["code"] as? String }.sorted()
    }

    static func position(of needle: String, in text: String) throws -> [String: Int] {
        for (i, line) in lines(text).enumerated() {
            if let range = line.range(of: needle) {
                return ["line": i, "character": line.utf16.distance(from: line.startIndex, to: range.lowerBound)]
            }
        }
        throw LSPClient.Failure(description: "no \(needle) in the text")
    }

    @Test func diagnosticsFollowEditsAndHoverAndDefinitionAnswer() throws {
        // On disk: neither defect. The editor's unsaved text has both.
        var fixed = Self.broken.replacingOccurrences(of: Self.cycleLine, with: "            PricingService()")
        fixed = fixed.replacingOccurrences(of: Self.missingLine + "\n", with: "")
        let project = try Self.project(fixed)
        let root = project.url.standardizedFileURL
        let uri = root.appendingPathComponent(Self.path).absoluteString
        let client = try LSPClient(in: root)

        let initialized = try Self.initialize(client, root: root)
        let capabilities = try #require((initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        #expect(capabilities["hoverProvider"] as? Bool == true)
        #expect(capabilities["definitionProvider"] as? Bool == true)
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
        // Watched files are registered with the client, which said it can.
        try client.waitFor("client/registerCapability") { ($0["method"] as? String) == "client/registerCapability" }
        let first = try client.analysisLog(from: 0)
        #expect(first.contains("0 errors"), "\(first)")

        // Open: the unsaved text is analysed, both defects appear.
        var mark = client.messages.count
        try client.notify(
            "textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": Self.broken]])
        let opened = try client.diagnostics(for: uri, from: mark)
        #expect(Self.rules(opened) == ["dependency_cycle", "missing_registration"])
        let cycle = try #require(opened.first { $0["code"] as? String == "dependency_cycle" })
        #expect(cycle["severity"] as? Int == 1)
        #expect(cycle["source"] as? String == "digraph")
        #expect((cycle["codeDescription"] as? [String: Any])?["href"] as? String
            == "https://github.com/digraph-tool/digraph/blob/main/docs/rules.md#dependency_cycle")
        #expect((cycle["message"] as? String)?.hasPrefix("dependency cycle: `CartService` -> `PricingService` -> `CartService`") == true)
        // Each hop of the cycle is related information at its resolve.
        let hops = try #require(cycle["relatedInformation"] as? [[String: Any]])
        #expect(hops.count == 2)
        let hopLines = hops.compactMap { (($0["location"] as? [String: Any])?["range"] as? [String: Any])?["start"] as? [String: Any] }
            .compactMap { $0["line"] as? Int }.sorted()
        #expect(hopLines == [5, 8], "the two resolves of the cycle, 0-based lines")
        #expect(hops.allSatisfy { (($0["location"] as? [String: Any])?["uri"] as? String) == uri })
        let missing = try #require(opened.first { $0["code"] as? String == "missing_registration" })
        let missingRange = try #require(missing["range"] as? [String: Any])
        #expect((missingRange["start"] as? [String: Any])?["line"] as? Int == 15)
        #expect((missingRange["start"] as? [String: Any])?["character"] as? Int == 8)
        #expect((missingRange["end"] as? [String: Any])?["character"] as? Int == 8 + "container.resolve(Logger.self)".count)

        // Hover on the resolve of PricingService: the service, its lifetime, its dependents.
        let hover = try client.request(
            "textDocument/hover",
            ["textDocument": ["uri": uri], "position": try Self.position(of: "PricingService.self)!)", in: Self.broken)])
        let contents = try #require(((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(contents.contains("resolves **`PricingService`**"), "\(contents)")
        #expect(contents.contains("singleton"), "\(contents)")
        #expect(contents.contains("**1 dependent**"), "\(contents)")
        // Hover on a registration.
        let registration = try client.request(
            "textDocument/hover",
            ["textDocument": ["uri": uri], "position": try Self.position(of: "register(CartService", in: Self.broken)])
        let registered = try #require(((registration["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(registered.hasPrefix("**`CartService`** · singleton"), "\(registered)")
        #expect(registered.contains("**1 dependent**"), "PricingService: \(registered)")
        #expect(registered.contains("resolved once by top-level code"), "the start function: \(registered)")

        // Definition: from the resolve to the registration.
        let definition = try client.request(
            "textDocument/definition",
            ["textDocument": ["uri": uri], "position": try Self.position(of: "PricingService.self)!)", in: Self.broken)])
        let targets = try #require(definition["result"] as? [[String: Any]])
        #expect(targets.count == 1)
        #expect(targets.first?["uri"] as? String == uri)
        #expect(((targets.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 7)
        // Nothing to hover on a blank line.
        let blank = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 12, "character": 0]])
        #expect(blank["result"] is NSNull)

        // An incremental edit that fixes the cycle: only the missing registration is left.
        mark = client.messages.count
        let line = Self.lines(Self.broken).firstIndex(of: Self.cycleLine)!
        try client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": line, "character": 12],
                            "end": ["line": line, "character": Self.cycleLine.utf16.count],
                        ],
                        "text": "PricingService()",
                    ]
                ],
            ])
        let changed = try client.diagnostics(for: uri, from: mark)
        #expect(Self.rules(changed) == ["missing_registration"])
        // The other fixed too: the list is cleared.
        mark = client.messages.count
        let withoutCycle = Self.broken.replacingOccurrences(of: Self.cycleLine, with: "            PricingService()")
        try client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 3],
                "contentChanges": [["text": withoutCycle.replacingOccurrences(of: Self.missingLine + "\n", with: "")]],
            ])
        #expect(try client.diagnostics(for: uri, from: mark).isEmpty)

        // Saved with the defects back: analysed on save.
        mark = client.messages.count
        try client.notify("textDocument/didSave", ["textDocument": ["uri": uri], "text": Self.broken])
        #expect(Self.rules(try client.diagnostics(for: uri, from: mark)) == ["dependency_cycle", "missing_registration"])

        // Closed without saving to disk: the file on disk (no defect) is what counts again.
        mark = client.messages.count
        try client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        #expect(try client.diagnostics(for: uri, from: mark).isEmpty)

        // Changed on disk, not open: a watched-file event brings the findings back.
        try project.write(Self.path, Self.broken)
        mark = client.messages.count
        try client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri, "type": 2]]])
        #expect(Self.rules(try client.diagnostics(for: uri, from: mark)) == ["dependency_cycle", "missing_registration"])

        // Shut down, then exit: status 0; nothing but protocol on stdout.
        let shutdown = try client.request("shutdown")
        #expect(shutdown["result"] is NSNull)
        try client.notify("exit")
        #expect(client.finish() == 0)
        #expect(client.stray.isEmpty, "stdout carried something that is not a frame: \(client.stray)")
    }

    @Test func malformedInputIsAnsweredWithErrorsAndTheServerKeepsRunning() throws {
        let project = try Self.project(Self.broken)
        let root = project.url.standardizedFileURL
        let uri = root.appendingPathComponent(Self.path).absoluteString
        let client = try LSPClient(in: root)

        // Before initialize: a request is refused, a notification ignored.
        let early = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]])
        #expect((early["error"] as? [String: Any])?["code"] as? Int == -32002)
        try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "text": "", "version": 1]])
        _ = try Self.initialize(client, root: root, watch: false)
        let diagnostics = try client.diagnostics(for: uri, from: 0)
        #expect(Self.rules(diagnostics) == ["dependency_cycle", "missing_registration"])

        func error(after mark: Int) throws -> (Any?, Int?, String) {
            let message = try client.waitFor(from: mark, "an error answer") { $0["error"] != nil }
            let error = message["error"] as? [String: Any]
            return (message["id"], error?["code"] as? Int, error?["message"] as? String ?? "")
        }

        // A body that is not JSON.
        var mark = client.messages.count
        client.writeFrame(Data("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ".utf8))
        var (id, code, message) = try error(after: mark)
        #expect(code == -32700)
        #expect(id is NSNull)
        #expect(message.hasPrefix("parse error"))

        // A header without Content-Length, then a good message: the bad one is reported, the
        // good one answered.
        mark = client.messages.count
        client.writeRaw(Data("Content-Type: application/json\r\n\r\n{}".utf8))
        let hoverParams: [String: Any] = [
            "textDocument": ["uri": uri], "position": try Self.position(of: "PricingService.self)!)", in: Self.broken),
        ]
        let afterGarbage = try client.request("textDocument/hover", hoverParams)
        #expect(afterGarbage["result"] is [String: Any])
        (id, code, message) = try error(after: mark)
        #expect(code == -32700)
        #expect(message.contains("no Content-Length header"), "\(message)")

        // Not an object; no jsonrpc version; a method that is no string; an unknown method; bad params.
        let cases: [(String, Int, String)] = [
            ("[1, 2, 3]", -32600, "a message is a JSON object"),
            ("{\"id\": 7, \"method\": \"shutdown\"}", -32600, "\"jsonrpc\" must be \"2.0\""),
            ("{\"jsonrpc\": \"2.0\", \"id\": 8, \"method\": 42}", -32600, "method must be a string"),
            ("{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"textDocument/formatting\", \"params\": {}}", -32601, "method not found"),
            ("{\"jsonrpc\": \"2.0\", \"id\": 10, \"method\": \"textDocument/hover\", \"params\": {\"textDocument\": 3}}", -32602, "textDocument must be an object"),
            ("{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"shutdown\"}", -32600, "id must be a number or a string"),
            (String(repeating: "[", count: 5000), -32700, "nested more than"),
        ]
        for (body, expectedCode, expectedMessage) in cases {
            mark = client.messages.count
            client.writeFrame(Data(body.utf8))
            (_, code, message) = try error(after: mark)
            #expect(code == expectedCode, "\(body.prefix(60)): \(message)")
            #expect(message.contains(expectedMessage), "\(body.prefix(60)): \(message)")
        }
        // A second initialize is refused.
        let again = try client.request("initialize", ["rootUri": root.absoluteString, "capabilities": [:] as [String: Any]])
        #expect((again["error"] as? [String: Any])?["code"] as? Int == -32600)
        // A notification with bad params is logged, not answered, and does not stop anything.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": uri], "contentChanges": "everything"])

        // Still serving.
        let hover = try client.request("textDocument/hover", hoverParams)
        #expect((((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)?.contains("PricingService") == true)

        // Exit without shutdown: status 1. After shutdown, requests are refused.
        let shutdown = try client.request("shutdown")
        #expect(shutdown["result"] is NSNull)
        let late = try client.request("textDocument/hover", hoverParams)
        #expect((late["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect(client.finish() == 0, "the end of input after shutdown is a clean end")
        #expect(client.stray.isEmpty, "\(client.stray)")
    }

    /// On an example: every file with findings gets them without being opened, and a near miss
    /// is related information at the registration it nearly matches.
    @Test func anExampleWorkspaceGetsEveryFindingWithItsNearMiss() throws {
        let root = DigraphProcess.packageRoot.appendingPathComponent("Examples/SwinjectShop").standardizedFileURL
        let client = try LSPClient(in: root)
        _ = try Self.initialize(client, root: root, watch: false)
        let services = root.appendingPathComponent("Sources/Assemblies/ServicesAssembly.swift").absoluteString
        let diagnostics = try client.diagnostics(for: services, from: 0)
        let missing = try #require(diagnostics.first { $0["code"] as? String == "missing_registration" })
        #expect((missing["message"] as? String)?.contains("near miss: `Database#primary`") == true)
        let related = try #require((missing["relatedInformation"] as? [[String: Any]])?.first)
        #expect(related["message"] as? String == "`Database#primary` is registered here")
        let location = try #require(related["location"] as? [String: Any])
        #expect(location["uri"] as? String == services)
        let start = (location["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["line"] as? Int == 5 && start?["character"] as? Int == 8, "ServicesAssembly.swift:6:9")
        let checkout = root.appendingPathComponent("Sources/Assemblies/CheckoutAssembly.swift").absoluteString
        #expect(Self.rules(try client.diagnostics(for: checkout, from: 0)) == ["dependency_cycle"])
        let network = root.appendingPathComponent("Sources/Assemblies/NetworkAssembly.swift").absoluteString
        let mismatch = try client.diagnostics(for: network, from: 0)
        #expect(Self.rules(mismatch) == ["scope_mismatch"])
        #expect(mismatch.first?["severity"] as? Int == 2)
        _ = try client.request("shutdown")
        try client.notify("exit")
        #expect(client.finish() == 0)
    }

    @Test func exitWithoutShutdownIsStatusOne() throws {
        let project = try Self.project(Self.broken)
        let client = try LSPClient(in: project.url)
        _ = try Self.initialize(client, root: project.url.standardizedFileURL, watch: false)
        try client.notify("exit")
        #expect(client.finish() == 1)
    }
}
