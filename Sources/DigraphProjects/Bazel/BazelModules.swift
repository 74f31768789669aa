import DigraphCore

/// A Bazel or Buck label: `//Modules/Cart:Cart`, `//Modules/Cart` (the same), `:Cart` (in the
/// package of the file naming it), `@rules_swift//…` (another repository).
struct BazelLabel: Hashable {
    /// nil: the workspace itself (`//…`, `@//…`, `@@//…`).
    var repository: String?
    var package: String
    var name: String

    init?(_ text: String, in currentPackage: String) {
        // Buck's flavors (`//Lib:Lib#shared`) pick a variant of the same target.
        var rest = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? Substring(text)
        repository = nil
        if rest.hasPrefix("@") {
            let at = rest.drop { $0 == "@" }
            guard let slashes = at.range(of: "//") else { return nil }
            let name = at[..<slashes.lowerBound]
            repository = name.isEmpty ? nil : String(name)
            rest = at[slashes.lowerBound...]
        } else if let slashes = rest.range(of: "//"), rest.firstIndex(of: ":").map({ slashes.lowerBound < $0 }) ?? true, slashes.lowerBound != rest.startIndex {
            // A Buck cell: `cell//pkg:name`.
            repository = String(rest[..<slashes.lowerBound])
            rest = rest[slashes.lowerBound...]
        }
        if rest.hasPrefix("//") {
            let body = rest.dropFirst(2)
            if let colon = body.firstIndex(of: ":") {
                package = String(body[..<colon])
                name = String(body[body.index(after: colon)...])
            } else {
                package = String(body)
                name = String(body.split(separator: "/").last ?? "")
            }
        } else if rest.hasPrefix(":") {
            package = currentPackage
            name = String(rest.dropFirst())
        } else {
            package = currentPackage
            name = String(rest)
        }
        while package.hasSuffix("/") { package.removeLast() }
        guard !name.isEmpty else { return nil }
    }

    var text: String { "//\(package):\(name)" }
}

/// Targets read from a workspace's build files -> modules: a module per target that compiles or
/// links Swift, named by its label, with the Swift files of its `srcs` (through filegroups), the
/// labels it depends on (through aliases) and the host a test runs in.
struct BazelModules {
    let root: String
    let targets: [BazelTarget]
    /// rules_swift_package_manager's repositories for local packages (`swiftpkg_sdk` -> the
    /// absolute folder of its `Package.swift`), from `swift_deps_index.json`.
    var localPackages: [String: String] = [:]

    /// Attributes naming what a target links.
    static let linkAttributes = ["deps", "exported_deps", "implementation_deps", "private_deps", "frameworks", "binary", "swift_deps"]
    /// Attributes naming its sources.
    static let sourceAttributes = ["srcs", "swift_srcs", "non_arc_srcs"]

    func modules(notes: inout [ProgramNote]) -> [Module] {
        let byLabel = Dictionary(targets.map { (BazelLabel.key($0.package, $0.name), $0) }, uniquingKeysWith: { first, _ in first })
        var out: [Module] = []
        for target in targets {
            guard let role = BazelRules.role(target.rule), role != .filegroup, role != .alias else { continue }
            let label = BazelLabel.key(target.package, target.name)
            guard let kind = kind(of: target, role: role) else {
                notes.append(ProgramNote(message: "'\(label)' (\(target.rule)) is no kind of bundle digraph knows: not read", location: target.location))
                continue
            }
            var unknown: [String] = []
            var files: Set<String> = []
            for attribute in Self.sourceAttributes {
                guard let value = target.attributes[attribute] else { continue }
                collectFiles(value, package: target.package, into: &files, unknown: &unknown, byLabel: byLabel, depth: 0)
            }
            if !unknown.isEmpty {
                notes.append(ProgramNote(message: "'\(label)': its files are not known (\(unknown.sorted().first!))", location: target.location))
            }
            var links: [ModuleReference] = []
            for attribute in Self.linkAttributes {
                guard let value = target.attributes[attribute] else { continue }
                let names: [StarlarkValue] = value.string != nil ? [value] : value.items ?? []
                if case .unknown(let why) = value {
                    notes.append(ProgramNote(message: "'\(label)': its \(attribute) are not followed (\(why))", location: target.location))
                }
                for name in names.compactMap(\.string) {
                    if let label = BazelLabel(name, in: target.package), let repository = label.repository,
                       let directory = localPackages[repository]
                    {
                        let product = label.name.hasSuffix(".rspm") ? String(label.name.dropLast(5)) : label.name
                        links.append(.packageProduct(packageDirectory: directory, product: product))
                        continue
                    }
                    guard let reference = reference(name, from: target.package, byLabel: byLabel) else { continue }
                    links.append(.local(reference, required: false, at: target.location))
                }
            }
            var sees: [ModuleReference] = []
            if role == .program(.tests), let host = (target.attributes["test_host"] ?? target.attributes["test_host_app"])?.string,
               let reference = reference(host, from: target.package, byLabel: byLabel)
            {
                sees.append(.local(reference, required: false, at: target.location))
            }
            out.append(Module(name: label, kind: kind, files: files.sorted(), links: links, sees: sees, location: target.location))
        }
        return Self.foldingTestLibraries(out)
    }

