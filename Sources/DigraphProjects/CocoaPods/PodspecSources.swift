/// The Swift files a development pod compiles, from its `.podspec`: the `source_files` globs of the
/// spec and its subspecs (not of its `test_spec` / `app_spec` blocks, which build other bundles),
/// with `#{s.name}` replaced by the pod's name, and the pods it names with `dependency`. A pod
/// without a readable podspec, or whose `source_files` are computed, compiles every Swift file
/// of its folder outside `Tests` and `Example` folders, and says so.
enum PodspecSources {
    struct Result {
        var files: [String] = []
        var dependencies: [String] = []
        var notes: [String] = []
    }

    static let nonSourceFolders: Set<String> = ["Tests", "Test", "UnitTests", "Example", "Examples", "Demo", "Pods"]

    static func read(pod: String, folder: String) -> Result {
        var result = Result()
        let candidates = [FilePath.join(folder, pod + ".podspec")]
            + FileSystem.entries(of: folder).filter { !$0.isDirectory && FilePath.pathExtension($0.name) == "podspec" }.map(\.path)
        guard let specPath = candidates.first(where: FileSystem.isFile),
            let text = try? FileSystem.read(specPath, display: specPath)
        else {
            result.files = allSwiftFiles(in: folder)
            if !FileSystem.isDirectory(folder) {
                result.notes.append("development pod '\(pod)': its folder is not in the scan")
            }
            return result
        }
        var globs: [String] = []
        var computed = false
        var depth = 0
        var otherBundleDepth: Int?
        // `s.source_files = [` … `]` over several lines: the strings up to the closing bracket.
        var inSourceList = false
        for rawLine in text.split(separator: "\n") {
            let line = RubyLine.code(rawLine)
            guard !line.isEmpty else { continue }
            if inSourceList {
                globs += RubyLine.strings(line).map { $0.replacingOccurrences(of: "#{s.name}", with: pod) }.filter { !$0.contains("#{") }
                if line.contains("]") { inSourceList = false }
                continue
            }
            let first = line.split(separator: " ").first.map(String.init) ?? ""
            if first == "end" {
                if depth == otherBundleDepth { otherBundleDepth = nil }
                depth = max(0, depth - 1)
                continue
            }
            if RubyLine.opensBlock(line) {
                depth += 1
                if otherBundleDepth == nil, line.contains(".test_spec") || line.contains(".app_spec") { otherBundleDepth = depth }
                continue
            }
            guard otherBundleDepth == nil else { continue }
            if line.contains(".source_files") {
                let value = line.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                if value.contains("["), !value.contains("]") {
                    inSourceList = true
                    globs += RubyLine.strings(value)
                    continue
                }
                let literals = RubyLine.strings(value).map { $0.replacingOccurrences(of: "#{s.name}", with: pod) }
                    .map { $0.replacingOccurrences(of: "#{spec.name}", with: pod) }
                if literals.isEmpty || literals.contains(where: { $0.contains("#{") }) { computed = true }
                globs += literals.filter { !$0.contains("#{") }
            } else if line.contains(".dependency") {
                if let name = RubyLine.strings(line).first?.split(separator: "/").first, String(name) != pod {
                    result.dependencies.append(String(name))
                }
            }
        }
        if globs.isEmpty || computed {
            result.files = allSwiftFiles(in: folder)
            result.notes.append(
                "development pod '\(pod)': its source_files are not read from \(FilePath.lastComponent(specPath)); every Swift file of its folder is taken")
            return result
        }
        var files: Set<String> = []
        for glob in globs {
            let pattern = glob.hasSuffix("/") ? glob + "**" : glob
            files.formUnion(TuistSourceGlob(pattern: pattern, base: folder, excluding: []).files())
        }
        result.files = files.sorted()
        result.dependencies = Array(Set(result.dependencies)).sorted()
        return result
    }

    static func allSwiftFiles(in folder: String) -> [String] {
        SwiftFileTree.files(under: folder).filter { file in
            let relative = FilePath.relative(file, to: folder) ?? file
            return !relative.split(separator: "/").dropLast().contains { nonSourceFolders.contains(String($0)) || $0.hasSuffix("Tests") }
        }
    }
}
