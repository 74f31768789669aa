import DigraphRender
import Foundation
import Testing

/// `digraph render --format html` end to end: the page the built binary writes, loaded from disk
/// in a real headless Chromium (driven over the DevTools protocol), searched, clicked and read
/// back from its DOM. Chromium-less machines skip these (and say so); CI installs Chromium, so
/// there they must run.
@Suite(.serialized) struct HTMLExplorerTests {
    static let browser = HeadlessChromium.isAvailable || HeadlessChromium.inCI

    /// `render` to an HTML file in `directory`.
    static func render(_ arguments: [String], in directory: URL = DigraphProcess.packageRoot, to file: URL) throws -> String {
        let r = try DigraphProcess.run(["render"] + arguments + ["--output", file.path], in: directory)
        #expect(r.exitCode == 0, "\(r.stderr)")
        return r.stderr
    }

    /// Node titles of an SVG `render` writes (the legend left out).
    static func svgNodes(_ arguments: [String]) throws -> Set<String> {
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("focus.svg")
        _ = try render(arguments, to: file)
        let groups = try RenderCommandTests.groups(Data(contentsOf: file))
        return Set(groups.filter { $0.classes.contains("node") && !$0.classes.contains("legend") }.map(\.title))
    }

    /// The data block of a page, parsed.
    static func data(_ page: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"digraph-data\">"
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Nothing was asked of the network: the page itself, and on a big graph the bitmap of its own
    /// picture (a `data:` URL it makes; see the script).
    static func onlyLocal(_ urls: [String], _ file: URL) -> Bool {
        urls.allSatisfy { $0 == file.absoluteString || $0.hasPrefix("data:image/svg+xml") }
            && urls.contains(file.absoluteString)
    }

    /// Clicks the finding whose text mentions `rule` in the findings panel.
    static func clickFinding(_ rule: String, on page: HeadlessChromium.Page) throws {
        let index = try page.string(
            "[...document.querySelectorAll('#findings li[data-finding]')].find(li => li.textContent.includes('\(rule)'))?.dataset.finding ?? ''")
        #expect(!index.isEmpty, "no \(rule) finding in the panel")
        try page.click("#findings li[data-finding='\(index)']")
    }

    /// Whether an SVG group is drawn: not `display: none` (a filter), not under the picture the
    /// focus overlay replaces (`content-visibility: hidden`). Dimmed counts as drawn.
    static let drawn = "(g => g.getClientRects().length > 0 && g.checkVisibility())"

    /// Services drawn, by title.
    static let visibleNodes = "[...document.querySelectorAll('#stage g.node')].filter(\(drawn)).map(g => g.querySelector('title').textContent)"

    static let evilIDs = [
        "Evil#<script>window.__digraphPwned = 1</script>",
        "Evil#\"><img src=x onerror=\"window.__digraphPwned = 2\">",
        "Evil#</script><script>window.__digraphPwned = 3</script>",
        "Evil#&lt;b&gt; -- \u{2028} ]]> <!-- x",
    ]

    static func evilSnapshot() throws -> Data {
        let services: [[String: Any]] =
            evilIDs.map { ["id": $0, "type": "Evil", "name": String($0.dropFirst(5)), "lifetime": "singleton"] }
            + [["id": "Victim", "type": "Victim", "lifetime": "transient"]]
        let edges: [[String: Any]] = evilIDs.map { ["from": "Victim", "to": $0, "timing": "eager"] }
        let snapshot: [String: Any] = [
            "schema": "digraph-snapshot/1", "generator": ["name": "test", "framework": "Swinject", "source": "runtime-probe"],
            "services": services, "edges": edges,
        ]
        return try JSONSerialization.data(withJSONObject: snapshot, options: [.sortedKeys])
    }

    // MARK: Without a browser

    @Test func thePageIsSelfContainedAndCarriesItsDataEscaped() throws {
        let out = try TemporaryProject()
        try out.write("evil.json", try Self.evilSnapshot())
        let file = out.url.appendingPathComponent("evil.html")
        _ = try Self.render(["--snapshot", "evil.json"], in: out.url, to: file)
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        // Nothing to fetch: no external script, style sheet, image or link, and the only URL is
        // the SVG namespace.
        for needle in [" src=\"", " href=\"", "xlink:href", "<link", "<img", "<iframe", "url(", "@import", "https://"] {
            #expect(!page.contains(needle), "the page contains \(needle)")
        }
        #expect(page.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/") })
        #expect(page.components(separatedBy: "<script").count - 1 == 2, "the data block and the script")
        #expect(page.components(separatedBy: "<svg").count - 1 == 1 + page.components(separatedBy: "class=\"sample\"").count - 1)
        // The ids never appear as markup; the data block round-trips them exactly.
        for id in Self.evilIDs {
            #expect(!page.contains(id), "\(id) appears raw in the page")
        }
        let data = try Self.data(page)
        let ids = (data["nodes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(Set(ids) == Set(Self.evilIDs + ["Victim"]))
    }

    @Test func htmlIsWrittenForTheExtensionOrTheFormat() throws {
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("shop.html")
        let stderr = try Self.render(["Examples/SwinjectShop"], to: file)
        #expect(stderr.contains("shop.html: "), "\(stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let r = try DigraphProcess.run(["render", "Examples/SwinjectShop", "--format", "html", "--output", "-"])
        #expect(r.exitCode == 0)
        #expect(r.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(r.stdout.hasSuffix("</html>\n"))
    }

    // MARK: In Chromium

    /// Every example loads without an error and without a request; its services and edges are in
    /// the page, and each finding, clicked in the panel, highlights exactly its drawn services.
    @Test(.enabled(if: browser, "no chromium on the PATH (apt-get install chromium; CI installs it)"))
    func everyExampleLoadsAndEveryFindingHighlightsItsServices() throws {
        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let out = try TemporaryProject()
        let examples = [
            "SwinjectShop", "ServiceLocatorApp", "WidgetApp", "ResolverWallet", "AutoregistrationCoordinators",
            "RouterLocatorApp", "DipStarships", "TranquillityReader", "FactoryShop", "DependenciesApp", "KeyPathContainerApp",
        ]
        for example in examples {
            let file = out.url.appendingPathComponent("\(example).html")
            _ = try Self.render(["Examples/\(example)"], to: file)
            let data = try Self.data(try String(contentsOf: file, encoding: .utf8))
            let nodes = data["nodes"] as? [[String: Any]] ?? []
            let findings = data["findings"] as? [[String: Any]] ?? []
            let page = try chromium.open(file)
            defer { page.close() }
            #expect(page.errors.isEmpty, "\(example): \(page.errors)")
            #expect(Self.onlyLocal(page.requestedURLs, file), "\(example): \(page.requestedURLs)")
            #expect(try page.number("document.querySelectorAll('#stage g.node').length") == Double(nodes.count), "\(example)")
            #expect(
                try page.number("document.querySelectorAll('#findings li[data-finding]').length") == Double(findings.count),
                "\(example)")
            for (j, finding) in findings.enumerated() {
                try page.click("#findings li[data-finding='\(j)']")
                let highlighted = try page.strings("[...document.querySelectorAll('g.node.hl > title')].map(t => t.textContent)")
                let expected = (finding["services"] as? [Int] ?? []).map { nodes[$0]["id"] as! String }
                #expect(Set(highlighted) == Set(expected), "\(example): \(finding["message"] ?? "")")
                #expect(try page.string("document.body.dataset.finding") == String(j))
            }
        }
    }

    /// Search, suggestions, focus by depth, details, filters, the cycle's highlight and a
    /// screenshot, on SwinjectShop.
    @Test(.enabled(if: browser, "no chromium on the PATH (apt-get install chromium; CI installs it)"))
    func searchFocusDetailsFiltersAndFindingsOnSwinjectShop() throws {
        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("shop.html")
        _ = try Self.render(["Examples/SwinjectShop"], to: file)
        let page = try chromium.open(file)

        // Search: typing part of a name suggests it; clicking the suggestion focuses it.
        try page.evaluate("document.querySelector('#search').focus()")
        try page.type("cartserv")
        try page.waitUntil("!document.querySelector('#suggestions').hidden")
        let suggestions = try page.strings("[...document.querySelectorAll('#suggestions li .id')].map(s => s.textContent)")
        #expect(suggestions.first == "CartService", "\(suggestions)")
        try page.click("#suggestions li")
        #expect(try page.string("document.body.dataset.focus") == "CartService")
        #expect(try page.string("document.querySelector('#details-title').textContent") == "CartService")

        // Focus to depth 1, then 2: the same services as `render --focus --depth`.
        let focused = "[...document.querySelectorAll('g.node.in-focus > title')].map(t => t.textContent)"
        #expect(Set(try page.strings(focused)) == (try Self.svgNodes(["Examples/SwinjectShop", "--focus", "CartService", "--depth", "1"])))
        try page.evaluate("(() => { const d = document.querySelector('#depth'); d.value = '2'; d.dispatchEvent(new Event('change')); })()")
        let depthTwo = try Self.svgNodes(["Examples/SwinjectShop", "--focus", "CartService", "--depth", "2"])
        #expect(Set(try page.strings(focused)) == depthTwo)
        #expect(depthTwo.count > 3)
        // Edges are in focus when both ends are.
        let edges = try page.strings("[...document.querySelectorAll('g.edge.in-focus > title')].map(t => t.textContent)")
        #expect(!edges.isEmpty)
        for edge in edges {
            let ends = edge.components(separatedBy: "->")
            #expect(ends.count == 2 && depthTwo.contains(ends[0]) && depthTwo.contains(ends[1]), "\(edge)")
        }
        // The rest is dimmed, not hidden, on a small graph; "hide the rest" draws the focus alone.
        #expect(try page.string("getComputedStyle(document.querySelector('g.node:not(.in-focus)')).opacity") != "1")
        #expect(Double(try page.strings(Self.visibleNodes).count) == (try page.number("document.querySelectorAll('#layout g.node').length")))
        try page.click("#hide-rest")
        #expect(Set(try page.strings(Self.visibleNodes)) == depthTwo)
        #expect(Set(try page.strings(focused)) == depthTwo)
        try page.click("#hide-rest")

        // Click a service in the picture: it is focused and its details listed.
        try page.evaluate("document.querySelector('#clear').click()")
        try page.click("#service-ImageLoading")
        #expect(try page.string("document.body.dataset.focus") == "ImageLoading")
        let (_, reportEdges) = try RenderCommandTests.report(["Examples/SwinjectShop"])
        let needs = Set(reportEdges.filter { $0.0 == "ImageLoading" }.map(\.1))
        let neededBy = Set(reportEdges.filter { $0.1 == "ImageLoading" }.map(\.0))
        #expect(Set(try page.strings("[...document.querySelectorAll('#dependencies > li > .link')].map(b => b.textContent)")) == needs)
        #expect(Set(try page.strings("[...document.querySelectorAll('#dependents > li > .link')].map(b => b.textContent)")) == neededBy)
        let details = try page.string("document.querySelector('#details').textContent")
        #expect(details.contains("lifetime"), "\(details)")
        #expect(details.contains("registration sites (1)"), "\(details)")
        #expect(details.contains("Sources/Assemblies/"), "\(details)")
        #expect(!details.contains("null") && !details.contains("undefined"), "\(details)")
        // A dependency in the list is a link to it.
        try page.click("#dependencies .link")
        #expect(needs.contains(try page.string("document.body.dataset.focus")))

        // The cycle finding highlights the two services and the two edges of the cycle.
        try Self.clickFinding("dependency_cycle", on: page)
        #expect(Set(try page.strings("[...document.querySelectorAll('g.node.hl > title')].map(t => t.textContent)"))
            == ["CartService", "PricingService"])
        #expect(Set(try page.strings("[...document.querySelectorAll('g.edge.hl > title')].map(t => t.textContent)"))
            == ["CartService->PricingService", "PricingService->CartService"])

        // Filters: without singletons, no singleton is drawn, nor an edge to or from one.
        try page.evaluate("document.querySelector('#clear').click()")
        try page.click("#filters-panel summary")
        try page.click("#filters fieldset[data-filter='lifetime'] input[value='singleton']")
        #expect(try page.number(
            "[...document.querySelectorAll('g.node.singleton')].filter(\(Self.drawn)).length") == 0)
        #expect(try page.number("document.querySelectorAll('g.node.singleton').length") > 0)
        #expect(try page.number("[...document.querySelectorAll('g.node:not(.singleton)')].filter(g => !\(Self.drawn)(g)).length") == 0)
        let edgesToSingletons = try page.number(
            "[...document.querySelectorAll('g.edge')].filter(\(Self.drawn)).filter(g => g.querySelector('title').textContent.split('->').some(id => [...document.querySelectorAll('g.node.singleton > title')].some(t => t.textContent === id))).length")
        #expect(edgesToSingletons == 0)
        try page.click("#filters fieldset[data-filter='lifetime'] input[value='singleton']")
        // Severity: notes off leaves the errors and warnings in the panel.
        let all = try page.number("document.querySelectorAll('#findings li[data-finding]').length")
        try page.click("#filters fieldset[data-filter='severity'] input[value='error']")
        let withoutErrors = try page.number("document.querySelectorAll('#findings li[data-finding]').length")
        #expect(withoutErrors < all)
        #expect(try page.number("document.querySelectorAll('#findings .sev.error').length") == 0)
        try page.click("#filters fieldset[data-filter='severity'] input[value='error']")

        // Pan and zoom move the view.
        let before = try page.string("document.querySelector('#stage').style.transform")
        try page.wheel(x: 900, y: 450, deltaY: -300)
        try page.waitUntil("document.querySelector('#stage').style.transform !== \(HeadlessChromium.Page.literal(before))")
        #expect(try page.number("parseFloat(document.querySelector('#stage').dataset.scale)") > 0)

        let png = try page.screenshot()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(Self.onlyLocal(page.requestedURLs, file), "\(page.requestedURLs)")
    }

    /// Ids that are markup in a snapshot stay text: no script runs, no element is made, and the
    /// ids read back exactly, in the picture, the suggestions and the details.
    @Test(.enabled(if: browser, "no chromium on the PATH (apt-get install chromium; CI installs it)"))
    func scriptIDsFromASnapshotAreInertText() throws {
        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let out = try TemporaryProject()
        try out.write("evil.json", try Self.evilSnapshot())
        let file = out.url.appendingPathComponent("evil.html")
        _ = try Self.render(["--snapshot", "evil.json"], in: out.url, to: file)
        let page = try chromium.open(file)
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(try page.evaluate("typeof window.__digraphPwned") as? String == "undefined")
        #expect(try page.number("document.scripts.length") == 2)
        #expect(try page.number("document.querySelectorAll('img, iframe, object, embed').length") == 0)
        // The picture's titles are the ids exactly.
        let titles = try page.strings("[...document.querySelectorAll('g.node > title')].map(t => t.textContent)")
        #expect(Set(titles) == Set(Self.evilIDs + ["Victim"]))

        try page.evaluate("document.querySelector('#search').focus()")
        try page.type("<script>")
        try page.waitUntil("!document.querySelector('#suggestions').hidden")
        let suggested = try page.strings("[...document.querySelectorAll('#suggestions li .id')].map(s => s.textContent)")
        #expect(suggested.contains(Self.evilIDs[0]), "\(suggested)")
        try page.click("#suggestions li")
        #expect(try page.string("document.querySelector('#details-title').textContent") == suggested.first)
        try page.click("#service-Victim")
        #expect(Set(try page.strings("[...document.querySelectorAll('#dependencies > li > .link')].map(b => b.textContent)"))
            == Set(Self.evilIDs))
        #expect(try page.evaluate("typeof window.__digraphPwned") as? String == "undefined")
        #expect(try page.number("document.scripts.length") == 2)
        #expect(Self.onlyLocal(page.requestedURLs, file), "\(page.requestedURLs)")
    }

    /// A generated 5,000-service app: the page loads, search finds a service, focus shows exactly
    /// its neighbours (from the generator's own graph), the cycle highlights its services, and the
    /// view moves. Prints how long each step took.
    @Test(.enabled(if: browser, "no chromium on the PATH (apt-get install chromium; CI installs it)"))
    func aFiveThousandServiceAppLoadsSearchesAndFocuses() throws {
        let out = try TemporaryProject()
        let generated = try GeneratedProject.write(services: 5_000, into: out)
        let file = out.url.appendingPathComponent("big.html")
        var started = Date()
        let stderr = try Self.render(["Sources", "--jobs", "2"], in: out.url, to: file)
        let renderSeconds = Date().timeIntervalSince(started)
        #expect(stderr.contains("using sfdp instead"), "\(stderr)")
        #expect(stderr.contains("5000 services"), "\(stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0

        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        started = Date()
        let page = try chromium.open(file)
        let loadSeconds = Date().timeIntervalSince(started)
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(Self.onlyLocal(page.requestedURLs, file), "\(page.requestedURLs.map { $0.prefix(80) })")
        #expect(try page.number("document.querySelectorAll('#stage g.node').length") == Double(5_000 + generated.missing.count))
        #expect(try page.evaluate("document.querySelector('#hide-rest').checked") as? Bool == true)
        // The first view is readable, on the first finding; fitted whole, labels are not drawn.
        #expect(try page.string("document.body.dataset.firstView") == "finding")
        #expect(try page.evaluate("document.querySelector('#stage').classList.contains('far')") as? Bool == false)
        try page.evaluate("document.querySelector('#fit').click()")
        try page.waitUntil("document.querySelector('#stage').classList.contains('far')")

        try page.evaluate("document.querySelector('#search').focus()")
        started = Date()
        try page.type("Service4321")
        try page.waitUntil("!document.querySelector('#suggestions').hidden")
        #expect(try page.string("document.querySelector('#suggestions li .id').textContent") == "Service4321")
        try page.click("#suggestions li")
        let focused = "[...document.querySelectorAll('g.node.in-focus > title')].map(t => t.textContent)"
        #expect(Set(try page.strings(focused)) == generated.neighbourhood(of: "Service4321", depth: 1))
        let focusSeconds = Date().timeIntervalSince(started)
        try page.evaluate("(() => { const d = document.querySelector('#depth'); d.value = '2'; d.dispatchEvent(new Event('change')); })()")
        #expect(Set(try page.strings(focused)) == generated.neighbourhood(of: "Service4321", depth: 2))
        // Only the focused part is drawn.
        #expect(Set(try page.strings(Self.visibleNodes)) == generated.neighbourhood(of: "Service4321", depth: 2))

        // The long cycle: its finding highlights every service on it.
        try Self.clickFinding("dependency_cycle", on: page)
        let highlighted = try page.strings("[...document.querySelectorAll('g.node.hl > title')].map(t => t.textContent)")
        #expect(highlighted.contains("Service1") && highlighted.contains("Service4999"), "\(highlighted.prefix(5))")

        // Pan and zoom over everything. Real input moves the view; then 30 wheel steps at frame
        // pace, dispatched in the page, give the time per frame while the view moves. While the
        // scale changes a bitmap of the picture stands in for it; at rest the picture is back.
        try page.evaluate("document.querySelector('#clear').click()")
        try page.waitUntil("document.body.dataset.proxy === 'ready'", timeout: 120)
        let before = try page.string("document.querySelector('#stage').style.transform")
        try page.wheel(x: 900, y: 450, deltaY: -240)
        try page.drag(from: (700, 400), to: (900, 500), steps: 5)
        #expect(try page.string("document.querySelector('#stage').style.transform") != before)
        let gaps = try page.evaluate("""
            (async () => { const vp = document.querySelector('#viewport'); const frame = () => new Promise(r => requestAnimationFrame(r));
              await frame(); let last = performance.now(); const gaps = [];
              for (let i = 0; i < 30; i++) {
                vp.dispatchEvent(new WheelEvent('wheel', { deltaY: i < 15 ? -80 : 80, clientX: 900, clientY: 450, bubbles: true, cancelable: true }));
                await frame(); const now = performance.now(); gaps.push(now - last); last = now;
              }
              return gaps; })()
            """) as? [Double] ?? []
        #expect(try page.evaluate("document.querySelector('#stage').classList.contains('proxying')") as? Bool == true)
        try page.waitUntil("!document.querySelector('#stage').classList.contains('proxying')")
        let sorted = gaps.sorted()
        #expect(sorted.count == 30)
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let worst = sorted.last ?? 0
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(Self.onlyLocal(page.requestedURLs, file), "\(page.requestedURLs.map { $0.prefix(80) })")
        print(String(
            format: "HTML explorer, 5000 services: render %.1f s, %d KB, load %.1f s, search+focus %.2f s, zoom frames: median %.0f ms, worst %.0f ms",
            renderSeconds, size / 1024, loadSeconds, focusSeconds, median, worst))
    }

    /// A big graph's first view is readable (issue 30: a 117-service app opened as a thin column
    /// of specks): its boxes are at least 8 px tall, the page is titled with the project's name,
    /// and Fit shows the whole graph.
    @Test(.enabled(if: browser, "no chromium on the PATH (apt-get install chromium; CI installs it)"))
    func aBigGraphOpensReadable() throws {
        let out = try TemporaryProject()
        _ = try GeneratedProject.write(services: 150, into: out)
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Orders\", targets: [.target(name: \"App\", path: \"Sources\")])\n"
            .write(to: out.url.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let file = out.url.appendingPathComponent("orders.html")
        _ = try Self.render(["."], in: out.url, to: file)
        let chromium = try HeadlessChromium(width: 1280, height: 720)
        defer { chromium.close() }
        let page = try chromium.open(file)
        #expect(page.errors.isEmpty, "\(page.errors)")
        let title = try page.string("document.title")
        #expect(title.hasPrefix("digraph: Orders — "), "\(title)")
        let heights = "[...document.querySelectorAll('#stage g.node')].map(g => g.getBoundingClientRect()).filter(r => r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth).map(r => r.height).sort((a, b) => a - b)"
        let shown = try page.evaluate(heights) as? [Double] ?? []
        #expect(shown.count >= 3, "some services are on screen")
        #expect((shown.isEmpty ? 0 : shown[shown.count / 2]) >= 8, "\(shown.prefix(10))")
        #expect(try page.evaluate("document.querySelector('#view-note').hidden") as? Bool == false)
        try page.evaluate("document.querySelector('#fit').click()")
        try page.waitUntil("document.querySelector('#view-note').hidden")
        if let target = ProcessInfo.processInfo.environment["DIGRAPH_FIRST_VIEW_SCREENSHOT"] {
            try page.evaluate("location.reload()")
            try page.waitUntil("document.body.dataset.ready === 'true'")
            usleep(600_000)
            try page.screenshot().write(to: URL(fileURLWithPath: target))
        }
    }

    /// `DIGRAPH_EXPLORER_SCREENSHOT=path`: writes the README's screenshot (SwinjectShop, searched
    /// for CartService, focused at depth 2).
    @Test(.enabled(
        if: ProcessInfo.processInfo.environment["DIGRAPH_EXPLORER_SCREENSHOT"] != nil && HeadlessChromium.isAvailable,
        "writes the README's screenshot only with DIGRAPH_EXPLORER_SCREENSHOT=path and chromium"))
    func screenshotForTheReadme() throws {
        let target = ProcessInfo.processInfo.environment["DIGRAPH_EXPLORER_SCREENSHOT"]!
        let chromium = try HeadlessChromium(width: 1280, height: 720)
        defer { chromium.close() }
        let out = try TemporaryProject()
        let file = out.url.appendingPathComponent("shop.html")
        _ = try Self.render(["Examples/SwinjectShop"], to: file)
        let page = try chromium.open(file)
        try page.evaluate("(() => { const d = document.querySelector('#depth'); d.value = '2'; })()")
        try page.evaluate("document.querySelector('#legend-panel').open = false")
        try page.evaluate("document.querySelector('#search').focus()")
        try page.type("cart")
        try page.waitUntil("!document.querySelector('#suggestions').hidden")
        try page.click("#suggestions li")
        try page.evaluate("document.querySelector('#search').blur()")
        usleep(600_000)
        try page.screenshot().write(to: URL(fileURLWithPath: target))
    }
}
