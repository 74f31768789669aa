import DigraphCore

/// A playground: each page runs on its own (`X/Page`), with the page's `Sources/` and the
/// playground's shared `Sources/`; a single-page playground (`X.playground/Contents.swift`) is
/// one program `X`.
enum PlaygroundReader {
    /// `path`: absolute path of the `.playground` folder.
    static func read(path: String, display: String) -> DescribedProject {
        var project = DescribedProject(source: .playground, descriptionPath: display, scope: path)
        let name = String(FilePath.lastComponent(path).dropLast(".playground".count))
        let shared = SwiftFileTree.files(under: path + "/Sources")
        let location = SourceLocation(file: display, line: 1, column: 1)
        if FileSystem.isFile(path + "/Contents.swift") {
            project.modules.append(Module(
                name: name, kind: .playgroundPage, files: [path + "/Contents.swift"] + shared, location: location))
        }
        for entry in FileSystem.entries(of: path + "/Pages")
        where entry.isDirectory && FilePath.pathExtension(entry.name) == "xcplaygroundpage" {
            let contents = entry.path + "/Contents.swift"
            guard FileSystem.isFile(contents) else { continue }
            let page = String(entry.name.dropLast(".xcplaygroundpage".count))
            let files = [contents] + SwiftFileTree.files(under: entry.path + "/Sources") + shared
            project.modules.append(Module(
                name: "\(name)/\(page)", kind: .playgroundPage, files: files,
                location: SourceLocation(file: "\(display)/Pages/\(entry.name)", line: 1, column: 1)))
        }
        return project
    }
}
