import DigraphCore

/// A CocoaPods `Podfile`, read for its development pods: `pod 'Login', :path => 'Modules/Login'`
/// (or `path: '…'`) inside `target 'App' do … end`, in abstract targets and nested targets (which
/// inherit their parent's pods unless `inherit! :search_paths` / `:none`), and in `def features …
/// end` groups called by name inside a target. Each development pod is a library module whose
/// files its podspec's `source_files` name (``PodspecSources``); the Xcode target of the same
/// name links it (see ``PodfileLinks``). Pods from a spec repository are never part of the
/// scanned tree: they are not described. Ruby is never run: a line outside this subset is
/// skipped, and a pod whose path is not a plain string is a note.
enum PodfileReader {
    /// Development pods each Podfile target links: target name -> pod names.
    struct Targets {
        var pods: [String: [String]] = [:]
        /// Target name -> the `.xcodeproj` its `project 'App/App'` (or its parent's, or the top
        /// level's) names, relative to the Podfile's folder; absent: any project below the Podfile.
        var projects: [String: String] = [:]
    }

    static func read(path: String, display: String) throws(ProjectError) -> DescribedProject {
        let text = try FileSystem.read(path, display: display)
        let directory = FilePath.parent(path)
        var project = DescribedProject(source: .cocoapods, descriptionPath: display, scope: directory)
        let parsed = parse(text, display: display)
        project.notes = parsed.notes
        project.podTargets = parsed.targets.pods
        project.podTargetProjects = parsed.targets.projects.mapValues { FilePath.join(directory, $0) }
        for pod in parsed.pods.values.sorted(by: { $0.name < $1.name }) {
            let folder = FilePath.join(directory, pod.path)
            let sources = PodspecSources.read(pod: pod.name, folder: folder)
            project.notes += sources.notes.map { ProgramNote(message: $0, location: pod.location) }
            var module = Module(name: pod.name, kind: .library, files: sources.files, location: pod.location)
            module.links = sources.dependencies.map { .local($0, required: false, at: pod.location) }
            project.modules.append(module)
        }
        return project
    }

    struct DevelopmentPod {
        var name: String
        /// Relative to the Podfile's folder.
        var path: String
        var location: SourceLocation
    }

    struct Parsed {
        var targets = Targets()
        var pods: [String: DevelopmentPod] = [:]
        var notes: [ProgramNote] = []
    }

    /// The implicit target around a Podfile's top level: its pods are every target's.
    static let root = ""

    private enum Frame {
        case target(String)
        case group(String)
        case block
    }

