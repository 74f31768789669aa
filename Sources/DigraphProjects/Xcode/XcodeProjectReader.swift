import DigraphCore

/// An `.xcodeproj` -> its native targets as modules: the Swift files of each target's sources
/// build phase and Xcode 16 synchronized folders, the frameworks it links, its test host.
struct XcodeProjectReader {
    let objects: PBXObjects
    /// The PBXProject object's id.
    let projectID: String
    /// Ids of every PBXFileSystemSynchronizedRootGroup, sorted.
    let synchronizedGroups: [String]
    /// Folders that may be local packages (see ``findLocalPackageFolders()``): read once, not for
    /// every package product a target links (a pass over all objects each time).
    private var localPackageFolders: [String] = []
    private var notes: [ProgramNote] = []

    /// `projectPath`: absolute path of the `.xcodeproj` folder.
    static func read(projectPath: String, display: String, cache: DescriptionCache? = nil) throws(ProjectError)
        -> DescribedProject
    {
        let file = "\(display)/project.pbxproj"
        let text = try FileSystem.read(projectPath + "/project.pbxproj", display: file)
        // Not cached (the `cache` parameter is for symmetry with the other readers): this byte
        // parser reads a project.pbxproj faster than its tree of dictionaries decodes from a cache
        // entry (measured on 80 real projects: caching it made an unchanged run a quarter slower).
        _ = cache
        let root = try OpenStepPlistParser.parse(text, file: file)
        guard let table = root["objects"]?.dictionary else {
            throw ProjectError(file: file, line: root.line, column: root.column,
                               message: "not an Xcode project: no 'objects' dictionary")
        }
        guard let projectID = root["rootObject"]?.string, table[projectID]?["isa"]?.string == "PBXProject" else {
            throw ProjectError(file: file, line: root.line, column: root.column,
                               message: "not an Xcode project: 'rootObject' names no PBXProject")
        }
        let folder = FilePath.parent(projectPath)
        let projectDirPath = table[projectID]?["projectDirPath"]?.string ?? ""
        let objects = PBXObjects(objects: table, file: file, sourceRoot: FilePath.join(folder, projectDirPath))
        var reader = XcodeProjectReader(
            objects: objects, projectID: projectID, workspacePackages: workspacePackageFolders(of: projectPath))
        var project = DescribedProject(source: .xcodeProject, descriptionPath: display, scope: folder)
        project.modules = reader.modules()
        project.notes = reader.notes
        return project
    }

    private init(objects: PBXObjects, projectID: String, workspacePackages: [String] = []) {
        self.objects = objects
        self.projectID = projectID
        synchronizedGroups = objects.objects.keys.filter { objects.isa($0) == "PBXFileSystemSynchronizedRootGroup" }.sorted()
        localPackageFolders = Array(Set(findLocalPackageFolders() + workspacePackages)).sorted()
    }

    /// Local packages a workspace beside the project holds (Adamant.xcworkspace's
    /// `group:CommonKit`): Xcode resolves a product the project names without a package among the
    /// packages of the workspace it is opened in.
    static func workspacePackageFolders(of projectPath: String) -> [String] {
        let folder = FilePath.parent(projectPath)
        let project = FilePath.normalize(projectPath)
        var folders: [String] = []
        for entry in FileSystem.entries(of: folder) where entry.isDirectory && FilePath.pathExtension(entry.name) == "xcworkspace" {
            let data = entry.path + "/contents.xcworkspacedata"
            guard FileSystem.isFile(data), let text = try? FileSystem.read(data, display: data) else { continue }
            let references = XcodeWorkspace.references(in: text, base: folder)
            guard references.contains(project) else { continue }
            folders += references.filter { FilePath.pathExtension($0) != "xcodeproj" && FileSystem.isFile($0 + "/Package.swift") }
        }
        return folders
    }

