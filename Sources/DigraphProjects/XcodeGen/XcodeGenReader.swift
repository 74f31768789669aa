import DigraphCore
import Yams

/// An XcodeGen `project.yml` -> its targets as modules: `type:`, `sources:` (paths, `excludes`,
/// `includes`), `target:` and local `package:` dependencies, test hosts; `include:`d specs (their
/// paths relative to their own folder, as XcodeGen's `relativePaths` default) and
/// `targetTemplates` a target names in `templates:` (`${target_name}` substituted).
struct XcodeGenReader {
    let file: String
    /// Folder the spec's paths are relative to.
    let base: String
    private var notes: [ProgramNote] = []
    /// The spec file and folder of the layer being read, for paths and positions.
    private var layerFile: String
    private var layerBase: String
    private var targetName = ""

    static func read(specPath: String, display: String) throws(ProjectError) -> DescribedProject {
        let text = try FileSystem.read(specPath, display: display)
        let root: Node?
        do {
            root = try compose(text, display: display)
        } catch let error as YamlError {
            throw Self.projectError(error, file: display)
        } catch let error as ProjectError {
            throw error
        } catch {
            throw ProjectError(file: display, message: "invalid YAML: \(error)")
        }
        var reader = XcodeGenReader(file: display, base: FilePath.parent(specPath))
        var project = DescribedProject(source: .xcodeGen, descriptionPath: display, scope: reader.base)
        if let root {
            guard root.mapping != nil else {
                throw reader.error(at: root, "the top level of project.yml must be a mapping")
            }
            let specs = try reader.specFiles(root: root, path: specPath, display: display)
            project.modules = try reader.modules(specs)
        }
        project.notes = reader.notes
        return project
    }

    private init(file: String, base: String) {
        self.file = file
        self.base = base
        self.layerFile = file
        self.layerBase = base
    }

    /// One spec file: the main one or one it includes.
    struct SpecFile {
        var root: Node
        var base: String
        var display: String
    }

    /// A target's spec: its own mappings (from every spec file naming it, the main one first), then
    /// its templates' (the last named first): the first layer having a key gives its value.
    struct LayeredSpec {
        var layers: [(node: Node, spec: SpecFile)]

        subscript(key: String) -> (node: Node, spec: SpecFile)? {
            for layer in layers { if let value = layer.node[key] { return (value, layer.spec) } }
            return nil
        }

        var first: (node: Node, spec: SpecFile) { layers[0] }

        /// A list every layer may add to (`sources`, `dependencies`): XcodeGen appends a target's
        /// list to its templates' and included specs' rather than replacing it, unless the target
        /// writes `key:REPLACE`. The elements with the layer each comes from.
        func appended(_ key: String) -> [(node: Node, spec: SpecFile)] {
            var out: [(node: Node, spec: SpecFile)] = []
            for layer in layers {
                if let replacing = layer.node[key + ":REPLACE"] {
                    out += (replacing.sequence.map(Array.init) ?? [replacing]).map { ($0, layer.spec) }
                    break
                }
                if let value = layer.node[key] { out += (value.sequence.map(Array.init) ?? [value]).map { ($0, layer.spec) } }
            }
            return out
        }
    }

    private static let maxIncludeDepth = 8

