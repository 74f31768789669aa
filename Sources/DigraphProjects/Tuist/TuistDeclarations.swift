import DigraphCore
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// One Swift file of a Tuist project as parsed: a manifest or a helper.
final class TuistFile {
    let display: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(source: String, display: String) {
        self.display = display
        var source = source
        let parsed = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: SwiftNesting.parserNestingLevel) }
        // `a + b == c` is a flat sequence until folded with Swift's own precedences.
        tree = (OperatorTable.standardOperators.foldAll(parsed) { _ in }).as(SourceFileSyntax.self) ?? parsed
        converter = SourceLocationConverter(fileName: display, tree: tree)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let start = node.startLocation(converter: converter, afterLeadingTrivia: true)
        return SourceLocation(file: display, line: start.line, column: start.column)
    }
}

/// What the helpers (and the manifest) declare that a manifest's expressions can reach: functions
/// and static members by name, with the type they are declared in (`Project` for
/// `extension Project { static func makeModule(...) }`), enum cases with their raw values, and
/// top-level `let`s.
struct TuistDeclarations {
    struct Function {
        var declaration: FunctionDeclSyntax
        var file: TuistFile
        /// The type it is a member of (`TargetDependency.Feature`), nil for a global function.
        var type: String?
        var isStatic: Bool
    }

    struct Variable {
        /// The initializer, or the getter's body of a computed property.
        enum Value {
            case expression(ExprSyntax)
            case getter(CodeBlockItemListSyntax)
        }

        var value: Value
        var file: TuistFile
        var type: String?
        /// The declared type (`SourceFilesList` in `static let sources: SourceFilesList = ...`).
        var declaredType: String?
    }

    struct EnumCase {
        var raw: String
        var type: String
        var hasPayload: Bool
        /// The payload's types in order (`Scene` in `case scene(Scene)`): what `.scene(.home)`'s
        /// `.home` is a case of.
        var payloadTypes: [String] = []
    }

    private(set) var functions: [String: [Function]] = [:]
    /// Static members by name.
    private(set) var statics: [String: [Variable]] = [:]
    /// Instance computed properties by name (`var path: String { "\\(Self.self)/\\(rawValue)" }` in
    /// a helper enum or its protocol's extension): what `module.path` is for a case.
    private(set) var properties: [String: [Variable]] = [:]
    /// Instance stored properties with a value, by their type, in the order written
    /// (`let projectName: String = "Cllog"` in `struct AppConfiguration`): what an instance built
    /// by an initializer that does not set them holds.
    private(set) var storedDefaults: [String: [(name: String, variable: Variable)]] = [:]
    /// Top-level `let`s and `var`s by name (the manifest's first, then the helpers').
    private(set) var globals: [String: Variable] = [:]
    private(set) var cases: [String: [EnumCase]] = [:]
    /// Initializers by type: a helper struct built with some arguments has the others' defaults.
    private(set) var initializers: [String: [(declaration: InitializerDeclSyntax, file: TuistFile)]] = [:]
    /// Every type the helpers declare or extend, qualified (`ModulePaths.Feature`).
    private(set) var types: Set<String> = []
    /// Type -> the protocols and types it names after `:` (its own and its extensions').
    private(set) var inherits: [String: Set<String>] = [:]
    /// `typealias Dep = TargetDependency` (TeamOne's plugin): the name -> the type it stands for.
    private(set) var aliases: [String: String] = [:]

    mutating func add(_ file: TuistFile) {
        for item in file.tree.statements { add(Syntax(item.item), in: nil, file: file) }
    }

