import Foundation

/// A generated Swinject app of any size, with its graph known in advance: what the HTML explorer
/// is checked against at 5,000 services.
///
/// Service `i` is registered in `Assembly(i / perFile)` and resolves one to three earlier
/// services, picked by a fixed pseudo-random sequence; every third one also resolves one of five
/// hubs. One resolve closes a long cycle (Service1 -> Service(n-1)), and every 250th service
/// asks for something nothing registers. An `Assembler` constructs every assembly.
struct GeneratedProject {
    var services: [String]
    /// Service -> the services it resolves (each once, in order), including missing ones.
    var dependencies: [String: [String]]
    var missing: Set<String>

    static let perFile = 50

    static func write(services n: Int, into project: TemporaryProject) throws -> GeneratedProject {
        var names: [String] = []
        var dependencies: [String: [String]] = [:]
        var missing: Set<String> = []
        for i in 0..<n {
            let name = "Service\(i)"
            names.append(name)
            var targets: [Int] = []
            if i > 0 {
                for k in 0..<(1 + Int(mix(UInt64(i)) % 3)) {
                    let t = Int(mix(UInt64(i * 8 + k + 1)) % UInt64(i))
                    if !targets.contains(t) { targets.append(t) }
                }
            }
            if i > 5, mix(UInt64(i * 8 + 7)) % 3 == 0 {
                let hub = Int(mix(UInt64(i * 8 + 6)) % 5)
                if !targets.contains(hub) { targets.append(hub) }
            }
            if i == 1, n > 2 { targets.append(n - 1) }
            var needs = targets.map { "Service\($0)" }
            if i % 250 == 7 {
                needs.append("Missing\(i)")
                missing.insert("Missing\(i)")
            }
            dependencies[name] = needs
        }
        let files = (n + perFile - 1) / perFile
        for f in 0..<files {
            var text = "import Swinject\n\nfinal class Assembly\(f): Assembly {\n    func assemble(container: Container) {\n"
            for i in (f * perFile)..<min(n, (f + 1) * perFile) {
                let name = "Service\(i)"
                let arguments = dependencies[name]!.enumerated().map { "d\($0.offset): r.resolve(\($0.element).self)!" }
                text += "        container.register(\(name).self) { r in \(name)(\(arguments.joined(separator: ", "))) }"
                text += i % 3 == 0 ? ".inObjectScope(.container)\n" : "\n"
            }
            text += "    }\n}\n"
            try project.write("Sources/App/Assembly\(f).swift", text)
        }
        let assemblies = (0..<files).map { "Assembly\($0)()" }.joined(separator: ", ")
        try project.write(
            "Sources/App/App.swift",
            "import Swinject\n\nlet assembler = Assembler([\(assemblies)])\nlet root = assembler.resolver.resolve(Service\(n - 1).self)!\n")
        return GeneratedProject(services: names, dependencies: dependencies, missing: missing)
    }

    /// Everything within `depth` edges of `seed`, both ways: `render --focus seed --depth N`.
    func neighbourhood(of seed: String, depth: Int) -> Set<String> {
        var neighbours: [String: Set<String>] = [:]
        for (from, targets) in dependencies {
            for to in targets {
                neighbours[from, default: []].insert(to)
                neighbours[to, default: []].insert(from)
            }
        }
        var kept: Set<String> = [seed]
        var frontier: Set<String> = [seed]
        for _ in 0..<depth {
            var next: Set<String> = []
            for id in frontier {
                for other in neighbours[id, default: []] where kept.insert(other).inserted { next.insert(other) }
            }
            frontier = next
        }
        return kept
    }

    /// SplitMix64.
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}
