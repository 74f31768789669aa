import DigraphCore

/// A `Package.swift` -> its modules, with the folders SwiftPM would compile: `path:` or the
/// predefined `Sources/<name>` (`Tests/<name>` for tests, `Plugins/<name>` for plugins),
/// narrowed by `sources:` and `exclude:`.
struct PackageReader {
    static let sourceDirectories = ["Sources", "Source", "src", "srcs"]
    static let testDirectories = ["Tests", "Sources", "Source", "src", "srcs"]
    static let pluginDirectories = ["Plugins"]

    /// `manifestPath`: absolute path of the Package.swift; `display`: its display path.
    static func read(manifestPath: String, display: String, cache: DescriptionCache? = nil) throws(ProjectError)
        -> DescribedProject
    {
        let source = try FileSystem.read(manifestPath, display: display)
        let manifest: Manifest
        if let cache {
            manifest = try cache.value("Package.swift", display: display, text: source) { () throws(ProjectError) in
                try ManifestReader.read(source: source, file: display)
            }
        } else {
            manifest = try ManifestReader.read(source: source, file: display)
        }
        let root = FilePath.parent(manifestPath)
        var project = DescribedProject(source: .package, descriptionPath: display, scope: root)
        project.products = manifest.products
        project.notes = manifest.notes
        let localPackages = manifest.localPackages.mapValues { FilePath.join(root, $0) }
        let kinds = Dictionary(manifest.targets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })

        for target in manifest.targets {
            guard let kind = programKind(target.kind) else { continue }
            // SwiftPM 5.9 and later: a package's only source target may keep its files in
            // `Sources/` itself (its only test target in `Tests/`).
            let sole = manifest.targets.filter { ($0.kind == .test) == (target.kind == .test) && $0.kind != .plugin }.count == 1
            let folder = { Self.folder(of: target, root: root, sole: sole) }
            var module = Module(name: target.name, kind: kind, files: [], location: target.location)
            if !target.filesUnknown {
                if let folder = folder(), !FilePath.isInside(folder, root) {
                    // SwiftPM refuses it; reading it could mean walking the whole disk (`path: "/"`).
                    project.notes.append(ProgramNote(
                        message: "target '\(target.name)': path '\(target.path ?? folder)' is outside the package: not read",
                        location: target.location))
                } else if let folder = folder() {
                    // The manifest is never compiled into a target, even one rooted at the package.
                    module.files = files(of: target, in: folder, root: root).filter { !isManifest($0, root: root) }
                } else {
                    let looked = defaultFolders(target.kind).map { "\($0)/\(target.name)" }.joined(separator: ", ")
                    project.notes.append(ProgramNote(
                        message: "target '\(target.name)': no folder (looked for \(target.path ?? looked))",
                        location: target.location))
                }
            }
            func linkTarget(_ name: String, at: SourceLocation) {
                guard kinds[name] != .sourceless else { return }
                module.links.append(.local(name, required: true, at: at))
                // A test target depending on an executable (or macro) target runs that code: it
                // sees the program's registrations.
                if target.kind == .test, [.executable, .macro].contains(kinds[name]) {
                    module.sees.append(.local(name, required: true, at: at))
                }
            }
            for dependency in target.dependencies {
                switch dependency {
                case .target(let name, let at): linkTarget(name, at: at)
                case .byName(let name, let at) where kinds[name] != nil: linkTarget(name, at: at)
                case .byName(let name, _):
                    // Not a target here: a product of some dependency, maybe a local package.
                    module.links += localPackages.values.sorted().map { .packageProduct(packageDirectory: $0, product: name) }
                case .product(let name, let package):
                    let key = package ?? name
                    if let directory = localPackages[key] ?? localPackages[key.lowercased()] {
                        module.links.append(.packageProduct(packageDirectory: directory, product: name))
                    }
                }
            }
            project.modules.append(module)
        }
        return project
    }

    /// `Package.swift` and its versioned variants (`Package@swift-5.9.swift`) at the package root.
    static func isManifest(_ path: String, root: String) -> Bool {
        guard FilePath.parent(path) == root else { return false }
        let name = FilePath.lastComponent(path)
        return name == "Package.swift" || name.hasPrefix("Package@swift-")
    }

    static func programKind(_ kind: Manifest.Target.Kind) -> Program.Kind? {
        switch kind {
        case .regular: .library
        case .executable, .macro, .plugin: .tool
        case .test: .tests
        case .sourceless: nil
        }
    }

    static func defaultFolders(_ kind: Manifest.Target.Kind) -> [String] {
        switch kind {
        case .test: testDirectories
        case .plugin: pluginDirectories
        default: sourceDirectories
        }
    }

    static func folder(of target: Manifest.Target, root: String, sole: Bool = false) -> String? {
        if let path = target.path {
            let folder = FilePath.join(root, path)
            return FileSystem.exists(folder) ? folder : nil
        }
        if let named = defaultFolders(target.kind).lazy.map({ FilePath.join(root, "\($0)/\(target.name)") })
            .first(where: FileSystem.isDirectory)
        {
            return named
        }
        guard sole, target.kind != .plugin else { return nil }
        return defaultFolders(target.kind).lazy.map { FilePath.join(root, $0) }.first(where: FileSystem.isDirectory)
    }

    static func files(of target: Manifest.Target, in folder: String, root: String) -> [String] {
        let excluded = target.exclude.map { FilePath.join(folder, $0) }
        let isExcluded = { (path: String) in excluded.contains { FilePath.isInside(path, $0) } }
        let included: [String]
        if let sources = target.sources {
            included = sources.flatMap { source -> [String] in
                let path = FilePath.join(folder, source)
                guard FilePath.isInside(path, root) else { return [] }
                if FileSystem.isDirectory(path) { return SwiftFileTree.files(under: path) }
                return FilePath.pathExtension(path) == "swift" && FileSystem.isFile(path) ? [path] : []
            }
        } else if FileSystem.isDirectory(folder) {
            included = SwiftFileTree.files(under: folder)
        } else {
            included = FilePath.pathExtension(folder) == "swift" ? [folder] : []
        }
        return Array(Set(included.filter { !isExcluded($0) })).sorted()
    }
}