    /// `other`'s declarations after these, as if its files had been added after these ones (a
    /// global declared in both keeps this one's).
    mutating func append(_ other: TuistDeclarations) {
        functions.merge(other.functions) { mine, theirs in mine + theirs }
        statics.merge(other.statics) { mine, theirs in mine + theirs }
        properties.merge(other.properties) { mine, theirs in mine + theirs }
        storedDefaults.merge(other.storedDefaults) { mine, theirs in mine + theirs }
        globals.merge(other.globals) { mine, _ in mine }
        cases.merge(other.cases) { mine, theirs in mine + theirs }
        initializers.merge(other.initializers) { mine, theirs in mine + theirs }
        types.formUnion(other.types)
        inherits.merge(other.inherits) { mine, theirs in mine.union(theirs) }
        aliases.merge(other.aliases) { mine, _ in mine }
    }

    /// `Dep.Modules` -> `TargetDependency.Modules` when `typealias Dep = TargetDependency`: the
    /// longest aliased prefix replaced, a few times over for an alias of an alias.
    func canonical(_ type: String) -> String {
        guard !aliases.isEmpty else { return type }
        var current = type
        for _ in 0..<4 {
            let parts = current.split(separator: ".").map(String.init)
            guard let n = stride(from: parts.count, to: 0, by: -1).first(where: { aliases[parts[0..<$0].joined(separator: ".")] != nil }),
                let target = aliases[parts[0..<n].joined(separator: ".")]
            else { return current }
            let next = ([target] + parts[n...]).joined(separator: ".")
            if next == current { return current }
            current = next
        }
        return current
    }

    /// Every declaration's type under its canonical name, once every file is added: an alias may
    /// be declared in a file read after the extensions that use it.
    mutating func resolveAliases() {
        guard !aliases.isEmpty else { return }
        let resolved = self
        let name = { (type: String?) in type.map { resolved.canonical($0) } }
        functions = functions.mapValues { $0.map { var f = $0; f.type = name(f.type); return f } }
        statics = statics.mapValues { $0.map { var v = $0; v.type = name(v.type); return v } }
        properties = properties.mapValues { $0.map { var v = $0; v.type = name(v.type); return v } }
        storedDefaults = Dictionary(
            storedDefaults.map { (resolved.canonical($0.key), $0.value.map { ($0.name, { var v = $0; v.type = name(v.type); return v }($0.variable)) }) },
            uniquingKeysWith: +)
        cases = cases.mapValues { $0.map { var c = $0; c.type = resolved.canonical(c.type); return c } }
        initializers = Dictionary(initializers.map { (resolved.canonical($0.key), $0.value) }, uniquingKeysWith: +)
        types = Set(types.map(resolved.canonical)).union(types)
        inherits = Dictionary(
            inherits.map { (resolved.canonical($0.key), Set($0.value.map(resolved.canonical))) }, uniquingKeysWith: { $0.union($1) })
    }

