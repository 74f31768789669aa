import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG written by Graphviz, parsed as XML: its node, edge and cluster groups.
struct SVGDocument {
    struct Group {
        var id: String
        var classes: Set<String>
        var title: String
        /// Every `<text>` inside, in order.
        var texts: [String]
        /// The `xlink:title` of its link, if any.
        var tooltip: String?
        var element: XMLElement
    }

    let root: XMLElement
    let groups: [Group]

    init(_ bytes: [UInt8]) throws {
        let document = try XMLDocument(data: Data(bytes), options: [])
        guard let root = document.rootElement(), root.name == "svg" else {
            throw FixtureError(description: "not an SVG document")
        }
        self.root = root
        var groups: [Group] = []
        Self.collect(root, into: &groups)
        self.groups = groups
    }

    var nodes: [Group] { groups.filter { $0.classes.contains("node") } }
    var edges: [Group] { groups.filter { $0.classes.contains("edge") } }
    var clusters: [Group] { groups.filter { $0.classes.contains("cluster") } }

    func node(_ title: String) -> Group? { nodes.first { $0.title == title } }
    func edge(_ from: String, _ to: String) -> Group? { edges.first { $0.title == "\(from)->\(to)" } }

    /// Every element named `name` anywhere in the document.
    func elements(named name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ element: XMLElement) {
            if element.localName == name || element.name == name { found.append(element) }
            for child in element.children ?? [] { if let child = child as? XMLElement { walk(child) } }
        }
        walk(root)
        return found
    }

    /// `XMLElement.attribute(forName:)` finds nothing in a document with a default namespace on
    /// Linux; the attribute list has them all.
    static func attribute(_ name: String, of element: XMLElement) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    private static func collect(_ element: XMLElement, into groups: inout [Group]) {
        for child in element.children ?? [] {
            guard let child = child as? XMLElement else { continue }
            if child.name == "g", let classAttribute = Self.attribute("class", of: child),
                let id = Self.attribute("id", of: child)
            {
                let title = child.children?.first { $0.name == "title" }?.stringValue ?? ""
                var texts: [String] = []
                var tooltip: String?
                func walk(_ element: XMLElement) {
                    for inner in element.children ?? [] {
                        guard let inner = inner as? XMLElement else { continue }
                        if inner.name == "text" { texts.append(inner.stringValue ?? "") }
                        if inner.name == "a", tooltip == nil {
                            tooltip = inner.attributes?.first { $0.name == "xlink:title" || $0.localName == "title" }?.stringValue
                        }
                        walk(inner)
                    }
                }
                walk(child)
                groups.append(
                    Group(
                        id: id, classes: Set(classAttribute.split(separator: " ").map(String.init)), title: title,
                        texts: texts, tooltip: tooltip, element: child))
            }
            collect(child, into: &groups)
        }
    }
}
