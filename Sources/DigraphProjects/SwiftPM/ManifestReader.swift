import DigraphCore
import SwiftParser
import SwiftSyntax

/// Reads a `Package.swift` statically with SwiftSyntax: `Package(targets:)`, targets kept in
/// top-level `let`s, `+` concatenations and `package.targets += [...]` / `.append(...)`. The
/// manifest is never executed, so whatever is computed (a target made by a helper function, a
/// name built at run time) becomes a note at its position rather than a guess.
struct ManifestReader {
    let file: String
    private let converter: SourceLocationConverter
    private let tree: SourceFileSyntax
    private var expressions: ManifestExpressions
    private var notes: [ProgramNote] = []
    /// Dependencies a top-level `for` loop adds to each target of a list, by the target's expression.
    private var loopDependencies: [SyntaxIdentifier: [ExprSyntax]] = [:]

    init(source: String, file: String) {
        self.file = file
        var source = source
        tree = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: SwiftNesting.parserNestingLevel) }
        converter = SourceLocationConverter(fileName: file, tree: tree)
        expressions = ManifestExpressions(file: file, converter: converter)
    }

    static func read(source: String, file: String) throws(ProjectError) -> Manifest {
        // Parsing and reading recurse as deep as the manifest nests: bounded first.
        if let deep = SwiftNesting.check(source) {
            throw ProjectError(file: file, line: deep.line, column: deep.column, message: deep.what)
        }
        var reader = ManifestReader(source: source, file: file)
        if let deep = reader.deepestNode(limit: SwiftNesting.treeDepthLimit) {
            throw ProjectError(file: file, line: deep.line, column: deep.column, message: deep.what)
        }
        try reader.rejectSyntaxErrors()
        return reader.manifest()
    }

    /// Where the tree first goes deeper than `limit` (counted without recursion); nil if it never does.
    func deepestNode(limit: Int) -> SwiftNesting.TooDeep? {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit {
                let location = node.startLocation(converter: converter)
                return SwiftNesting.TooDeep(kind: .syntaxTree, limit: limit, line: location.line, column: location.column)
            }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// SwiftPM refuses a manifest that does not parse, so digraph does too, at the first error.
    func rejectSyntaxErrors() throws(ProjectError) {
        try Self.rejectSyntaxErrors(in: tree, converter: converter, file: file)
    }

    /// The first syntax error of `tree` (a manifest, a Tuist helper), at its position.
    static func rejectSyntaxErrors(in tree: SourceFileSyntax, converter: SourceLocationConverter, file: String)
        throws(ProjectError)
    {
        guard tree.hasError else { return }
        for token in tree.tokens(viewMode: .all) {
            let location = token.startLocation(converter: converter)
            if token.presence == .missing {
                // A missing name or expression is spelled as an editor placeholder (`<#expression#>`).
                let placeholder = token.text.isEmpty || token.text.hasPrefix("<#")
                let expected = placeholder ? "an expression" : "'\(token.text)'"
                throw ProjectError(file: file, line: location.line, column: location.column,
                                   message: "syntax error: expected \(expected)")
            }
            if token.ancestorOrSelf(mapping: { $0.as(UnexpectedNodesSyntax.self) }) != nil {
                throw ProjectError(file: file, line: location.line, column: location.column,
                                   message: "syntax error: unexpected '\(token.text)'")
            }
        }
        throw ProjectError(file: file, line: 1, column: 1, message: "syntax error")
    }

    mutating func manifest() -> Manifest {
        let statements = Self.topLevelItems(tree.statements)
        for item in statements { expressions.collectBinding(item) }
        var manifest = Manifest()
        guard let (packageName, call) = findPackageCall(statements) else {
            note("no 'Package(...)' found in the manifest", at: Syntax(tree))
            manifest.notes = notes
            return manifest
        }
        if let name = call.arguments.first(where: { $0.label?.text == "name" }) {
            manifest.name = expressions.string(name.expression)
        }
        var collections: [String: [ExprSyntax]] = [:]
        for property in ["targets", "products", "dependencies"] {
            if let argument = call.arguments.first(where: { $0.label?.text == property }) {
                collections[property] = expressions.list(argument.expression, what: property)
            }
        }
        for item in Self.withIfBranches(statements) { applyMutation(item, packageName: packageName, to: &collections) }
        for item in statements { readLoop(item, packageName: packageName, targets: collections["targets"] ?? []) }

        for element in collections["dependencies"] ?? [] { readPackageDependency(element, into: &manifest) }
        for element in collections["products"] ?? [] { readProduct(element, into: &manifest) }
        for element in collections["targets"] ?? [] {
            if let target = readTarget(element) { manifest.targets.append(target) }
        }
        manifest.notes = notes + expressions.notes
        return manifest
    }

    /// Top-level items, with the clauses of `#if` blocks flattened in: a target declared for one
    /// platform is still a target of the project.
    static func topLevelItems(_ list: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax.Item] {
        var out: [CodeBlockItemSyntax.Item] = []
        for statement in list {
            if let ifConfig = statement.item.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .statements(let inner)? = clause.elements { out += topLevelItems(inner) }
                }
            } else {
                out.append(statement.item)
            }
        }
        return out
    }

    /// The items, with the statements of every branch of a top-level `if` added: a target added
    /// only when an environment variable is unset (isowords'
    /// `if ProcessInfo.processInfo.environment["TEST_SERVER"] == nil { package.targets.append(…) }`)
    /// is still a target of the project.
    static func withIfBranches(_ items: [CodeBlockItemSyntax.Item]) -> [CodeBlockItemSyntax.Item] {
        var out: [CodeBlockItemSyntax.Item] = []
        for item in items {
            out.append(item)
            var branch = item.as(IfExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            while let current = branch {
                out += withIfBranches(topLevelItems(current.body.statements))
                switch current.elseBody {
                case .ifExpr(let next)?: branch = next
                case .codeBlock(let block)?:
                    out += withIfBranches(topLevelItems(block.statements))
                    branch = nil
                case nil: branch = nil
                }
            }
        }
        return out
    }

    private func findPackageCall(_ items: [CodeBlockItemSyntax.Item]) -> (String, FunctionCallExprSyntax)? {
        for item in items {
            guard let variable = item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                      ManifestExpressions.calleeName(call) == "Package" else { continue }
                return (name, call)
            }
        }
        return nil
    }

    /// `package.targets += [...]`, `package.targets.append(x)`, `.append(contentsOf: [...])`,
    /// `package.targets = [...]`.
    private mutating func applyMutation(
        _ item: CodeBlockItemSyntax.Item, packageName: String, to collections: inout [String: [ExprSyntax]]
    ) {
        func property(_ expr: ExprSyntax) -> String? {
            guard let access = expr.as(MemberAccessExprSyntax.self),
                  access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == packageName else { return nil }
            let name = access.declName.baseName.text
            return ["targets", "products", "dependencies"].contains(name) ? name : nil
        }
        if let sequence = item.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            guard parts.count == 3, let name = property(parts[0]) else { return }
            if parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                collections[name, default: []] += expressions.list(parts[2], what: name)
            } else if parts[1].is(AssignmentExprSyntax.self) {
                collections[name] = expressions.list(parts[2], what: name)
            } else {
                note("'\(packageName).\(name)' changed in a way digraph does not follow", at: Syntax(sequence))
            }
            return
        }
        guard let call = item.as(FunctionCallExprSyntax.self),
              let access = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = access.base, let name = property(base) else { return }
        let arguments = Array(call.arguments)
        switch (access.declName.baseName.text, arguments.first?.label?.text) {
        case ("append", nil) where arguments.count == 1:
            collections[name, default: []].append(arguments[0].expression)
        case ("append", "contentsOf") where arguments.count == 1:
            collections[name, default: []] += expressions.list(arguments[0].expression, what: name)
        default:
            note("'\(packageName).\(name).\(access.declName.baseName.text)' is not followed", at: Syntax(call))
        }
    }

    /// `for target in features { target.dependencies.append(contentsOf: [...]) }` (also `+=`,
    /// `.append(x)`, over `package.targets`): what each target of the list depends on besides
    /// what its declaration says. Other changes a loop makes (settings) are not read.
    private mutating func readLoop(_ item: CodeBlockItemSyntax.Item, packageName: String, targets: [ExprSyntax]) {
        guard let loop = item.as(ForStmtSyntax.self), let variable = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return }
        func isDependencies(_ expr: ExprSyntax?) -> Bool {
            guard let access = expr?.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "dependencies" else { return false }
            return access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == variable
        }
        var added: [ExprSyntax] = []
        for statement in loop.body.statements {
            if let call = statement.item.as(FunctionCallExprSyntax.self),
                let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "append",
                isDependencies(access.base), call.arguments.count == 1, let argument = call.arguments.first
            {
                if argument.label?.text == "contentsOf" {
                    added += expressions.list(argument.expression, what: "dependencies")
                } else if argument.label == nil {
                    added.append(argument.expression)
                }
            } else if let sequence = statement.item.as(SequenceExprSyntax.self) {
                let parts = Array(sequence.elements)
                if parts.count == 3, isDependencies(parts[0]), parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                    added += expressions.list(parts[2], what: "dependencies")
                }
            }
        }
        guard !added.isEmpty else { return }
        let sequence = ManifestExpressions.unparenthesized(loop.sequence)
        let isPackageTargets = sequence.as(MemberAccessExprSyntax.self).map {
            $0.declName.baseName.text == "targets" && $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == packageName
        } ?? false
        for target in isPackageTargets ? targets : expressions.list(sequence, what: "targets") {
            loopDependencies[target.id, default: []] += added
        }
    }

    private mutating func readPackageDependency(_ element: ExprSyntax, into manifest: inout Manifest) {
        // Only local packages matter: a remote package's files are never part of this scan.
        guard let call = expressions.resolvedCall(element), ManifestExpressions.calleeName(call) == "package",
              let pathArgument = ManifestExpressions.argument(call, "path"),
              let path = expressions.string(pathArgument) else { return }
        let identity = FilePath.lastComponent(path).lowercased()
        manifest.localPackages[identity] = path
        if let nameArgument = ManifestExpressions.argument(call, "name"), let name = expressions.string(nameArgument) {
            manifest.localPackages[name] = path
        }
    }

    private mutating func readProduct(_ element: ExprSyntax, into manifest: inout Manifest) {
        guard let call = expressions.resolvedCall(element),
              let nameArgument = ManifestExpressions.argument(call, "name"),
              let name = expressions.string(nameArgument),
              let targetsArgument = ManifestExpressions.argument(call, "targets") else { return }
        manifest.products[name] = expressions.strings(targetsArgument, what: "product targets")
    }

    private mutating func readTarget(_ element: ExprSyntax) -> Manifest.Target? {
        var inlined = false
        guard let call = expressions.resolvedCall(element, inlined: &inlined) else {
            note("target not read: '\(ManifestExpressions.abbreviated(element))' is not a target declaration digraph can read",
                 at: Syntax(element))
            return nil
        }
        let kinds: [String: Manifest.Target.Kind] = [
            "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
            "plugin": .plugin, "systemLibrary": .sourceless, "binaryTarget": .sourceless,
        ]
        guard let callee = ManifestExpressions.calleeName(call), let kind = kinds[callee],
              call.calledExpression.is(MemberAccessExprSyntax.self) else {
            note("target not read: '\(ManifestExpressions.abbreviated(ExprSyntax(call)))' is not a target declaration digraph can read",
                 at: Syntax(call))
            return nil
        }
        guard let nameArgument = ManifestExpressions.argument(call, "name") else {
            note("target not read: no 'name:'", at: Syntax(call))
            return nil
        }
        guard let name = expressions.string(nameArgument) else {
            note("target not read: its name '\(nameArgument.trimmedDescription)' is not a string literal", at: Syntax(nameArgument))
            return nil
        }
        // A helper's target is where the manifest lists it, not in the helper.
        let site = inlined ? Syntax(element) : Syntax(call)
        var target = Manifest.Target(kind: kind, name: name, location: expressions.location(of: site))
        guard kind != .sourceless else { return target }
        if let path = ManifestExpressions.argument(call, "path") {
            target.path = expressions.string(path)
            if target.path == nil {
                note("target '\(name)': 'path:' is not a string literal; its files are not known", at: Syntax(path))
                target.filesUnknown = true
            }
        }
        if let sources = ManifestExpressions.argument(call, "sources") {
            let before = expressions.notes.count
            target.sources = expressions.strings(sources, what: "target '\(name)' sources")
            if expressions.notes.count != before { target.filesUnknown = true }
        }
        if let exclude = ManifestExpressions.argument(call, "exclude") {
            target.exclude = expressions.strings(exclude, what: "target '\(name)' exclude")
        }
        // `.copy("Fixtures")`, `.process("Data")`: resources are bundled, never compiled.
        if let resources = ManifestExpressions.argument(call, "resources") {
            for resource in expressions.list(resources, what: "target '\(name)' resources") {
                guard let rule = resource.as(FunctionCallExprSyntax.self), let path = rule.arguments.first?.expression,
                    let value = expressions.string(path)
                else { continue }
                target.exclude.append(value)
            }
        }
        if let dependencies = ManifestExpressions.argument(call, "dependencies") {
            for dependency in expressions.list(dependencies, what: "target '\(name)' dependencies") {
                if let read = readDependency(dependency) { target.dependencies.append(read) }
            }
        }
        for dependency in loopDependencies[element.id] ?? [] {
            if let read = readDependency(dependency) { target.dependencies.append(read) }
        }
        return target
    }

    private mutating func readDependency(_ element: ExprSyntax) -> Manifest.Dependency? {
        let location = expressions.location(of: Syntax(element))
        if let name = expressions.string(element) ?? expressions.staticValue(element).flatMap({ expressions.string($0) }) {
            return .byName(name, location)
        }
        guard let call = expressions.resolvedCall(element), let callee = ManifestExpressions.calleeName(call),
              let nameArgument = ManifestExpressions.argument(call, "name"),
              let name = expressions.string(nameArgument) else {
            note("dependency not read: '\(element.trimmedDescription)'", at: Syntax(element))
            return nil
        }
        // PackageDescription's `…Item(name:condition:)` cases are the same dependencies with a
        // platform condition (AmpFin's `.targetItem(name: "AFFoundation", condition: .none)`).
        switch callee {
        case "target", "targetItem": return .target(name, location)
        case "byName", "byNameItem": return .byName(name, location)
        case "product", "productItem":
            let package = ManifestExpressions.argument(call, "package").flatMap { expressions.string($0) }
            return .product(name: name, package: package)
        default:
            note("dependency not read: '.\(callee)(...)'", at: Syntax(element))
            return nil
        }
    }

    private mutating func note(_ message: String, at node: Syntax) {
        notes.append(ProgramNote(message: message, location: expressions.location(of: node)))
    }
}
