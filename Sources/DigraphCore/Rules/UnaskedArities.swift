/// Registrations that no request read in the program asks for with their arguments, while
/// requests of the same type and name pass other arguments. A Swinject (or Dip) key includes the
/// argument types, so those requests go to another registration and this factory may never run
/// (tice registers `RegisterViewModelType` with no argument for screenshot builds only; every
/// resolve passes one). What such a factory asks for is not proven to be asked: a miss, an
/// argument mismatch or a captive in it is a note, not an error or a warning.
enum UnaskedArities {
    /// Service id -> why its factory may never run, for every such registration of `graph`.
    static func registrations(in graph: DependencyGraph) -> [String: String] {
        let requests = graph.allRequests
        var askedIDs: Set<String> = []
        // Type and name -> the argument counts requests pass.
        var passed: [String: Set<Int>] = [:]
        for edge in requests {
            askedIDs.insert(edge.to)
            if let request = edge.request {
                passed[key(request.type, request.name), default: []].insert(request.argumentTypes.count)
            }
        }
        var out: [String: String] = [:]
        for service in graph.services where keyedByArguments.contains(service.style) && !askedIDs.contains(service.id) {
            guard let counts = passed[key(service.type, service.name)], !counts.contains(service.arguments.count) else {
                continue
            }
            let shown = counts.sorted().map(String.init).joined(separator: " or ")
            out[service.id] =
                "no request read here asks for `\(service.type)` with \(service.arguments.count) argument"
                + (service.arguments.count == 1 ? "" : "s") + " (they pass \(shown)), so its factory may never run"
        }
        return out
    }

    /// The styles whose keys include the runtime arguments a resolve passes.
    private static let keyedByArguments: Set<String> = [Registry.swinject.style, Registry.dip.style]

    private static func key(_ type: String, _ name: String?) -> String {
        TypeName.matchingKey(type) + "\u{0}" + (name ?? "")
    }
}