    private mutating func add(_ node: Syntax, in type: String?, file: TuistFile) {
        if let ifConfig = node.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                switch clause.elements {
                case .statements(let items)?: for item in items { add(Syntax(item.item), in: type, file: file) }
                case .decls(let members)?: for member in members { add(Syntax(member.decl), in: type, file: file) }
                default: break
                }
            }
            return
        }
        if let ext = node.as(ExtensionDeclSyntax.self) {
            let name = Self.typeName(ext.extendedType)
            addInherited(ext.inheritanceClause, to: name)
            addMembers(ext.memberBlock, in: name, file: file)
        } else if let decl = node.as(EnumDeclSyntax.self) {
            let name = qualified(decl.name.text, in: type)
            addInherited(decl.inheritanceClause, to: name)
            addMembers(decl.memberBlock, in: name, file: file)
        } else if let decl = node.as(StructDeclSyntax.self) {
            addMembers(decl.memberBlock, in: qualified(decl.name.text, in: type), file: file)
        } else if let decl = node.as(ClassDeclSyntax.self) {
            addMembers(decl.memberBlock, in: qualified(decl.name.text, in: type), file: file)
        } else if let decl = node.as(ProtocolDeclSyntax.self) {
            // Extensions of a protocol give its conformers' methods; a requirement alone gives nothing.
            types.insert(qualified(decl.name.text, in: type))
        } else if let function = node.as(FunctionDeclSyntax.self) {
            let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
            functions[function.name.text, default: []].append(
                Function(declaration: function, file: file, type: type, isStatic: isStatic || type == nil))
        } else if let variable = node.as(VariableDeclSyntax.self) {
            let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let declared = binding.typeAnnotation.map { Self.typeName($0.type) }
                let value: Variable.Value
                if let initializer = binding.initializer {
                    value = .expression(initializer.value)
                } else if let accessors = binding.accessorBlock {
                    switch accessors.accessors {
                    case .getter(let body): value = .getter(body)
                    case .accessors(let list):
                        guard let get = list.first(where: { $0.accessorSpecifier.text == "get" })?.body else { continue }
                        value = .getter(get.statements)
                    }
                } else {
                    continue
                }
                let entry = Variable(value: value, file: file, type: type, declaredType: declared)
                if type == nil {
                    if globals[name] == nil { globals[name] = entry }
                } else if isStatic {
                    statics[name, default: []].append(entry)
                } else if case .getter = value {
                    properties[name, default: []].append(entry)
                } else if let type {
                    storedDefaults[type, default: []].append((name, entry))
                }
            }
        } else if let alias = node.as(TypeAliasDeclSyntax.self) {
            aliases[qualified(alias.name.text, in: type)] = Self.typeName(alias.initializer.value)
        } else if let initializer = node.as(InitializerDeclSyntax.self), let type {
            initializers[type, default: []].append((initializer, file))
        } else if let decl = node.as(EnumCaseDeclSyntax.self), let type {
            for element in decl.elements {
                let raw = element.rawValue.flatMap { $0.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
                cases[element.name.text, default: []].append(
                    EnumCase(
                        raw: raw ?? element.name.text, type: type, hasPayload: element.parameterClause != nil,
                        payloadTypes: element.parameterClause?.parameters.map { Self.typeName($0.type) } ?? []))
            }
        }
    }

    private mutating func addMembers(_ block: MemberBlockSyntax, in type: String, file: TuistFile) {
        types.insert(type)
        for member in block.members { add(Syntax(member.decl), in: type, file: file) }
    }

    private mutating func addInherited(_ clause: InheritanceClauseSyntax?, to type: String) {
        for inherited in clause?.inheritedTypes ?? [] { inherits[type, default: []].insert(Self.typeName(inherited.type)) }
    }

    private func qualified(_ name: String, in type: String?) -> String { type.map { "\($0).\(name)" } ?? name }

    /// `ProjectDescription.TargetDependency` -> `TargetDependency`; `[Target]` -> `[Target]`.
    static func typeName(_ type: TypeSyntax) -> String {
        var text = type.trimmedDescription
        if text.hasPrefix("ProjectDescription.") { text.removeFirst("ProjectDescription.".count) }
        return text
    }

    /// How well a declaration's type fits the type written or expected: 2 exactly or by its last
    /// components (`Feature` for `TargetDependency.Feature`), 1 when nothing is expected, 0 not.
    static func fit(_ declared: String?, _ expected: String?) -> Int {
        guard let expected = expected.map(elementType), !expected.isEmpty else { return 1 }
        guard let declared else { return 0 }
        if declared == expected || declared.hasSuffix("." + expected) || expected.hasSuffix("." + declared) { return 2 }
        // `Self`, `Path` in `extension ProjectDescription.Path`.
        return 0
    }

    /// `[TargetDependency]`, `Set<MicroFeatureTarget>`, `SourceFilesList?` -> the element's type.
    static func elementType(_ type: String) -> String {
        var text = Substring(type)
        while let last = text.last, last == "?" || last == "!" { text = text.dropLast() }
        if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") { return elementType(String(text.dropFirst().dropLast())) }
        for wrapper in ["Set<", "Array<", "Optional<"] where text.hasPrefix(wrapper) && text.hasSuffix(">") {
            return elementType(String(text.dropFirst(wrapper.count).dropLast()))
        }
        return String(text)
    }
}