    private mutating func modules() -> [Module] {
        var modules: [Module] = []
        for id in objects.ids(projectID, "targets") {
            switch objects.isa(id) {
            case "PBXNativeTarget":
                if let module = nativeTarget(id) { modules.append(module) }
            case "PBXAggregateTarget":
                continue // runs scripts and builds other targets; compiles nothing itself
            default:
                note("target '\(objects.string(id, "name") ?? id)' (\(objects.isa(id) ?? "missing object")) is not read", id)
            }
        }
        return modules
    }

    private mutating func nativeTarget(_ id: String) -> Module? {
        guard let name = objects.string(id, "name") else {
            note("a native target without a name is not read", id)
            return nil
        }
        let productType = objects.string(id, "productType") ?? ""
        let kind: Program.Kind
        if let known = XcodeProductType.kind(productType) {
            kind = known
        } else {
            kind = .unknown
            note("target '\(name)': product type '\(productType)' is not known; analysed as a program of its own", id)
        }
        var module = Module(name: name, kind: kind, files: [], location: objects.location(id))
        module.productFile = objects.string(id, "productReference").flatMap { objects.string($0, "path") }
            .map(FilePath.lastComponent)
        for phase in objects.ids(id, "buildPhases") {
            switch objects.isa(phase) {
            case "PBXSourcesBuildPhase":
                module.files += objects.ids(phase, "files").flatMap { sourceFiles(ofBuildFile: $0, target: name) }
            case "PBXFrameworksBuildPhase":
                module.links += objects.ids(phase, "files").flatMap(linkedModules(ofBuildFile:))
            default:
                continue
            }
        }
        let ownGroups = objects.ids(id, "fileSystemSynchronizedGroups")
        for group in ownGroups {
            module.files += synchronizedFiles(group: group, target: id, targetName: name)
        }
        module.files += filesAddedFromOtherTargetsFolders(target: id, ownGroups: Set(ownGroups))
        for dependency in objects.ids(id, "dependencies") {
            if let target = dependencyTarget(dependency), let targetName = objects.string(target, "name") {
                module.links.append(.local(targetName, required: false, at: objects.location(dependency)))
            } else if let proxy = objects.string(dependency, "targetProxy"), let reference = otherProjectTarget(proxy: proxy, at: dependency) {
                // A target of a sub-project: linked as a module of that project when it is scanned.
                module.links.append(reference)
            }
        }
        module.links += objects.ids(id, "packageProductDependencies").flatMap(packageProduct)
        module.files = Array(Set(module.files)).sorted()
        if kind == .tests && !XcodeProductType.isUITests(productType), let host = testHost(of: id, name: name) {
            module.sees.append(.local(host, required: true, at: objects.location(id)))
        }
        return module
    }

    /// Swift files of one entry of a sources phase: a file reference, or the children of a
    /// variant group (localized sources).
    private mutating func sourceFiles(ofBuildFile buildFile: String, target: String) -> [String] {
        guard let reference = objects.string(buildFile, "fileRef") else { return [] }
        guard let isa = objects.isa(reference) else {
            note("target '\(target)': a source names object \(reference), which does not exist", buildFile)
            return []
        }
        let references = isa == "PBXVariantGroup" || isa == "XCVersionGroup" ? objects.ids(reference, "children") : [reference]
        return references.compactMap { objects.path(of: $0) }.filter { FilePath.pathExtension($0) == "swift" }
    }