    /// The main spec and every spec it includes, included ones first (the including spec wins).
    private mutating func specFiles(root: Node, path: String, display: String, depth: Int = 0, seen: Set<String> = [])
        throws(ProjectError) -> [SpecFile]
    {
        var result: [SpecFile] = []
        let base = FilePath.parent(path)
        // `project.yml` at the scan root: its includes are displayed as written, not under `/`.
        let displayBase = display.contains("/") ? FilePath.parent(display) : ""
        var seen = seen
        seen.insert(path)
        let entries = root["include"].map { $0.sequence.map(Array.init) ?? [$0] } ?? []
        for entry in entries {
            guard let relative = entry.string ?? entry["path"]?.string else {
                note(in: display, "an 'include:' entry without a path is not read", at: entry)
                continue
            }
            let includedPath = FilePath.join(base, relative)
            let includedDisplay = displayBase.isEmpty || displayBase == "." ? relative : displayBase + "/" + relative
            guard depth < Self.maxIncludeDepth, !seen.contains(includedPath) else {
                note(in: display, "'include:' of '\(relative)' is a cycle or nested too deep: not read", at: entry)
                continue
            }
            guard FileSystem.isFile(includedPath) else {
                note(in: display, "'include:' of '\(relative)': no such file", at: entry)
                continue
            }
            let text = try FileSystem.read(includedPath, display: includedDisplay)
            let included: Node?
            // An included fragment the YAML reader refuses (eidch's `packages.yml` repeats a key,
            // which the XcodeGen that builds it accepts) holds packages, settings or targets:
            // the spec is read without it, and a note says so, rather than the run stopping.
            do {
                included = try Self.compose(text, display: includedDisplay)
            } catch let error as YamlError {
                let problem = Self.projectError(error, file: includedDisplay)
                note(in: display, "'include:' of '\(relative)' is not read: \(problem.message)", at: entry)
                continue
            } catch let error as ProjectError {
                note(in: display, "'include:' of '\(relative)' is not read: \(error.message)", at: entry)
                continue
            } catch {
                note(in: display, "'include:' of '\(relative)' is not read: invalid YAML: \(error)", at: entry)
                continue
            }
            guard let included, included.mapping != nil else { continue }
            // XcodeGen's default: an included spec's paths are relative to its own folder.
            let relativePaths = entry["relativePaths"]?.string != "false"
            var files = try specFiles(
                root: included, path: includedPath, display: includedDisplay, depth: depth + 1, seen: seen)
            if !relativePaths, let last = files.indices.last { files[last].base = base }
            result += files
        }
        result.append(SpecFile(root: root, base: base, display: display))
        return result
    }

    private mutating func modules(_ specs: [SpecFile]) throws(ProjectError) -> [Module] {
        var localPackages: [String: String] = [:]
        var templates: [String: (node: Node, spec: SpecFile)] = [:]
        var targetLayers: [String: [(node: Node, spec: SpecFile)]] = [:]
        var order: [String] = []
        for spec in specs {
            for (name, package) in spec.root["packages"]?.mapping ?? [:] {
                if let name = name.string, let path = package["path"]?.string {
                    localPackages[name] = FilePath.join(spec.base, path)
                }
            }
            for (name, template) in spec.root["targetTemplates"]?.mapping ?? [:] {
                if let name = name.string, template.mapping != nil { templates[name] = (template, spec) }
            }
            guard let targetsNode = spec.root["targets"] else { continue }
            guard let targets = targetsNode.mapping else {
                throw ProjectError(
                    file: spec.display, line: targetsNode.mark?.line, column: targetsNode.mark?.column,
                    message: "'targets' must be a mapping")
            }
            for (nameNode, target) in targets {
                guard let name = nameNode.string, target.mapping != nil else {
                    throw ProjectError(
                        file: spec.display, line: target.mark?.line, column: target.mark?.column,
                        message: "target '\(nameNode.string ?? "?")' must be a mapping")
                }
                if targetLayers[name] == nil { order.append(name) }
                // Later specs (the including one last) override earlier ones.
                targetLayers[name, default: []].insert((target, spec), at: 0)
            }
        }

        var specsByTarget: [(name: String, spec: LayeredSpec, module: Module)] = []
        for name in order.sorted() {
            var layers = targetLayers[name] ?? []
            let own = LayeredSpec(layers: layers)
            for templateName in (own["templates"]?.node.sequence ?? []).compactMap(\.string).reversed() {
                if let template = templates[templateName] {
                    layers.append(template)
                } else if let key = own["templates"] {
                    note(in: key.spec.display, "target '\(name)': template '\(templateName)' is not defined", at: key.node)
                }
            }
            let spec = LayeredSpec(layers: layers)
            specsByTarget.append((name, spec, try target(name, spec, localPackages: localPackages)))
        }
        // Test hosts need every target's type and product name, so they come last.
        let apps = Dictionary(
            specsByTarget.filter { $0.module.kind == .app }.map {
                ((substituted($0.spec["productName"]?.node.string, target: $0.name) ?? $0.name), $0.name)
            },
            uniquingKeysWith: { first, _ in first })
        return specsByTarget.map { entry in
            var module = entry.module
            if module.kind == .tests, !XcodeProductType.isUITests(entry.spec["type"]?.node.string ?? "") {
                module.sees = testHosts(entry.spec, module: module, apps: apps)
            }
            return module
        }
    }

