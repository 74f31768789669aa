/// Every initializer declared in the scanned code, by type: what `Impl.init` takes when `Impl` is
/// declared in another file than the registration that names it.
struct InitializerIndex {
    private var declarations: [String: [TypeDeclFact]] = [:]
    /// `Inner` -> `Outer.Inner`, for types referred to by their last component.
    private var qualifiedNames: [String: Set<String>] = [:]

    init(_ files: [FileFacts]) {
        for file in files {
            for decl in file.types { add(decl) }
        }
    }

    /// Only these declarations: a type whose initializers are inherited from one not among them
    /// has none known.
    init(declarations: [TypeDeclFact]) {
        for decl in declarations { add(decl) }
    }

    private mutating func add(_ decl: TypeDeclFact) {
        declarations[decl.name, default: []].append(decl)
        qualifiedNames[TypeName.lastComponent(decl.name), default: []].insert(decl.name)
    }

    /// The generic parameters `type`'s declaration names (`ClipboardView<ViewModel>`: `ViewModel`).
    func genericParameters(of type: String) -> [String] {
        guard let name = declaredName(type) else { return [] }
        return declarations[name, default: []].first { $0.kind != .extension && $0.kind != .protocol }?.genericParameters ?? []
    }

    /// Whether what is passed as `argument` may be kept: false only when every initializer of
    /// its type those labels fit reads that parameter on the spot or ignores it
    /// (``ParameterFact/isKept``). nil (not an initializer argument) or an unknown type: kept.
    func mayKeep(_ argument: InitializerArgument?, file: String) -> Bool {
        guard let argument, let candidates = initializers(of: argument.type, in: file) else { return true }
        let fitting = candidates.compactMap { initializer -> ParameterFact? in
            guard let positions = InitializerMatch.argumentPositions(argument.labels, in: initializer),
                positions.indices.contains(argument.index)
            else { return nil }
            return initializer.parameters[positions[argument.index]]
        }
        return fitting.isEmpty || fitting.contains(where: \.isKept)
    }

    /// The initializers `type` can be built with: its own (declaration and extensions), else the
    /// superclass's when it declares none, else the implicit `init()`. nil when `type` is not a
    /// struct, class, enum or actor declared in the scanned code.
    /// A type declared in several files (a `private class Service` in each of two tests) is the
    /// one in `file`, the file naming it, when that file declares one.
    func initializers(of type: String, in file: String? = nil) -> [InitializerFact]? {
        var visited: Set<String> = []
        return initializers(of: type, in: file, visited: &visited)
    }

    private func initializers(of type: String, in file: String?, visited: inout Set<String>) -> [InitializerFact]? {
        guard let name = declaredName(type), visited.insert(name).inserted else { return nil }
        var decls = declarations[name, default: []]
        let isPrimary = { (decl: TypeDeclFact) in decl.kind != .extension && decl.kind != .protocol }
        if let file, decls.filter(isPrimary).count > 1, decls.contains(where: { isPrimary($0) && $0.location.file == file }) {
            decls = decls.filter { $0.location.file == file }
        }
        guard let primary = decls.first(where: { $0.kind != .extension && $0.kind != .protocol }) else { return nil }
        let own = decls.flatMap(\.initializers)
        if !own.isEmpty { return own }
        if primary.kind == .class, let superclass = primary.inheritedTypes.first,
            let inherited = initializers(of: superclass, in: file, visited: &visited)
        {
            return inherited
        }
        return [InitializerFact(parameters: [], location: primary.location)]
    }

    /// `Impl<T>` -> `Impl`; `Inner` -> `Outer.Inner` when only one type has that last component.
    private func declaredName(_ type: String) -> String? {
        var name = TypeName.normalize(type)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        if declarations[name] != nil { return name }
        if let candidates = qualifiedNames[TypeName.lastComponent(name)], candidates.count == 1 { return candidates.first }
        return nil
    }
}

/// How a site's labels pick an initializer.
enum InitializerMatch {
    /// Where each argument of a call with these labels goes: the parameter index per argument, or
    /// nil when the initializer cannot take them. Parameters with a default value may be skipped.
    static func argumentPositions(_ labels: [String?], in initializer: InitializerFact) -> [Int]? {
        argumentPositions(labels, parameters: initializer.parameters)
    }

    static func argumentPositions(_ labels: [String?], parameters: [ParameterFact]) -> [Int]? {
        var positions: [Int] = []
        var p = 0
        for label in labels {
            while p < parameters.count, parameters[p].label != label {
                guard parameters[p].hasDefault else { return nil }
                p += 1
            }
            guard p < parameters.count else { return nil }
            positions.append(p)
            p += 1
        }
        while p < parameters.count {
            guard parameters[p].hasDefault else { return nil }
            p += 1
        }
        return positions
    }

    /// `Impl.init(a:b:)` names exactly one signature.
    static func hasLabels(_ labels: [String?], _ initializer: InitializerFact) -> Bool {
        initializer.parameters.map(\.label) == labels
    }
}