    /// Every `.swift` below a synchronized folder, minus the `membershipExceptions` the folder's
    /// exception sets list for this target (files or whole subfolders).
    private mutating func synchronizedFiles(group: String, target: String, targetName: String) -> [String] {
        guard objects.isa(group) == "PBXFileSystemSynchronizedRootGroup", let folder = objects.path(of: group) else {
            note("target '\(targetName)': synchronized group \(group) cannot be resolved to a folder", group)
            return []
        }
        var excluded = Set(objects.ids(group, "explicitFolders"))
        for exceptionSet in objects.ids(group, "exceptions")
        where objects.isa(exceptionSet) == "PBXFileSystemSynchronizedBuildFileExceptionSet"
            && objects.string(exceptionSet, "target") == target {
            excluded.formUnion(objects.ids(exceptionSet, "membershipExceptions"))
        }
        if SwiftFileTree.encloses(folder, project: objects.sourceRoot) {
            note("target '\(targetName)': synchronized folder \(folder) holds the whole project: not read", group)
            return []
        }
        return SwiftFileTree.files(under: folder) { excluded.contains($0) }
    }

    /// Xcode 16 records a file of another target's synchronized folder ticked for this target as
    /// a `membershipExceptions` entry for this target: on a folder the target does not have, the
    /// exception adds the file instead of removing it.
    private func filesAddedFromOtherTargetsFolders(target: String, ownGroups: Set<String>) -> [String] {
        var out: [String] = []
        for group in synchronizedGroups where !ownGroups.contains(group) {
            guard let folder = objects.path(of: group) else { continue }
            for exceptionSet in objects.ids(group, "exceptions")
            where objects.isa(exceptionSet) == "PBXFileSystemSynchronizedBuildFileExceptionSet"
                && objects.string(exceptionSet, "target") == target {
                for member in objects.ids(exceptionSet, "membershipExceptions") {
                    let path = FilePath.join(folder, member)
                    if SwiftFileTree.encloses(path, project: objects.sourceRoot) { continue }
                    if FileSystem.isDirectory(path) {
                        out += SwiftFileTree.files(under: path)
                    } else if FilePath.pathExtension(path) == "swift" {
                        out.append(path)
                    }
                }
            }
        }
        return out
    }

    /// A linked framework or library built by a target of this project, or a package product.
    private func linkedModules(ofBuildFile buildFile: String) -> [ModuleReference] {
        if let product = objects.string(buildFile, "productRef") { return packageProduct(product) }
        guard let reference = objects.string(buildFile, "fileRef") else { return [] }
        // `Toolkit.framework` built by a sub-project: a PBXReferenceProxy to that project's target.
        if objects.isa(reference) == "PBXReferenceProxy", let proxy = objects.string(reference, "remoteRef") {
            return otherProjectTarget(proxy: proxy, at: buildFile).map { [$0] } ?? []
        }
        let local = objects.ids(projectID, "targets")
            .filter { objects.string($0, "productReference") == reference }
            .compactMap { objects.string($0, "name") }
            .map { ModuleReference.local($0, required: false, at: objects.location(buildFile)) }
        if !local.isEmpty { return local }
        // Built by another project of the workspace, found by name at build time (implicit
        // dependencies); an SDK's framework or a pod (the Pods project is never scanned) matches none.
        guard objects.string(reference, "sourceTree") == "BUILT_PRODUCTS_DIR", let path = objects.string(reference, "path"),
            ["framework", "a", "dylib"].contains(FilePath.pathExtension(path))
        else { return [] }
        return [.builtProduct(file: FilePath.lastComponent(path), at: objects.location(buildFile))]
    }

    /// The target of another project a `PBXContainerItemProxy` names (`remoteInfo`, through the
    /// `containerPortal` file reference to its `.xcodeproj`).
    private func otherProjectTarget(proxy: String, at id: String) -> ModuleReference? {
        guard let portal = objects.string(proxy, "containerPortal"), portal != projectID,
            let target = objects.string(proxy, "remoteInfo"), let projectPath = objects.path(of: portal)
        else { return nil }
        return .otherXcodeProject(projectPath: projectPath, target: target, at: objects.location(id))
    }

    /// The target a PBXTargetDependency names, directly or through its proxy, when it is in this project.
    private func dependencyTarget(_ dependency: String) -> String? {
        if let target = objects.string(dependency, "target") { return target }
        guard let proxy = objects.string(dependency, "targetProxy"),
              objects.string(proxy, "containerPortal") == projectID else { return nil }
        return objects.string(proxy, "remoteGlobalIDString")
    }