    /// `${target_name}` as XcodeGen substitutes it in templates.
    private func substituted(_ text: String?, target: String) -> String? {
        text?.replacingOccurrences(of: "${target_name}", with: target)
    }

    private mutating func target(_ name: String, _ spec: LayeredSpec, localPackages: [String: String])
        throws(ProjectError) -> Module
    {
        targetName = name
        (layerFile, layerBase) = (spec.first.spec.display, spec.first.spec.base)
        let location = location(spec.first.node)
        if let platforms = spec["platform"]?.node.sequence, platforms.count > 1 {
            note("target '\(name)': one target per platform is generated; read as one target '\(name)'", at: platforms[0])
        }
        let type = spec["type"]?.node.string ?? ""
        let kind = XcodeProductType.kind(type) ?? .unknown
        if kind == .unknown {
            let what = type.isEmpty ? "has no 'type:'" : "type '\(type)' is not known"
            note("target '\(name)': \(what); analysed as a program of its own", at: spec["type"]?.node ?? spec.first.node)
        }
        var module = Module(name: name, kind: kind, files: [], location: location)
        for (entry, layer) in spec.appended("sources") {
            (layerFile, layerBase) = (layer.display, layer.base)
            module.files += try files(of: entry, target: name)
        }
        module.files = Array(Set(module.files)).sorted()
        for (dependency, layer) in spec.appended("dependencies") {
            (layerFile, layerBase) = (layer.display, layer.base)
            if let target = substituted(dependency["target"]?.string, target: name) {
                // `Other/Target` is a target of another project.
                if !target.contains("/") { module.links.append(.local(target, required: true, at: self.location(dependency))) }
            } else if let package = dependency["package"]?.string, let directory = localPackages[package] {
                let products = dependency["products"]?.sequence?.compactMap(\.string)
                    ?? [dependency["product"]?.string ?? package]
                module.links += products.map { .packageProduct(packageDirectory: directory, product: $0) }
            }
        }
        (layerFile, layerBase) = (file, base)
        return module
    }

    /// Swift files of one `sources:` entry: a path, or `{path:, excludes:, includes:, buildPhase:, type:}`.
    private mutating func files(of entry: Node, target: String) throws(ProjectError) -> [String] {
        guard let path = substituted(entry.string ?? entry["path"]?.string, target: targetName) else {
            note("target '\(target)': a source without 'path:' is not read", at: entry)
            return []
        }
        if let phase = entry["buildPhase"], phase.string != "sources" { return [] }
        if let type = entry["type"]?.string, type == "folder" { return [] }
        let root = FilePath.join(layerBase, path)
        let excludes = (entry["excludes"]?.sequence ?? []).compactMap(\.string).map(PathGlob.init)
        let includes = (entry["includes"]?.sequence ?? []).compactMap(\.string).map(PathGlob.init)
        if SwiftFileTree.encloses(root, project: base) {
            note("target '\(target)': source '\(path)' holds the whole project: not read", at: entry)
            return []
        }
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
    private mutating func testHosts(_ spec: LayeredSpec, module: Module, apps: [String: String]) -> [ModuleReference] {
        if let host = Self.testHostSetting(spec["settings"]?.node) {
            let product = XcodeProductType.hostProductName(testHost: host)
            if let product, let target = apps[product] ?? apps.values.first(where: { $0 == product }) {
                return [.local(target, required: true, at: location(spec.first.node))]
            }
            note("target '\(module.name)': TEST_HOST '\(host)' names no application target of this project", at: spec.first.node)
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
        SourceLocation(file: layerFile, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    private func error(at node: Node, _ message: String) -> ProjectError {
        ProjectError(file: layerFile, line: node.mark?.line, column: node.mark?.column, message: message)
    }

    private mutating func note(_ message: String, at node: Node) {
        notes.append(ProgramNote(message: message, location: location(node)))
    }

    private mutating func note(in display: String, _ message: String, at node: Node) {
        notes.append(
            ProgramNote(
                message: message, location: SourceLocation(file: display, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)))
    }

    /// Yams composes by recursion: the depth is bounded before it reads.
    static func compose(_ text: String, display: String) throws -> Node? {
        if let deep = YAMLNesting.check(text) {
            throw ProjectError(file: display, line: deep.line, column: deep.column, message: "invalid YAML: \(deep.message)")
        }
        return try Yams.compose(yaml: text)
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
