/// One entry of `assume_registered:`: what a team knows a site registers that digraph cannot
/// read. Its keys are registered (a request for one is satisfied), and the site, when given, is
/// read: it no longer leaves its container open for every key.
///
/// ```yaml
/// assume_registered:
///   - APIClient                        # registered somewhere digraph does not read
///   - Database#primary
///   - site: Sources/DI/Modules.swift:88   # what that site registers (it then closes)
///     registers: [APIClient, Session]
///   - site: Sources/DI/Plugins.swift      # every site of the file: registers nothing asked for
///     registers: []
/// ```
public struct AssumedRegistration: Sendable, Equatable {
    /// `path` or `path:line`, matched against the end of a site's file path; nil: keys only.
    public var site: String?
    /// Service ids (`APIClient`, `Database#primary`, `Container.analytics`) or bare types.
    public var keys: [String]

    public init(site: String?, keys: [String]) {
        self.site = site
        self.keys = keys
    }

    /// Whether this entry names the site at `location` (a line given must match).
    public func closes(_ location: SourceLocation) -> Bool {
        guard let site else { return false }
        var path = Substring(site)
        var line: Int?
        if let colon = site.lastIndex(of: ":"), let number = Int(site[site.index(after: colon)...]) {
            path = site[..<colon]
            line = number
        }
        if let line, line != location.line { return false }
        return location.file == String(path) || location.file.hasSuffix("/" + path)
    }

    /// Missing requests for an assumed key become satisfied, by a service of style `assumed`
    /// (lifetime unknown: no captive is judged against what was not read).
    static func satisfy(
        _ entries: [AssumedRegistration], edges: inout [Edge], rootRequests: inout [Edge], services: inout [String: Service]
    ) {
        let keys = Set(entries.flatMap(\.keys))
        guard !keys.isEmpty else { return }
        func settle(_ edge: inout Edge) {
            guard edge.missing else { return }
            let type = edge.request.map { TypeName.normalize($0.type) }
            guard keys.contains(edge.to) || (edge.request?.name == nil && type.map(keys.contains) == true) else { return }
            edge.missing = false
            edge.openedBy = []
            if services[edge.to] == nil {
                services[edge.to] = Service(
                    id: edge.to, type: edge.request?.type ?? edge.to, name: edge.request?.name,
                    arguments: edge.request?.argumentTypes ?? [], lifetime: .unknown,
                    lifetimeDetail: "assumed registered (assume_registered:)", style: "assumed")
            }
        }
        for i in edges.indices { settle(&edges[i]) }
        for i in rootRequests.indices { settle(&rootRequests[i]) }
    }
}