    /// An XCSwiftPackageProductDependency of a local package (`XCLocalSwiftPackageReference`);
    /// remote packages are never part of the scanned tree. Xcode writes no `package` for a
    /// product of a local package the project holds as a folder in its file tree (isowords'
    /// `path = ..`) or lists among its package references: the product is looked for in each
    /// such folder, and the assembler keeps the package that declares it.
    private func packageProduct(_ dependency: String) -> [ModuleReference] {
        guard let product = objects.string(dependency, "productName") else { return [] }
        guard let package = objects.string(dependency, "package") else {
            return localPackageFolders.map { .packageProduct(packageDirectory: $0, product: product) }
        }
        guard objects.isa(package) == "XCLocalSwiftPackageReference",
              let relativePath = objects.string(package, "relativePath") else { return [] }
        return [.packageProduct(packageDirectory: FilePath.join(objects.sourceRoot, relativePath), product: product)]
    }

    /// Folders that may be local packages: the project's `XCLocalSwiftPackageReference`s and its
    /// folder references (`lastKnownFileType = folder` / `wrapper`, or any reference without an
    /// extension: Xcode also writes `text` for a package folder dragged in, as clipninja's), sorted.
    /// A candidate that declares no such product is dropped by the assembler.
    private func findLocalPackageFolders() -> [String] {
        var folders: Set<String> = []
        for id in objects.ids(projectID, "packageReferences") where objects.isa(id) == "XCLocalSwiftPackageReference" {
            if let relativePath = objects.string(id, "relativePath") { folders.insert(FilePath.join(objects.sourceRoot, relativePath)) }
        }
        for (id, object) in objects.objects where object["isa"]?.string == "PBXFileReference" {
            guard let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string,
                  let path = objects.path(of: id),
                  type == "folder" || type == "wrapper" || !(path.split(separator: "/").last ?? "").contains(".") else { continue }
            folders.insert(path)
        }
        return folders.sorted()
    }

    /// The target whose app a unit-test bundle is injected into (`TEST_HOST`).
    private mutating func testHost(of target: String, name: String) -> String? {
        guard var host = buildSetting("TEST_HOST", of: target), !host.isEmpty else { return nil }
        if host.contains("$(BUNDLE_LOADER)") || host.contains("${BUNDLE_LOADER}") {
            host = buildSetting("BUNDLE_LOADER", of: target) ?? host
        }
        guard let product = XcodeProductType.hostProductName(testHost: host) else {
            note("target '\(name)': TEST_HOST '\(host)' names no app", target)
            return nil
        }
        let targets = objects.ids(projectID, "targets")
        let producing = targets.first { id in
            objects.string(id, "productReference").flatMap { objects.string($0, "path") } == "\(product).app"
        } ?? targets.first { objects.string($0, "name") == product }
            ?? targets.first { buildSetting("PRODUCT_NAME", of: $0) == product }
        guard let producing, let hostName = objects.string(producing, "name") else {
            note("target '\(name)': TEST_HOST names '\(product).app', which no target of this project builds", target)
            return nil
        }
        return hostName
    }

    /// A target's build setting in its first configuration that sets it (Debug first).
    private func buildSetting(_ key: String, of target: String) -> String? {
        guard let list = objects.string(target, "buildConfigurationList") else { return nil }
        let configurations = objects.ids(list, "buildConfigurations").sorted { a, b in
            (objects.string(a, "name") == "Debug" ? 0 : 1) < (objects.string(b, "name") == "Debug" ? 0 : 1)
        }
        return configurations.lazy.compactMap { objects[$0]?["buildSettings"]?[key]?.string }.first
    }

    private mutating func note(_ message: String, _ id: String) {
        notes.append(ProgramNote(message: message, location: objects.location(id)))
    }
}