    static func parse(_ text: String, display: String) -> Parsed {
        var parsed = Parsed()
        var stack: [Frame] = []
        // Pods of each `def` group and each target, as written (before inheritance).
        var groups: [String: [String]] = [:]
        var own: [String: [String]] = [:]
        var parent: [String: String] = [:]
        var inheritsNothing: Set<String> = []
        var order: [String] = []
        var projectOf: [String: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = RubyLine.code(rawLine)
            guard !line.isEmpty else { continue }
            let location = SourceLocation(file: display, line: index + 1, column: 1)
            let words = line.split(separator: " ", maxSplits: 1)
            let first = words.first.map(String.init) ?? ""
            let currentTarget = stack.reversed().lazy.compactMap { frame -> String? in
                if case .target(let name) = frame { return name }
                return nil
            }.first
            switch first {
            case "end":
                if !stack.isEmpty { stack.removeLast() }
            case "def":
                let name = words.count > 1 ? String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }) : ""
                stack.append(.group(name))
            case "target", "abstract_target":
                guard let name = RubyLine.strings(line).first else {
                    stack.append(.block)
                    continue
                }
                parent[name] = currentTarget ?? Self.root
                order.append(name)
                stack.append(.target(name))
            case "project", "xcodeproj":
                guard var path = RubyLine.strings(line).first, !path.isEmpty else { continue }
                if FilePath.pathExtension(path) != "xcodeproj" { path += ".xcodeproj" }
                projectOf[currentTarget ?? Self.root] = path
            case "inherit!":
                if let currentTarget, line.contains(":search_paths") || line.contains(":none") { inheritsNothing.insert(currentTarget) }
            case "pod":
                guard let name = RubyLine.strings(line).first.map({ String($0.split(separator: "/").first ?? "") }),
                    !name.isEmpty, let path = RubyLine.pathOption(line)
                else {
                    if RubyLine.mentionsPath(line) {
                        parsed.notes.append(
                            ProgramNote(message: "a development pod whose path is not a plain string is not read", location: location))
                    }
                    continue
                }
                parsed.pods[name] = parsed.pods[name] ?? DevelopmentPod(name: name, path: path, location: location)
                // The innermost group or target; outside both, the implicit root every target inherits.
                switch stack.last(where: { if case .block = $0 { false } else { true } }) {
                case .group(let group)?: groups[group, default: []].append(name)
                case .target(let target)?: own[target, default: []].append(name)
                default: own[Self.root, default: []].append(name)
                }
            default:
                // A group called by name inside a target (`features`), or a block opening.
                if let currentTarget, words.count == 1, let pods = groups[first] {
                    own[currentTarget, default: []] += pods
                } else if RubyLine.opensBlock(line) {
                    stack.append(.block)
                }
            }
        }
        for target in order {
            var pods: [String] = []
            var current: String? = target
            var seen: Set<String> = []
            while let name = current, seen.insert(name).inserted {
                pods += own[name] ?? []
                current = inheritsNothing.contains(name) ? nil : parent[name]
            }
            parsed.targets.pods[target] = Array(Set(pods)).sorted()
            // The project is inherited whatever `inherit!` says (it scopes search paths, not targets).
            var named: String? = target
            var visited: Set<String> = []
            while let name = named, visited.insert(name).inserted {
                if let project = projectOf[name] {
                    parsed.targets.projects[target] = project
                    break
                }
                named = name == Self.root ? nil : parent[name] ?? Self.root
            }
        }
        return parsed
    }
}

/// The few things read of a line of Ruby: its code without a comment, its string literals, a
/// `:path =>` option, whether it opens a block closed by `end`.
enum RubyLine {
    /// The line without its comment and surrounding blanks, runs of blanks as one space.
    static func code(_ line: Substring) -> String {
        var out = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" {
                break
            }
            out.append(character == "\t" ? " " : character)
        }
        return out.split(separator: " ").joined(separator: " ")
    }

    /// Every quoted string of the line, in order (no escapes or interpolation are read).
    static func strings(_ line: String) -> [String] {
        var out: [String] = []
        var current = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open {
                    out.append(current)
                    current = ""
                    quote = nil
                } else {
                    current.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
            }
        }
        return out
    }

    /// `:path => 'x'`, `:path=>"x"`, `path: 'x'`.
    static func pathOption(_ line: String) -> String? {
        for marker in [":path", "path:"] {
            guard let range = line.range(of: marker) else { continue }
            let rest = line[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == ">" }
            guard let open = rest.first, open == "'" || open == "\"" else { return nil }
            let body = rest.dropFirst().prefix { $0 != open }
            guard !body.contains("#{") else { return nil }
            return String(body)
        }
        return nil
    }

    static func mentionsPath(_ line: String) -> Bool { line.contains(":path") || line.contains("path:") }

    /// `… do`, `… do |x|`, and lines starting with a keyword that an `end` closes.
    static func opensBlock(_ line: String) -> Bool {
        let first = line.split(separator: " ").first.map(String.init) ?? ""
        if ["if", "unless", "case", "begin", "while", "until", "for", "class", "module"].contains(first) { return true }
        var text = Substring(line)
        if text.hasSuffix("|"), let bar = text.dropLast().lastIndex(of: "|") { text = text[..<bar] }
        let trimmed = text.trimmingSuffix(" ")
        return trimmed == "do" || trimmed.hasSuffix(" do") || trimmed.hasSuffix(")do")
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var out = self
        while out.last == character { out = out.dropLast() }
        return out
    }
}
