import DigraphCore
import SwiftSyntax

/// A Tuist `Project.swift` -> its targets as modules, read statically like `Package.swift` (never
/// executed): `let project = Project(name:targets:)` or a helper returning one
/// (`Project.makeModule(name:product:dependencies:)` in `Tuist/ProjectDescriptionHelpers` or a
/// local plugin's), its targets (`Target(...)`, `.target(...)`, helpers building them), each
/// target's `product`, `sources` globs and dependencies (`.target(name:)`,
/// `.project(target:path:)`; external packages are not part of the scan). What cannot be followed
/// is a note at the expression that could not, and the project is then read in part: the files
/// it might compile fall back rather than vanish.
struct TuistReader {
    let manifestPath: String
    let display: String
    /// The folder the manifest's relative paths start from.
    let base: String
    /// Tuist's root (the folder holding `Tuist/`): what `.relativeToRoot` starts from.
    let root: String
    let evaluator: TuistEvaluator
    /// What display paths are relative to.
    let currentDirectory: String
    private var notes: [ProgramNote] = []

    /// `helpers`: shared by the manifests of one discovery, so that each root's helpers are parsed once.
    static func read(
        manifestPath: String, display: String, currentDirectory: String, helpers: TuistHelperFiles = TuistHelperFiles()
    ) throws(ProjectError) -> DescribedProject {
        let text = try FileSystem.read(manifestPath, display: display)
        let manifest = try parse(text, display: display)
        let base = FilePath.parent(manifestPath)
        let root = TuistLayout.root(above: base)
        var declarations = TuistDeclarations()
        declarations.add(manifest)
        let shared = try helpers.helpers(root: root, currentDirectory: currentDirectory) { path, display throws(ProjectError) in
            try parse(try FileSystem.read(path, display: display), display: display)
        }
        declarations.append(shared.declarations)
        declarations.resolveAliases()
        var reader = TuistReader(
            manifestPath: manifestPath, display: display, base: base, root: root,
            evaluator: TuistEvaluator(declarations: declarations), currentDirectory: currentDirectory)
        var project = DescribedProject(source: .tuist, descriptionPath: display, scope: base)
        project.modules = try reader.modules(manifest)
        project.notes = reader.notes
        project.manifestPaths = [manifestPath] + shared.manifestPaths
        return project
    }

    /// Tuist refuses a manifest or helper that does not compile; digraph, one that does not parse.
    private static func parse(_ text: String, display: String) throws(ProjectError) -> TuistFile {
        if let deep = SwiftNesting.check(text) {
            throw ProjectError(file: display, line: deep.line, column: deep.column, message: deep.what)
        }
        let file = TuistFile(source: text, display: display)
        try ManifestReader.rejectSyntaxErrors(in: file.tree, converter: file.converter, file: display)
        return file
    }

    private mutating func modules(_ manifest: TuistFile) throws(ProjectError) -> [Module] {
        let items = ManifestReader.topLevelItems(manifest.tree.statements)
        guard let binding = Self.projectBinding(items, declarations: evaluator.declarations) else {
            // A manifest left with only comments and imports (a template kept for later) describes nothing.
            if items.allSatisfy({ $0.is(ImportDeclSyntax.self) }) {
                notes.append(ProgramNote(
                    message: "Project.swift declares no project: not read", location: SourceLocation(file: display, line: 1, column: 1)))
                return []
            }
            throw ProjectError(file: display, line: 1, column: 1, message: "no 'let project = Project(...)' (nor one binding built with 'Project') in the manifest")
        }
        let scope = TuistScope(parent: nil, file: manifest)
        let value = evaluator.evaluate(binding.value, in: scope, hint: "Project")
        let at = manifest.location(binding.value)
        guard case .call(let call) = value, let targets = call.argument("targets") else {
            if case .unknown(let why) = value {
                note("project not followed: \(why.reason) (\(why.location.file):\(why.location.line))", at: at)
            } else if case .call(let call) = value {
                note("project not followed: '.\(call.name)(...)' is no helper digraph finds and not 'Project(...)'", at: at)
            } else {
                throw ProjectError(file: display, line: at.line, column: at.column, message: "'project' is not a Project")
            }
            return []
        }
        var modules: [Module] = []
        for element in evaluator.flattened(evaluator.force(targets)) {
            if let module = module(element, at: at) { modules.append(module) }
        }
        // A unit-test bundle depending on an app of its project runs inside it (Tuist makes it the host).
        let apps = Set(modules.filter { $0.kind == .app }.map(\.name))
        for index in modules.indices where modules[index].kind == .tests && !uiTests.contains(modules[index].name) {
            modules[index].sees = modules[index].links.filter {
                if case .local(let name, _, _) = $0 { return apps.contains(name) }
                return false
            }
        }
        return modules
    }

    private var uiTests: Set<String> = []

