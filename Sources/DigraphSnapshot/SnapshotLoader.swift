import DigraphCore
import Foundation

/// Reads and strictly validates `digraph-snapshot/1` documents (see docs/snapshots.md).
///
/// Every problem is one ``SnapshotError`` naming the file, the position and the JSON path:
/// truncated or non-JSON input, a missing required field, a value of the wrong type or outside its
/// enumeration, duplicate service or container ids, an unknown `schema`, containers whose `parent`
/// is unknown or circular. Properties the format does not define are ignored.
public enum SnapshotLoader {
    public static func load(contentsOf url: URL, displayPath: String) throws(SnapshotError) -> SnapshotDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SnapshotError(file: displayPath, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw SnapshotError(file: displayPath, message: "is a directory, not a snapshot file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SnapshotError(file: displayPath, message: "cannot read: \(error.localizedDescription)")
        }
        return try parse(Array(data), displayPath: displayPath)
    }

    /// Parses a document already in memory. `currentDirectory` is where absolute site paths are made
    /// relative to (the working directory by default).
    public static func parse(
        _ bytes: [UInt8], displayPath: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(SnapshotError) -> SnapshotDocument {
        let root: JSONNode
        do {
            root = try PositionedJSONParser.parse(bytes)
        } catch {
            throw SnapshotError(file: displayPath, line: error.line, column: error.column, message: error.message)
        }
        var reader = DocumentReader(
            file: displayPath, sites: SitePaths(snapshotPath: displayPath, currentDirectory: currentDirectory))
        return try reader.document(root)
    }
}

/// How site paths are shown: relative ones are read against the snapshot's folder, absolute ones
/// are made relative to the working directory when under it (as digraph shows source paths).
struct SitePaths {
    var snapshotPath: String
    var currentDirectory: String

    func display(_ file: String) -> String {
        if file.hasPrefix("/") { return relativeToCurrentDirectory(Self.normalize(file)) }
        guard let slash = snapshotPath.lastIndex(of: "/") else { return Self.normalize(file) }
        let joined = Self.normalize(String(snapshotPath[...slash]) + file)
        return joined.hasPrefix("/") ? relativeToCurrentDirectory(joined) : joined
    }

    private func relativeToCurrentDirectory(_ absolute: String) -> String {
        let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// Removes `.` and `name/..` components.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

/// The validation pass: JSON nodes -> ``SnapshotDocument``.
private struct DocumentReader {
    let file: String
    let sites: SitePaths

    // MARK: Primitives

    func fail(_ node: JSONNode, _ path: String, _ message: String) -> SnapshotError {
        SnapshotError(file: file, line: node.line, column: node.column, path: path, message: message)
    }

    func location(_ node: JSONNode) -> SourceLocation { SourceLocation(file: file, line: node.line, column: node.column) }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func members(_ node: JSONNode, _ path: String) throws(SnapshotError) -> JSONNode {
        guard case .object = node.value else { throw fail(node, path, "expected an object, found \(node.kindDescription)") }
        return node
    }

    func required(_ object: JSONNode, _ key: String, _ path: String) throws(SnapshotError) -> JSONNode {
        guard let value = object.member(key) else { throw fail(object, path, "missing required field \"\(key)\"") }
        return value
    }

    func string(_ node: JSONNode, _ path: String, nonEmpty: Bool = false) throws(SnapshotError) -> String {
        guard case .string(let text) = node.value else { throw fail(node, path, "expected a string, found \(node.kindDescription)") }
        if nonEmpty && text.isEmpty { throw fail(node, path, "must not be empty") }
        return text
    }

    func requiredString(_ object: JSONNode, _ key: String, _ path: String, nonEmpty: Bool = false) throws(SnapshotError)
        -> String
    {
        try string(required(object, key, path), Self.join(path, key), nonEmpty: nonEmpty)
    }

    func optionalString(_ object: JSONNode, _ key: String, _ path: String, nonEmpty: Bool = false) throws(SnapshotError)
        -> String?
    {
        guard let node = object.member(key) else { return nil }
        return try string(node, Self.join(path, key), nonEmpty: nonEmpty)
    }

    func choice<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: String, _: E.Type) throws(SnapshotError) -> E
    where E.RawValue == String {
        let text = try string(node, path)
        guard let value = E(rawValue: text) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(node, path, "\"\(text)\" is not one of \(allowed)")
        }
        return value
    }

    func optionalChoice<E: RawRepresentable & CaseIterable>(_ object: JSONNode, _ key: String, _ path: String, _ type: E.Type)
        throws(SnapshotError) -> E? where E.RawValue == String
    {
        guard let node = object.member(key) else { return nil }
        return try choice(node, Self.join(path, key), type)
    }

