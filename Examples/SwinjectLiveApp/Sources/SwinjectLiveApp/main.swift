import DigraphRecorder
import DigraphSwinject
import Foundation
import Swinject

// Usage: SwinjectLiveApp [--output FILE] [--no-timestamp] [--no-sites]
// Builds the app's container, writes its digraph snapshot (default: app.snapshot.json in the
// current directory), then uses a few services the way the app would.

var output = "app.snapshot.json"
var includeTimestamp = true
var captureSites = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output": output = arguments.popFirst() ?? output
    case "--no-timestamp": includeTimestamp = false
    case "--no-sites": captureSites = false
    default:
        FileHandle.standardError.write(Data("usage: SwinjectLiveApp [--output FILE] [--no-timestamp] [--no-sites]\n".utf8))
        exit(2)
    }
}

// DigraphSiteRecorder remembers where each registration was made (debug builds on Linux).
let container = Container(behaviors: [DigraphSiteRecorder()])
let assembler = Assembler([CoreAssembly(), ShopAssembly(), FeatureAssembly()], container: container)

var options = DigraphSnapshotOptions(captureSites: captureSites, includeTimestamp: includeTimestamp)
// ProductViewModel takes a runtime argument: give the probe one so its factory runs too.
options.probeArguments.add(ProductViewModel.self, argument: "sku-probe")

let clock = ContinuousClock()
let started = clock.now
let snapshot: DigraphRecorder.Snapshot
do {
    snapshot = try container.digraphSnapshot(options)
} catch {
    FileHandle.standardError.write(Data("SwinjectLiveApp: \(error)\n".utf8))
    exit(1)
}
let elapsed = clock.now - started

let url = URL(fileURLWithPath: output)
try snapshot.relativizingSites(to: url.deletingLastPathComponent().path).write(to: url)
let probed = snapshot.services.filter { $0.probe?.status == .ok }.count
let cut = snapshot.services.filter { $0.probe?.status == .cut }.count
let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
print(
    "wrote \(output): \(snapshot.services.count) services, \(snapshot.edges.count) edges; "
        + "\(probed) factories ran to the end, \(cut) stopped part-way; "
        + "snapshot taken in \(String(format: "%.1f", milliseconds)) ms")

// The app carries on with its real container, untouched by the probe.
let catalog = assembler.resolver.resolve(CatalogService.self)!
let product = assembler.resolver.resolve(ProductViewModel.self, argument: "sku-1")!
let images = assembler.resolver.resolve(ImageCache.self)!
let search = assembler.resolver.resolve(FeatureModule.self, name: "search")!
print("app ran: \(product.sku) from \(catalog.database.name), \(search.name) reads \(search.source.name), images via \(type(of: images.client))")
