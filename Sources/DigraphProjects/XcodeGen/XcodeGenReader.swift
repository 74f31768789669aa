import DigraphCore
import Yams

/// An XcodeGen `project.yml` -> its targets as modules: `type:`, `sources:` (paths, `excludes`,
/// `includes`), `target:` and local `package:` dependencies, test hosts. XcodeGen's own
/// composition (`include:`, target templates) is not followed: it is noted.
struct XcodeGenReader {
    let file: String
    /// Folder the spec's paths are relative to.
    let base: String
    private var notes: [ProgramNote] = []

    static func read(specPath: String, display: String) throws(ProjectError) -> DescribedProject {
        let text = try FileSystem.read(specPath, display: display)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.projectError(error, file: display)
        } catch {
            throw ProjectError(file: display, message: "invalid YAML: \(error)")
        }
        var reader = XcodeGenReader(file: display, base: FilePath.parent(specPath))
        var project = DescribedProject(source: .xcodeGen, descriptionPath: display, scope: reader.base)
        if let root { project.modules = try reader.modules(root) }
        project.notes = reader.notes
        return project
    }

    private init(file: String, base: String) {
        self.file = file
        self.base = base
    }

    private mutating func modules(_ root: Node) throws(ProjectError) -> [Module] {
        guard root.mapping != nil else { throw error(at: root, "the top level of project.yml must be a mapping") }
        for key in ["include", "targetTemplates"] {
            if let node = Self.key(key, in: root) {
                note("'\(key):' is not followed: targets it adds or changes are not read", at: node)
            }
        }
        var localPackages: [String: String] = [:]
        for (name, spec) in root["packages"]?.mapping ?? [:] {
            if let name = name.string, let path = spec["path"]?.string { localPackages[name] = FilePath.join(base, path) }
        }
        guard let targetsNode = root["targets"] else { return [] }
        guard let targets = targetsNode.mapping else { throw error(at: targetsNode, "'targets' must be a mapping") }

        var specs: [(name: String, spec: Node, module: Module)] = []
        for (nameNode, spec) in targets {
            guard let name = nameNode.string, spec.mapping != nil else {
                throw error(at: spec, "target '\(nameNode.string ?? "?")' must be a mapping")
            }
            specs.append((name, spec, try target(name, spec, localPackages: localPackages)))
        }
        // Test hosts need every target's type and product name, so they come last.
        let apps = Dictionary(specs.filter { $0.module.kind == .app }.map { (($0.spec["productName"]?.string ?? $0.name), $0.name) },
                              uniquingKeysWith: { first, _ in first })
        return specs.map { entry in
            var module = entry.module
            if module.kind == .tests, !XcodeProductType.isUITests(entry.spec["type"]?.string ?? "") {
                module.sees = testHosts(entry.spec, module: module, apps: apps)
            }
            return module
        }
    }

    private mutating func target(_ name: String, _ spec: Node, localPackages: [String: String]) throws(ProjectError) -> Module {
        let location = location(spec)
        if let templates = Self.key("templates", in: spec) {
            note("target '\(name)': 'templates:' is not followed: what the templates add is not read", at: templates)
        }
        if let platforms = spec["platform"]?.sequence, platforms.count > 1, let key = Self.key("platform", in: spec) {
            note("target '\(name)': one target per platform is generated; read as one target '\(name)'", at: key)
        }
        let type = spec["type"]?.string ?? ""
        let kind = XcodeProductType.kind(type) ?? .unknown
        if kind == .unknown {
            let what = type.isEmpty ? "has no 'type:'" : "type '\(type)' is not known"
            note("target '\(name)': \(what); analysed as a program of its own", at: spec["type"] ?? spec)
        }
        var module = Module(name: name, kind: kind, files: [], location: location)
        if let sources = spec["sources"] {
            let entries = sources.sequence.map(Array.init) ?? [sources]
            for entry in entries { module.files += try files(of: entry, target: name) }
            module.files = Array(Set(module.files)).sorted()
        }
        for dependency in spec["dependencies"]?.sequence ?? [] {
            if let target = dependency["target"]?.string {
                // `Other/Target` is a target of another project.
                if !target.contains("/") { module.links.append(.local(target, required: true, at: self.location(dependency))) }
            } else if let package = dependency["package"]?.string, let directory = localPackages[package] {
                let products = dependency["products"]?.sequence?.compactMap(\.string)
                    ?? [dependency["product"]?.string ?? package]
                module.links += products.map { .packageProduct(packageDirectory: directory, product: $0) }
            }
        }
        return module
    }

    /// Swift files of one `sources:` entry: a path, or `{path:, excludes:, includes:, buildPhase:, type:}`.
    private mutating func files(of entry: Node, target: String) throws(ProjectError) -> [String] {
        guard let path = entry.string ?? entry["path"]?.string else {
            note("target '\(target)': a source without 'path:' is not read", at: entry)
            return []
        }
        if let phase = entry["buildPhase"], phase.string != "sources" { return [] }
        if let type = entry["type"]?.string, type == "folder" { return [] }
        let root = FilePath.join(base, path)
        let excludes = (entry["excludes"]?.sequence ?? []).compactMap(\.string).map(PathGlob.init)
        let includes = (entry["includes"]?.sequence ?? []).compactMap(\.string).map(PathGlob.init)
        if FileSystem.isDirectory(root) {
            return SwiftFileTree.files(under: root) { relative in excludes.contains { $0.matches(relative) } }
                .filter { file in
                    includes.isEmpty || includes.contains { $0.matches(FilePath.relative(file, to: root) ?? file) }
                }
        }
        if FileSystem.isFile(root) { return FilePath.pathExtension(root) == "swift" ? [root] : [] }
        if entry["optional"]?.string != "true" {
            note("target '\(target)': source '\(path)' does not exist", at: entry)
        }
        return []
    }

    /// A unit-test target sees the app in its `TEST_HOST`, else the application targets it depends on.
    private mutating func testHosts(_ spec: Node, module: Module, apps: [String: String]) -> [ModuleReference] {
        if let host = Self.testHostSetting(spec["settings"]) {
            let product = XcodeProductType.hostProductName(testHost: host)
            if let product, let target = apps[product] ?? apps.values.first(where: { $0 == product }) {
                return [.local(target, required: true, at: location(spec))]
            }
            note("target '\(module.name)': TEST_HOST '\(host)' names no application target of this project", at: spec)
        }
        let appTargets = Set(apps.values)
        return module.links.filter {
            if case .local(let name, _, _) = $0 { return appTargets.contains(name) }
            return false
        }
    }

    /// `settings: {TEST_HOST:}`, `settings: {base: {TEST_HOST:}}` or in `configs:`.
    static func testHostSetting(_ settings: Node?) -> String? {
        guard let settings else { return nil }
        if let value = settings["TEST_HOST"]?.string ?? settings["base"]?["TEST_HOST"]?.string { return value }
        return (settings["configs"]?.mapping ?? [:]).lazy.compactMap { $0.value["TEST_HOST"]?.string }.first
    }

    /// The key node of `key` in a mapping: notes about a key point at the key, not its value.
    static func key(_ key: String, in mapping: Node) -> Node? {
        mapping.mapping?.first { $0.key.string == key }?.key
    }

    private func location(_ node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    private func error(at node: Node, _ message: String) -> ProjectError {
        ProjectError(file: file, line: node.mark?.line, column: node.mark?.column, message: message)
    }

    private mutating func note(_ message: String, at node: Node) {
        notes.append(ProgramNote(message: message, location: location(node)))
    }

    static func projectError(_ error: YamlError, file: String) -> ProjectError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ProjectError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        default:
            return ProjectError(file: file, message: "invalid YAML: \(error)")
        }
    }
}