    func array(_ node: JSONNode, _ path: String) throws(SnapshotError) -> [JSONNode] {
        guard case .array(let items) = node.value else { throw fail(node, path, "expected an array, found \(node.kindDescription)") }
        return items
    }

    func optionalStrings(_ object: JSONNode, _ key: String, _ path: String) throws(SnapshotError) -> [String]? {
        guard let node = object.member(key) else { return nil }
        let itemsPath = Self.join(path, key)
        var out: [String] = []
        for (i, item) in try array(node, itemsPath).enumerated() { out.append(try string(item, "\(itemsPath)[\(i)]")) }
        return out
    }

    func optionalInteger(_ object: JSONNode, _ key: String, _ path: String, minimum: Int) throws(SnapshotError) -> Int? {
        guard let node = object.member(key) else { return nil }
        let valuePath = Self.join(path, key)
        guard case .number(let literal, let isInteger) = node.value, isInteger, let value = Int(literal) else {
            throw fail(node, valuePath, "expected an integer, found \(node.kindDescription)")
        }
        guard value >= minimum else { throw fail(node, valuePath, "must be at least \(minimum), found \(value)") }
        return value
    }

    // MARK: The document

    mutating func document(_ root: JSONNode) throws(SnapshotError) -> SnapshotDocument {
        guard case .object = root.value else {
            throw fail(root, "", "expected a JSON object at the top level, found \(root.kindDescription)")
        }
        // The version first: a newer document may differ everywhere else.
        let supported = SnapshotDocument.supportedSchemas.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let schemaNode = root.member("schema") else {
            throw fail(root, "", "missing required field \"schema\" (this digraph reads \(supported))")
        }
        let schema = try string(schemaNode, "schema")
        guard SnapshotDocument.supportedSchemas.contains(schema) else {
            throw fail(schemaNode, "schema", "\"\(schema)\" is not supported; this digraph reads \(supported)")
        }

        let generator = try self.generator(try members(try required(root, "generator", ""), "generator"))
        let capturedAt = try optionalString(root, "capturedAt", "")

        var containers: [SnapshotDocument.Container] = []
        var containerPaths: [String: String] = [:]
        if let node = root.member("containers") {
            for (i, item) in try array(node, "containers").enumerated() {
                let path = "containers[\(i)]"
                let object = try members(item, path)
                let id = try requiredString(object, "id", path, nonEmpty: true)
                if let first = containerPaths[id] {
                    throw fail(try required(object, "id", path), path + ".id", "duplicate container id \"\(id)\" (first at \(first))")
                }
                containerPaths[id] = path
                containers.append(
                    SnapshotDocument.Container(
                        id: id, parent: try optionalString(object, "parent", path),
                        label: try optionalString(object, "label", path), location: location(object)))
            }
            try checkParents(containers, items: try array(node, "containers"))
        }

        let serviceItems = try array(try required(root, "services", ""), "services")
        var services: [SnapshotDocument.Service] = []
        var servicePaths: [String: String] = [:]
        for (i, item) in serviceItems.enumerated() {
            let path = "services[\(i)]"
            let service = try self.service(try members(item, path), path, containers: containerPaths)
            if let first = servicePaths[service.id] {
                throw fail(try required(item, "id", path), path + ".id", "duplicate service id \"\(service.id)\" (first at \(first))")
            }
            servicePaths[service.id] = path
            services.append(service)
        }
        for (i, service) in services.enumerated() {
            if let target = service.aliasOf, servicePaths[target] == nil {
                let node = serviceItems[i].member("aliasOf")!
                throw fail(node, "services[\(i)].aliasOf", "\"\(target)\" is not a service id in this snapshot")
            }
        }

        var edges: [SnapshotDocument.Edge] = []
        for (i, item) in try array(try required(root, "edges", ""), "edges").enumerated() {
            edges.append(try edge(try members(item, "edges[\(i)]"), "edges[\(i)]"))
        }

        var diagnostics: [SnapshotDocument.Diagnostic] = []
        if let node = root.member("diagnostics") {
            for (i, item) in try array(node, "diagnostics").enumerated() {
                let path = "diagnostics[\(i)]"
                let object = try members(item, path)
                diagnostics.append(
                    SnapshotDocument.Diagnostic(
                        level: try choice(try required(object, "level", path), path + ".level", Severity.Ordered.self).severity,
                        code: try optionalString(object, "code", path), service: try optionalString(object, "service", path),
                        message: try requiredString(object, "message", path), location: location(object)))
            }
        }

        return SnapshotDocument(
            path: file, generator: generator, capturedAt: capturedAt, containers: containers, services: services,
            edges: edges, diagnostics: diagnostics)
    }