    /// A library that only test bundles link (`ios_unit_test(deps = [":CartTestsLib"])`, the
    /// usual Bazel shape, since a test rule takes no sources) is test code: its files and links
    /// become the tests', rather than a program of its own that would not see the test host.
    static func foldingTestLibraries(_ modules: [Module]) -> [Module] {
        var linkedBy: [String: [Int]] = [:]
        for (i, module) in modules.enumerated() {
            for case .local(let name, _, _) in module.links { linkedBy[name, default: []].append(i) }
        }
        var folded: Set<String> = []
        var out = modules
        for (i, module) in modules.enumerated() where module.kind == .tests {
            for case .local(let name, _, _) in module.links {
                guard let library = modules.firstIndex(where: { $0.name == name }), modules[library].kind == .library,
                      linkedBy[name, default: []].allSatisfy({ modules[$0].kind == .tests })
                else { continue }
                out[i].files = Array(Set(out[i].files + modules[library].files)).sorted()
                out[i].links += modules[library].links
                folded.insert(name)
            }
        }
        return out.filter { !folded.contains($0.name) }
    }

    private func kind(of target: BazelTarget, role: BazelRules.Role) -> Program.Kind? {
        switch role {
        case .library: return .library
        case .program(let kind): return kind
        case .uiTests: return .tests
        case .bundle:
            switch target.attributes["extension"]?.string {
            case "app": return .app
            case "appex": return .extension
            case "framework", "bundle", "dylib": return .library
            case "xctest": return .tests
            default: return nil
            }
        case .filegroup, .alias: return nil
        }
    }

    /// The label a dependency names, through aliases; nil for another repository's.
    private func reference(_ text: String, from package: String, byLabel: [String: BazelTarget], depth: Int = 0) -> String? {
        guard let label = BazelLabel(text, in: package), label.repository == nil else { return nil }
        let key = BazelLabel.key(label.package, label.name)
        if depth < 16, let target = byLabel[key], target.rule == "alias", let actual = target.attributes["actual"]?.string {
            return reference(actual, from: target.package, byLabel: byLabel, depth: depth + 1)
        }
        return key
    }

    private func collectFiles(
        _ value: StarlarkValue, package: String, into files: inout Set<String>, unknown: inout [String],
        byLabel: [String: BazelTarget], depth: Int
    ) {
        if case .unknown(let why) = value {
            unknown.append(why)
            return
        }
        let items: [StarlarkValue] = value.string != nil ? [value] : value.items ?? []
        for item in items {
            guard let text = item.string else {
                if case .unknown(let why) = item { unknown.append(why) }
                continue
            }
            if text.hasPrefix(":") || text.hasPrefix("//") || text.hasPrefix("@") {
                guard let label = BazelLabel(text, in: package), label.repository == nil else { continue }
                if let target = byLabel[BazelLabel.key(label.package, label.name)], depth < 16 {
                    // A filegroup's (or another target's) sources.
                    if target.rule == "filegroup" || target.rule == "alias" {
                        for attribute in ["srcs", "actual"] {
                            guard let inner = target.attributes[attribute] else { continue }
                            collectFiles(inner, package: target.package, into: &files, unknown: &unknown, byLabel: byLabel, depth: depth + 1)
                        }
                    }
                    continue
                }
                add(label.name, package: label.package, to: &files)
            } else {
                add(text, package: package, to: &files)
            }
        }
    }

    private func add(_ relative: String, package: String, to files: inout Set<String>) {
        guard FilePath.pathExtension(relative) == "swift" else { return }
        files.insert(FilePath.join(root, package.isEmpty ? relative : package + "/" + relative))
    }
}

extension BazelLabel {
    /// The text a target's label is keyed by: `//package:name`.
    static func key(_ package: String, _ name: String) -> String { "//\(package):\(name)" }
}
