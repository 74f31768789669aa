import DigraphCore

/// Where a Tuist project keeps what is not a target: the root (the folder holding `Tuist/` or
/// `Tuist.swift`), the helpers manifests share (`Tuist/ProjectDescriptionHelpers`, and local
/// plugins' `Plugin(s)/<name>/ProjectDescriptionHelpers`), and the manifests themselves.
enum TuistLayout {
    /// The nearest folder at or above `start` that is Tuist's root; the repository root (a folder
    /// holding `.git`), else `start`, when none is.
    static func root(above start: String) -> String {
        var directory = start
        while true {
            if FileSystem.isDirectory(directory + "/Tuist") || FileSystem.isFile(directory + "/Tuist.swift") { return directory }
            if FileSystem.exists(directory + "/.git") || directory == "/" { return start }
            directory = FilePath.parent(directory)
        }
    }

    static let pluginFolders = ["Plugin", "Plugins"]

    /// Every Swift file manifests can call into, sorted; `configured`: the local plugins the
    /// configuration names (``TuistConfigPlugins``).
    static func helperFiles(root: String, configured: [String]) -> [String] {
        var folders = [root + "/Tuist/ProjectDescriptionHelpers"]
        for plugins in pluginFolders {
            for plugin in FileSystem.entries(of: root + "/" + plugins) where plugin.isDirectory && !plugin.isSymbolicLink {
                folders.append(plugin.path + "/ProjectDescriptionHelpers")
            }
        }
        for plugin in configured where !folders.contains(plugin + "/ProjectDescriptionHelpers") {
            folders.append(plugin + "/ProjectDescriptionHelpers")
        }
        return folders.filter(FileSystem.isDirectory).flatMap { SwiftFileTree.files(under: $0) }
    }

    /// Files and folders that describe the build, never compiled into a target: `Tuist/`,
    /// `Tuist.swift`, `Workspace.swift`, and the local plugins (their helpers and templates).
    static func manifestPaths(root: String, configured: [String]) -> [String] {
        var paths = [root + "/Tuist", root + "/Tuist.swift", root + "/Workspace.swift"]
        for plugins in pluginFolders {
            for plugin in FileSystem.entries(of: root + "/" + plugins)
            where plugin.isDirectory && FileSystem.isFile(plugin.path + "/Plugin.swift") {
                paths.append(plugin.path)
            }
        }
        paths += configured.filter { FileSystem.isFile($0 + "/Plugin.swift") }
        return paths
    }
}

extension TuistLayout {
    /// What Tuist generates for a target with resources and adds to its sources:
    /// `Derived/Sources/TuistAssets+DMSAliens.swift`, `TuistBundle+…`, `TuistFonts+…` beside the
    /// manifest, named after the target without what is not a letter or digit.
    static func derivedSources(base: String, target: String) -> [String] {
        let folder = base + "/Derived/Sources"
        guard FileSystem.isDirectory(folder) else { return [] }
        let key = identifierKey(target)
        return SwiftFileTree.files(under: folder).filter { file in
            let name = FilePath.lastComponent(file)
            guard name.hasPrefix("Tuist"), let plus = name.firstIndex(of: "+") else { return false }
            return identifierKey(String(name[name.index(after: plus)...].dropLast(".swift".count))) == key
        }
    }

    private static func identifierKey(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}

/// Tuist's `Product` cases -> what kind of program the target is.
enum TuistProduct {
    static func kind(_ product: String) -> Program.Kind? {
        switch product {
        case "app", "appClip", "watch2App": .app
        case "appExtension", "watch2Extension", "tvTopShelfExtension", "messagesExtension", "stickerPackExtension", "xpc",
            "systemExtension", "extensionKitExtension":
            .extension
        case "framework", "staticFramework", "staticLibrary", "dynamicLibrary", "bundle": .library
        case "unitTests", "uiTests": .tests
        case "commandLineTool", "macro": .tool
        default: nil
        }
    }
}

/// One `sources:` glob of a target: `Sources/**`, `Sources/**/*.swift`, `Sources/*.swift`, with
/// `excluding:` globs.
struct TuistSourceGlob {
    var pattern: String
    /// The folder above the first component with a wildcard: where the files are looked for.
    var folder: String
    private var glob: PathGlob
    private var excluding: [String]

    /// `pattern` relative to `base` (the manifest's folder).
    init(pattern: String, base: String, excluding: [String]) {
        self.init(absolutePattern: FilePath.join(base, pattern), base: base, excluding: excluding)
        self.pattern = pattern
    }

    /// `absolutePattern` and `excluding`: absolute.
    init(absolutePattern: String, base: String, excluding: [String]) {
        pattern = absolutePattern
        let components = absolutePattern.split(separator: "/")
        let literal = components.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
        folder = "/" + literal.joined(separator: "/")
        glob = PathGlob(components.dropFirst(literal.count).joined(separator: "/"))
        self.excluding = excluding
    }

    func files() -> [String] {
        let excluded = excluding.map { pattern -> (String) -> Bool in
            let exclusion = TuistSourceGlob(absolutePattern: pattern, base: "/", excluding: [])
            return { path in
                guard let relative = FilePath.relative(path, to: exclusion.folder) else { return false }
                return relative.isEmpty || exclusion.glob.alternatives.allSatisfy(\.isEmpty) || exclusion.glob.matches(relative)
            }
        }
        let found: [String]
        if FileSystem.isFile(folder) {
            found = FilePath.pathExtension(folder) == "swift" ? [folder] : []
        } else if glob.alternatives.allSatisfy(\.isEmpty) {
            // A folder named without a wildcard: Tuist reads it whole.
            found = SwiftFileTree.files(under: folder)
        } else {
            found = SwiftFileTree.files(under: folder).filter { file in
                glob.matches(FilePath.relative(file, to: folder) ?? file)
            }
        }
        return found.filter { file in !excluded.contains { $0(file) } }
    }
}