    func generator(_ object: JSONNode) throws(SnapshotError) -> SnapshotDocument.Generator {
        let path = "generator"
        return SnapshotDocument.Generator(
            name: try requiredString(object, "name", path, nonEmpty: true),
            version: try optionalString(object, "version", path),
            framework: try requiredString(object, "framework", path, nonEmpty: true),
            frameworkVersion: try optionalString(object, "frameworkVersion", path),
            source: try choice(try required(object, "source", path), path + ".source", SnapshotDocument.Source.self))
    }

    func checkParents(_ containers: [SnapshotDocument.Container], items: [JSONNode]) throws(SnapshotError) {
        let byID = Dictionary(containers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (i, container) in containers.enumerated() {
            guard let parent = container.parent else { continue }
            let node = items[i].member("parent")!
            guard byID[parent] != nil else {
                throw fail(node, "containers[\(i)].parent", "\"\(parent)\" is not a container id in this snapshot")
            }
            var seen: Set<String> = [container.id]
            var current: String? = parent
            while let id = current {
                guard seen.insert(id).inserted else {
                    throw fail(node, "containers[\(i)].parent", "the parent chain of \"\(container.id)\" loops back to \"\(id)\"")
                }
                current = byID[id]?.parent
            }
        }
    }

    func site(_ object: JSONNode, _ path: String) throws(SnapshotError) -> SnapshotDocument.Site? {
        guard let node = object.member("site") else { return nil }
        let sitePath = path + ".site"
        let site = try members(node, sitePath)
        let file = try optionalString(site, "file", sitePath, nonEmpty: true)
        let line = try optionalInteger(site, "line", sitePath, minimum: 1)
        let column = try optionalInteger(site, "column", sitePath, minimum: 1)
        let function = try optionalString(site, "function", sitePath)
        var location: SourceLocation?
        if let file, let line { location = SourceLocation(file: sites.display(file), line: line, column: column ?? 1) }
        return SnapshotDocument.Site(location: location, function: function)
    }

    func service(_ object: JSONNode, _ path: String, containers: [String: String]) throws(SnapshotError)
        -> SnapshotDocument.Service
    {
        let container = try optionalString(object, "container", path, nonEmpty: true)
        if let container, !containers.isEmpty, containers[container] == nil {
            throw fail(object.member("container")!, path + ".container", "\"\(container)\" is not a container id in this snapshot")
        }
        var probe: SnapshotDocument.Probe?
        if let node = object.member("probe") {
            let probePath = path + ".probe"
            let probeObject = try members(node, probePath)
            probe = SnapshotDocument.Probe(
                status: try choice(try required(probeObject, "status", probePath), probePath + ".status", SnapshotDocument.ProbeStatus.self),
                detail: try optionalString(probeObject, "detail", probePath))
        }
        let origin = try optionalChoice(object, "origin", path, SnapshotDocument.Origin.self)
        return SnapshotDocument.Service(
            id: try requiredString(object, "id", path, nonEmpty: true),
            type: try requiredString(object, "type", path, nonEmpty: true),
            name: try optionalString(object, "name", path),
            arguments: try optionalStrings(object, "arguments", path),
            lifetime: try choice(try required(object, "lifetime", path), path + ".lifetime", Lifetime.self),
            lifetimeDetail: try optionalString(object, "lifetimeDetail", path),
            implementation: try optionalStrings(object, "implementation", path) ?? [],
            origin: origin, aliasOf: try optionalString(object, "aliasOf", path, nonEmpty: true), container: container,
            site: try site(object, path), probe: probe, location: location(object))
    }

    func edge(_ object: JSONNode, _ path: String) throws(SnapshotError) -> SnapshotDocument.Edge {
        SnapshotDocument.Edge(
            from: try requiredString(object, "from", path, nonEmpty: true),
            to: try requiredString(object, "to", path, nonEmpty: true),
            type: try optionalString(object, "type", path), name: try optionalString(object, "name", path),
            arguments: try optionalStrings(object, "arguments", path),
            timing: try choice(try required(object, "timing", path), path + ".timing", Timing.Ordered.self).timing,
            kind: try optionalChoice(object, "kind", path, SnapshotDocument.EdgeKind.self),
            status: try optionalChoice(object, "status", path, SnapshotDocument.EdgeStatus.self),
            site: try site(object, path), count: try optionalInteger(object, "count", path, minimum: 1),
            location: location(object))
    }
}

// The format's own orders for messages ("is not one of error, warning, note").
extension Severity {
    enum Ordered: String, CaseIterable {
        case error, warning, note
        var severity: Severity { Severity(rawValue: rawValue)! }
    }
}

extension Timing {
    enum Ordered: String, CaseIterable {
        case eager, deferred
        var timing: Timing { Timing(rawValue: rawValue)! }
    }
}
