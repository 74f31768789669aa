import DigraphCore

/// A Bazel or Buck workspace (the folder of its `MODULE.bazel`, `WORKSPACE` or `.buckconfig`) ->
/// its targets as modules, read statically: every `BUILD.bazel`/`BUILD`/`BUCK` file below it is
/// run by ``StarlarkInterpreter`` with the macros it loads from the workspace's `.bzl` files.
/// Each target is a module named by its label (`//Apps/Shop:Shop`): `swift_library` and the other
/// libraries are linked into what depends on them, `ios_application`, `ios_extension`,
/// `ios_unit_test` (seeing its `test_host`) and the like are programs. What cannot be evaluated is
/// a note at the statement that could not, and the workspace is then read in part.
final class BazelReader {
    let root: String
    let display: String
    let currentDirectory: String
    /// `.buck`: a Buck workspace (`BUCK` files first).
    let source: DescribedProject.Source
    private var packages: [String: String] = [:]
    private var listings: [String: [String]] = [:]
    private var extensions: [String: Result<StarlarkScope, StarlarkInterpreter.LoadFailure>] = [:]
    private var loading: Set<String> = []

    private init(root: String, display: String, currentDirectory: String, source: DescribedProject.Source) {
        self.root = root
        self.display = display
        self.currentDirectory = currentDirectory
        self.source = source
    }

    static let buildFileNames = ["BUILD.bazel", "BUILD", "BUCK"]
    static let markerNames = ["MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", ".buckconfig"]

    static func read(markerPath: String, display: String, currentDirectory: String) throws(ProjectError) -> DescribedProject {
        let root = FilePath.parent(markerPath)
        let isBuck = FilePath.lastComponent(markerPath) == ".buckconfig"
        let reader = BazelReader(root: root, display: display, currentDirectory: currentDirectory, source: isBuck ? .buck : .bazel)
        reader.packages = Self.buildFiles(under: root, preferring: isBuck ? "BUCK" : "BUILD.bazel")
        let settings = isBuck ? BuckConfig.read(root + "/.buckconfig") : [:]
        let running = StarlarkInterpreter(host: StarlarkInterpreter.Host(
            glob: { package, include, exclude in reader.glob(package, include, exclude) },
            load: { module, package, interpreter in reader.load(module, from: package, interpreter: interpreter) },
            config: { section, key in settings[section + "." + key] }))
        for package in reader.packages.keys.sorted() {
            let path = reader.packages[package]!
            let fileDisplay = FilePath.display(path, currentDirectory: currentDirectory)
            let text = try FileSystem.read(path, display: fileDisplay)
            let statements: [StarlarkStatement]
            do {
                statements = try StarlarkParser.parse(text)
            } catch {
                throw ProjectError(file: fileDisplay, line: error.line, column: error.column, message: error.message)
            }
            do {
                try running.runBuildFile(statements, package: package, display: fileDisplay)
            } catch .syntax(let file, let error) {
                throw ProjectError(file: file, line: error.line, column: error.column, message: error.message)
            } catch {
                continue
            }
        }
        var project = DescribedProject(source: reader.source, descriptionPath: display, scope: root)
        var notes = running.notes
        let modules = BazelModules(root: root, targets: running.targets, localPackages: SwiftPackageIndex.localPackages(root: root))
        project.modules = modules.modules(notes: &notes)
        project.notes = notes
        return project
    }

    /// Package (relative folder, "" at the root) -> its build file, for every package below `root`.
    private static func buildFiles(under root: String, preferring preferred: String) -> [String: String] {
        var out: [String: String] = [:]
        var stack = [root]
        while let directory = stack.popLast() {
            let entries = FileSystem.entries(of: directory)
            let names = Set(entries.filter { !$0.isDirectory }.map(\.name))
            // A nested workspace is a description of its own.
            if directory != root, markerNames.contains(where: names.contains) { continue }
            if let name = ([preferred] + buildFileNames).first(where: names.contains) {
                out[FilePath.relative(directory, to: root) ?? ""] = directory + "/" + name
            }
            for entry in entries where entry.isDirectory && !entry.isSymbolicLink {
                if skipped(entry.name) { continue }
                stack.append(entry.path)
            }
        }
        return out
    }

    /// Output and vendor folders, and projects' bundles, which hold no build files of the workspace.
    private static func skipped(_ name: String) -> Bool {
        SwiftFileTree.skippedDirectories.contains(name) || name.hasPrefix("bazel-") || name == "buck-out"
            || SwiftFileTree.opaqueExtensions.contains(FilePath.pathExtension(name)) || name.hasPrefix(".")
    }

    // MARK: glob

    /// Bazel's `glob`: files of the package matching a pattern, never inside a sub-package.
    fileprivate func glob(_ package: String, _ include: [String], _ exclude: [String]) -> [String] {
        let files = listing(of: package)
        let includes = include.map { $0.split(separator: "/", omittingEmptySubsequences: true) }
        let excludes = exclude.map { $0.split(separator: "/", omittingEmptySubsequences: true) }
        return files.filter { file in
            let path = file.split(separator: "/")
            return includes.contains { PathGlob.match($0[...], path[...]) } && !excludes.contains { PathGlob.match($0[...], path[...]) }
        }
    }

    private func listing(of package: String) -> [String] {
        if let known = listings[package] { return known }
        let base = package.isEmpty ? root : root + "/" + package
        var out: [String] = []
        var stack = [base]
        while let directory = stack.popLast() {
            for entry in FileSystem.entries(of: directory) {
                let relative = FilePath.relative(entry.path, to: base) ?? entry.name
                if entry.isDirectory {
                    guard !entry.isSymbolicLink, !Self.skipped(entry.name) else { continue }
                    let subpackage = package.isEmpty ? relative : package + "/" + relative
                    if packages[subpackage] != nil { continue }
                    stack.append(entry.path)
                } else {
                    out.append(relative)
                }
            }
        }
        out.sort()
        listings[package] = out
        return out
    }

    // MARK: load

    /// `//tools:defs.bzl`, `:defs.bzl`, `@//tools:defs.bzl` -> the file's globals, run once.
    fileprivate func load(
        _ module: String, from package: String, interpreter: StarlarkInterpreter
    ) -> Result<StarlarkScope, StarlarkInterpreter.LoadFailure> {
        guard let label = BazelLabel(module, in: package), label.repository == nil else {
            return .failure(.init(message: "a load from another repository"))
        }
        let path = FilePath.join(root, label.package.isEmpty ? label.name : label.package + "/" + label.name)
        if let known = extensions[path] { return known }
        guard !loading.contains(path) else { return .failure(.init(message: "loads itself")) }
        let fileDisplay = FilePath.display(path, currentDirectory: currentDirectory)
        guard FileSystem.isFile(path), let text = try? FileSystem.read(path, display: fileDisplay) else {
            return .failure(.init(message: "no such file"))
        }
        loading.insert(path)
        defer { loading.remove(path) }
        let result: Result<StarlarkScope, StarlarkInterpreter.LoadFailure>
        do {
            let statements = try StarlarkParser.parse(text)
            result = .success(try interpreter.runExtension(statements, package: label.package, display: fileDisplay))
        } catch let error as StarlarkSyntaxError {
            result = .failure(.init(message: "a syntax error", syntax: (fileDisplay, error)))
        } catch StarlarkInterpreter.Stop.syntax(let file, let error) {
            result = .failure(.init(message: "a syntax error", syntax: (file, error)))
        } catch {
            result = .failure(.init(message: "not evaluated"))
        }
        extensions[path] = result
        return result
    }
}