    /// `let project = …`, else the one top-level binding built with `Project(…)`, a `Project.`
    /// helper (`private let app = Project.makeApp(…)`, Bibbi's), a helper declared to return a
    /// `Project` (GiftiGather's `let porject = appTarget.project(targets: […])`) or annotated
    /// `: Project`: Tuist takes the `Project` a manifest makes, whatever the name it is bound to.
    private static func projectBinding(
        _ items: [CodeBlockItemSyntax.Item], declarations: TuistDeclarations
    ) -> (name: String, value: ExprSyntax)? {
        var built: [(name: String, value: ExprSyntax)] = []
        for item in items {
            guard let variable = item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                else { continue }
                if name == "project" { return (name, value) }
                if binding.typeAnnotation.map({ TuistDeclarations.typeName($0.type) }) == "Project" {
                    built.append((name, value))
                } else if let call = value.as(FunctionCallExprSyntax.self) {
                    let callee = call.calledExpression.trimmedDescription
                    if callee == "Project" || callee.hasPrefix("Project.") || returnsProject(call, declarations) {
                        built.append((name, value))
                    }
                }
            }
        }
        return built.count == 1 ? built.first : nil
    }

    /// A call of a helper every declaration of which (by its name) returns `Project`.
    private static func returnsProject(_ call: FunctionCallExprSyntax, _ declarations: TuistDeclarations) -> Bool {
        let name =
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let name, let functions = declarations.functions[name], !functions.isEmpty else { return false }
        return functions.allSatisfy { function in
            function.declaration.signature.returnClause.map { TuistDeclarations.typeName($0.type) } == "Project"
        }
    }

    private mutating func module(_ element: TuistValue, at: SourceLocation) -> Module? {
        guard case .call(let call) = element, let nameArgument = call.argument("name"), let productArgument = call.argument("product")
        else {
            if case .unknown(let why) = element {
                note("a target not followed: \(why.reason)", at: why.location)
            } else {
                note("a target not read: it is not a 'Target(name:product:...)'", at: at)
            }
            return nil
        }
        // An empty name is no target Tuist would make: a string digraph built wrong (an
        // interpolation it could not fill), read as not known.
        guard let name = evaluator.force(nameArgument).text, !name.isEmpty else {
            let why = evaluator.force(nameArgument).why
            note("a target not followed: its name is not known (\(why?.reason ?? "not a string"))", at: why?.location ?? call.location)
            return nil
        }
        var kind = Program.Kind.unknown
        switch evaluator.force(productArgument) {
        case .symbol(let product, _, _):
            if let known = TuistProduct.kind(product) {
                kind = known
                if product == "uiTests" { uiTests.insert(name) }
            } else {
                note("target '\(name)': product '.\(product)' is not known; analysed as a program of its own", at: call.location)
            }
        case .unknown(let why):
            note("target '\(name)': its product is not followed (\(why.reason)); analysed as a program of its own", at: why.location)
        default:
            note("target '\(name)': its product is not a Product; analysed as a program of its own", at: call.location)
        }
        var module = Module(name: name, kind: kind, files: [], location: call.location)
        if let sources = call.argument("sources") {
            module.files = files(evaluator.force(sources), target: name, at: call.location)
        }
        // Tuist 4's `buildableFolders: ["Sources"]` (Xcode's synchronized folders): every file below.
        if let folders = call.argument("buildableFolders") {
            module.files = Array(Set(module.files + files(folders: evaluator.force(folders), target: name, at: call.location))).sorted()
        }
        module.files += TuistLayout.derivedSources(base: base, target: name)
        if let dependencies = call.argument("dependencies") {
            for dependency in evaluator.flattened(evaluator.force(dependencies)) {
                if let link = link(dependency, target: name, at: call.location) { module.links.append(link) }
            }
        }
        return module
    }

    // MARK: - Sources

    /// Swift files of a `sources:` value: a glob, a list of them, `.glob(_:excluding:)`,
    /// `SourceFilesList(globs:)`, `.paths([...])`.
    private mutating func files(_ value: TuistValue, target: String, at: SourceLocation) -> [String] {
        var globs: [TuistSourceGlob] = []
        var unread: [TuistUnknown] = []
        collectGlobs(value, into: &globs, unread: &unread, at: at)
        for why in unread { note("target '\(target)': sources not followed: \(why.reason)", at: why.location) }
        var files: Set<String> = []
        for glob in globs {
            if SwiftFileTree.encloses(glob.folder, project: base) {
                note("target '\(target)': source '\(glob.pattern)' holds the whole project: not read", at: at)
                continue
            }
            files.formUnion(glob.files())
        }
        return files.sorted()
    }

    private func collectGlobs(_ value: TuistValue, into globs: inout [TuistSourceGlob], unread: inout [TuistUnknown], at: SourceLocation) {
        switch value {
        case .string(let pattern):
            globs.append(TuistSourceGlob(pattern: pattern, base: base, excluding: []))
        case .array(let elements):
            for element in elements { collectGlobs(element, into: &globs, unread: &unread, at: at) }
        case .nothing:
            break
        case .call(let call) where call.name == "glob":
            guard let patternThunk = call.argument("pattern") ?? call.firstUnlabelled,
                let pattern = path(evaluator.force(patternThunk))
            else {
                unread.append(TuistUnknown(reason: "'.glob(...)' without a pattern digraph reads", location: call.location))
                return
            }
            let excluding = call.argument("excluding").map { evaluator.flattened(evaluator.force($0)).compactMap(path) } ?? []
            globs.append(TuistSourceGlob(absolutePattern: pattern, base: base, excluding: excluding))
        case .call(let call):
            // `SourceFilesList(globs:)`, `.sourceFilesList(globs:)`, `.paths([...])`, `.init(globs:)`.
            guard let inner = call.argument("globs") ?? call.argument("paths") ?? call.firstUnlabelled else {
                unread.append(TuistUnknown(reason: "'.\(call.name)(...)' is not a list of globs", location: call.location))
                return
            }
            collectGlobs(evaluator.force(inner), into: &globs, unread: &unread, at: at)
        case .unknown(let why):
            unread.append(why)
        default:
            unread.append(TuistUnknown(reason: "a source that is not a glob", location: at))
        }
    }

    /// Swift files of `buildableFolders:` entries: `"Sources"`, `.folder("Sources")`.
    private mutating func files(folders value: TuistValue, target: String, at: SourceLocation) -> [String] {
        var files: [String] = []
        for folder in evaluator.flattened(value) {
            var pathValue = folder
            if case .call(let call) = folder, let argument = call.firstUnlabelled ?? call.argument("path") {
                pathValue = evaluator.force(argument)
            }
            guard let directory = path(pathValue) else {
                note("target '\(target)': a buildable folder not followed: \(pathValue.why?.reason ?? "not a path")",
                     at: pathValue.why?.location ?? at)
                continue
            }
            if SwiftFileTree.encloses(directory, project: base) {
                note("target '\(target)': buildable folder '\(directory)' holds the whole project: not read", at: at)
                continue
            }
            files += SwiftFileTree.files(under: directory)
        }
        return files
    }

    /// An absolute path from a `Path` value: a string (relative to the manifest),
    /// `.relativeToRoot(...)`, `.relativeToManifest(...)`, `.path(...)`.
    private func path(_ value: TuistValue) -> String? {
        switch value {
        case .string(let relative): return FilePath.join(base, relative)
        case .call(let call):
            guard let argument = call.firstUnlabelled, let relative = evaluator.force(argument).text else { return nil }
            switch call.name {
            case "relativeToRoot": return FilePath.join(root, relative)
            case "relativeToManifest", "relativeToCurrentFile", "path": return FilePath.join(base, relative)
            default: return nil
            }
        default: return nil
        }
    }

    // MARK: - Dependencies

    private mutating func link(_ value: TuistValue, target: String, at: SourceLocation) -> ModuleReference? {
        switch value {
        case .call(let call) where call.name == "target":
            guard let argument = call.argument("name") ?? call.firstUnlabelled else { return nil }
            var name = evaluator.force(argument)
            // `.target(appTarget)`: a `Target` value (Tuist 4), named by its own `name:`.
            if case .call(let built) = name, built.name == "target" || built.name == "Target",
                let builtName = built.argument("name")
            {
                name = evaluator.force(builtName)
            }
            guard let text = name.text else {
                note("target '\(target)': a dependency not followed: \(name.why?.reason ?? "its name is not a string")",
                     at: name.why?.location ?? call.location)
                return nil
            }
            return .local(text, required: true, at: call.location)
        case .call(let call) where call.name == "project":
            let targetValue = call.argument("target").map(evaluator.force)
            let pathValue = call.argument("path").map(evaluator.force)
            guard let name = targetValue?.text, let directory = pathValue.flatMap(path) else {
                let why = targetValue?.why ?? pathValue?.why
                note("target '\(target)': a dependency not followed: \(why?.reason ?? "'.project(target:path:)' digraph cannot read")",
                     at: why?.location ?? call.location)
                return nil
            }
            return .otherTuistProject(
                directory: directory, display: FilePath.display(directory, currentDirectory: currentDirectory), target: name,
                at: call.location)
        case .symbol(let name, _, nil) where !Self.projectDescriptionDependencies.contains(name):
            // `.data` that no helper digraph reads declares (a plugin not found, a member of a
            // type it cannot name): maybe a target of the scan, so not silently external.
            note("target '\(target)': a dependency not followed: '.\(name)' is declared nowhere digraph reads", at: at)
            return nil
        case .call, .nothing, .symbol:
            // External packages, SDKs, prebuilt frameworks: nothing of the scan.
            return nil
        case .unknown(let why):
            note("target '\(target)': a dependency not followed: \(why.reason)", at: why.location)
            return nil
        default:
            note("target '\(target)': a dependency digraph cannot read", at: at)
            return nil
        }
    }

    /// `TargetDependency`'s own members written without arguments.
    static let projectDescriptionDependencies: Set<String> = ["xctest"]

    private mutating func note(_ message: String, at location: SourceLocation) {
        notes.append(ProgramNote(message: message, location: location))
    }
}
