/// A value a factory makes with a static member of a type (`UIStoryboard.instantiateViewController(of:
/// Controller.self)`, `Client.live()`, `Theme.current`), typed from that member's declaration,
/// which is often in another file. The scanner writes such a value as a token (``token(base:member:
/// isCall:metatypes:)``) where it would write a type; this pass replaces each token with the type
/// the declaration gives, or drops it when no declaration of the scan says (unknown, never guessed).
public enum StaticProductTypes {
    private static let marker: Character = "\u{1}"
    private static let separator: Character = "\u{2}"

    /// `metatypes`: the call's `X.self` arguments with their labels (`_` for none). `fallback`:
    /// the type when no declaration of the scan says (`URLSession.shared` is a `URLSession` by
    /// convention: the framework declares it, not the app).
    public static func token(
        base: String, member: String, isCall: Bool, metatypes: [(label: String, type: String)], fallback: String? = nil
    ) -> String {
        var text = String(marker) + (isCall ? "call" : "get") + String(marker) + base + String(marker) + member + String(marker)
        text += metatypes.map { "\($0.label)=\($0.type)" }.joined(separator: String(separator))
        return text + String(marker) + (fallback ?? "")
    }

    public static func isToken(_ text: String) -> Bool { text.first == marker }

    private struct Use {
        var isCall: Bool
        var base: String
        var member: String
        var metatypes: [(label: String, type: String)]
        var fallback: String?
    }

    private static func parse(_ token: String) -> Use? {
        let parts = token.split(separator: marker, omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.count == 5 else { return nil }
        let metatypes = parts[3].split(separator: separator).compactMap { pair -> (label: String, type: String)? in
            let halves = pair.split(separator: "=", maxSplits: 1)
            guard halves.count == 2 else { return nil }
            return (String(halves[0]), String(halves[1]))
        }
        return Use(
            isCall: parts[0] == "call", base: parts[1], member: parts[2], metatypes: metatypes,
            fallback: parts[4].isEmpty ? nil : parts[4])
    }

    static func apply(_ files: inout [FileFacts]) {
        guard files.anyFile(holdsTokens) else { return }
        // The members the tokens name: the declarations of no other member are looked up.
        var named: Set<String> = []
        files.forEachFile { file in
            forEachToken(in: file) { token in if let use = parse(token) { named.insert(use.member) } }
        }
        var functions: [String: [StaticFunctionFact]] = [:]
        var properties: [String: Set<String>] = [:]
        var inherited: [String: Set<String>] = [:]
        files.forEachFile { file in
            for type in file.types {
                if !type.inheritedTypes.isEmpty { inherited[type.name, default: []].formUnion(type.inheritedTypes) }
                for function in type.staticFunctions where named.contains(function.name) {
                    functions["\(type.name).\(function.name)", default: []].append(function)
                }
                for property in type.storedProperties where property.isStatic && named.contains(property.name) {
                    if let written = property.type { properties["\(type.name).\(property.name)", default: []].insert(written) }
                }
            }
        }
        func typing(_ token: String) -> String? {
            parse(token).flatMap { type(of: $0, functions: functions, properties: properties, inherited: inherited) }
        }
        func settle(_ written: inout [String]) {
            written = Array(Set(written.compactMap { isToken($0) ? typing($0) : $0 })).sorted()
        }
        // Each list written only where it holds a token: writing into one, even nothing, copies
        // it (the file's cached facts share it).
        for f in files.indices(where: holdsTokens) {
            settlePending(&files[f], typing: typing)
            for r in files[f].registrations.indices where holdsToken(files[f].registrations[r].implementationTypes) {
                settle(&files[f].registrations[r].implementationTypes)
            }
            for m in files[f].members.services.indices where holdsToken(files[f].members.services[m].implementationTypes) {
                settle(&files[f].members.services[m].implementationTypes)
            }
            for k in files[f].members.keys.indices where holdsToken(files[f].members.keys[k].implementationTypes) {
                settle(&files[f].members.keys[k].implementationTypes)
            }
            for c in files[f].needle.components.indices {
                for p in files[f].needle.components[c].properties.indices
                where holdsToken(files[f].needle.components[c].properties[p].implementationTypes) {
                    settle(&files[f].needle.components[c].properties[p].implementationTypes)
                }
            }
        }
    }

    /// A pending registration typed from its token joins the file's registrations, and the
    /// unread site at its location (and its untyped fact) is withdrawn; one left untyped is dropped.
    private static func settlePending(_ file: inout FileFacts, typing: (String) -> String?) {
        guard !file.pendingRegistrations.isEmpty else { return }
        var typedAt: Set<SourceLocation> = []
        for var pending in file.pendingRegistrations {
            guard let type = typing(pending.serviceType) else { continue }
            pending.serviceType = type
            pending.implementationTypes = [type]
            file.registrations.append(pending)
            typedAt.insert(pending.location)
        }
        file.pendingRegistrations = []
        guard !typedAt.isEmpty else { return }
        file.unanalyzable.removeAll { $0.opens != nil && typedAt.contains($0.location) }
        file.untypedRegistrations.removeAll { typedAt.contains($0.location) }
    }

    private static func holdsToken(_ written: [String]) -> Bool { written.contains(where: isToken) }

    /// Whether a file's facts hold a token anywhere a style writes what a value builds.
    private static func holdsTokens(_ file: FileFacts) -> Bool {
        !file.pendingRegistrations.isEmpty
            || file.registrations.contains { holdsToken($0.implementationTypes) }
            || file.members.services.contains { holdsToken($0.implementationTypes) }
            || file.members.keys.contains { holdsToken($0.implementationTypes) }
            || file.needle.components.contains { $0.properties.contains { holdsToken($0.implementationTypes) } }
    }

    /// Every token of a file's facts, where ``holdsTokens(_:)`` looks for them.
    private static func forEachToken(in file: FileFacts, _ body: (String) -> Void) {
        for pending in file.pendingRegistrations where isToken(pending.serviceType) { body(pending.serviceType) }
        func each(_ written: [String]) { for type in written where isToken(type) { body(type) } }
        for registration in file.registrations { each(registration.implementationTypes) }
        for service in file.members.services { each(service.implementationTypes) }
        for key in file.members.keys { each(key.implementationTypes) }
        for component in file.needle.components {
            for property in component.properties { each(property.implementationTypes) }
        }
    }

    /// What `type` conforms to or inherits, however far, nearest first.
    private static func conformances(of type: String, _ inherited: [String: Set<String>]) -> [String] {
        var found: [String] = []
        var pending = inherited[type, default: []].sorted()
        var seen: Set<String> = [type]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            pending += inherited[next, default: []].sorted()
        }
        return found
    }

    /// The one type every declaration of the member gives; nil when none is read or they differ.
    private static func type(
        of use: Use, functions: [String: [StaticFunctionFact]], properties: [String: Set<String>],
        inherited: [String: Set<String>]
    ) -> String? {
        var key = "\(use.base).\(use.member)"
        // COOKID's `SignInViewController.instantiate(storyboardID:)`, declared `-> Self` in an
        // extension of a protocol the controller conforms to.
        if functions[key] == nil, properties[key] == nil,
            let declaring = conformances(of: use.base, inherited).first(where: {
                functions["\($0).\(use.member)"] != nil || properties["\($0).\(use.member)"] != nil
            })
        {
            key = "\(declaring).\(use.member)"
        }
        var types: Set<String> = []
        if use.isCall {
            for function in functions[key, default: []] {
                if let label = function.metatypeLabel {
                    guard let argument = use.metatypes.first(where: { $0.label == label }) else { return nil }
                    types.insert(argument.type)
                } else {
                    types.insert(function.returnType == "Self" ? use.base : function.returnType)
                }
            }
        } else {
            for written in properties[key, default: []] {
                types.insert(TypeName.unwrappingOptional(written) == "Self" ? use.base : TypeName.unwrappingOptional(written))
            }
        }
        if types.isEmpty, functions[key] == nil, properties[key] == nil { return use.fallback }
        guard types.count == 1 else { return nil }
        return types.first
    }
}
