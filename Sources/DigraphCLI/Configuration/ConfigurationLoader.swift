import DigraphCore
import DigraphScanner
import Foundation
import Yams

/// Reads `.digraph.yml` strictly: every key optional, an unknown key or a wrong type is an error
/// naming the key and its position.
public struct ConfigurationLoader {
    public static let fileName = ".digraph.yml"

    public struct Loaded {
        public var configuration: Configuration
        /// The file it came from; nil when none was found (defaults).
        public var file: URL?
        /// Relative `included` / `excluded` entries are relative to this directory.
        public var baseDirectory: URL
    }

    /// `--config` when given; else `.digraph.yml` in the current directory, then in each path's
    /// directory and its parents.
    public static func locate(explicit: String?, paths: [String], currentDirectory: URL) throws(DigraphError) -> Loaded {
        if let explicit {
            let url = URL(fileURLWithPath: explicit, relativeTo: currentDirectory).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .configuration(file: explicit, line: nil, column: nil, message: "no such configuration file")
            }
            return try load(url, display: explicit)
        }
        var candidates = [currentDirectory]
        for path in paths {
            var dir = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            var isDir: ObjCBool = false
            if !FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir) || !isDir.boolValue {
                dir.deleteLastPathComponent()
            }
            while true {
                candidates.append(dir)
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        for dir in candidates {
            let url = dir.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: url.path) {
                return try load(url, display: DisplayPath.make(url, currentDirectory: currentDirectory))
            }
        }
        return Loaded(configuration: Configuration(), file: nil, baseDirectory: currentDirectory)
    }

    /// Where an `included:` entry is written in a configuration file, for messages about it.
    static func position(ofIncluded entry: String, in url: URL) -> (line: Int, column: Int)? {
        guard let text = try? String(contentsOf: url, encoding: .utf8), let root = try? Yams.compose(yaml: text),
            let list = root["included"]?.sequence,
            let node = list.first(where: { $0.string == entry }), let mark = node.mark
        else { return nil }
        return (mark.line, mark.column)
    }

    static func load(_ url: URL, display: String) throws(DigraphError) -> Loaded {
        let data: Data
        do {
            data = try RegularFile.read(url.path)
        } catch {
            throw .configuration(file: display, line: nil, column: nil, message: "cannot read: \(error.reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // A binary or a file in another encoding: Foundation's "isn't in the correct format"
            // said neither which nor where.
            let first = EncodingNote.firstInvalidByte(data)
            throw .configuration(
                file: display, line: first.line, column: first.column,
                message: "not valid UTF-8 (first invalid byte at offset \(first.offset)); a configuration is YAML text: check that this is the file you meant, or save it as UTF-8")
        }
        let configuration = try parse(text, file: display)
        return Loaded(configuration: configuration, file: url, baseDirectory: url.deletingLastPathComponent())
    }

    public static func parse(_ text: String, file: String) throws(DigraphError) -> Configuration {
        // Yams composes by recursion: bound the depth before it reads.
        if let deep = YAMLNesting.check(text) {
            throw .configuration(file: file, line: deep.line, column: deep.column, message: deep.message)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw YAMLErrorReading.configurationError(error, file: file)
        } catch {
            throw .configuration(file: file, line: nil, column: nil, message: "\(error)")
        }
        var configuration = Configuration()
        guard let root else { return configuration }
        let reader = NodeReader(file: file)
        let top = try reader.mapping(root, key: "top level")
        for (keyNode, value) in top {
            let key = try reader.string(keyNode, key: "key")
            switch key {
            case "included": configuration.included = try reader.strings(value, key: key)
            case "excluded": configuration.excluded = try reader.strings(value, key: key)
            case "disabled_rules": configuration.disabledRules = Set(try reader.ruleIDs(value, key: key))
            case "only_rules": configuration.onlyRules = Set(try reader.ruleIDs(value, key: key))
            case "rules": configuration.rules = try reader.ruleOptions(value)
            case "lifetimes": configuration.lifetimes = try reader.lifetimes(value)
            case "baseline": configuration.baseline = try reader.string(value, key: key)
            case "cache_dir": configuration.cacheDirectory = try reader.string(value, key: key)
            case "assume_registered": configuration.assumedRegistrations = try reader.assumedRegistrations(value)
            case "fail_on":
                let raw = try reader.string(value, key: key)
                guard let failOn = FailOn(rawValue: raw) else {
                    throw reader.error(at: value, "'fail_on' must be one of error, warning, note, never (got '\(raw)')")
                }
                configuration.failOn = failOn
            default:
                let known = [
                    "included", "excluded", "disabled_rules", "only_rules", "rules", "lifetimes", "baseline", "fail_on",
                    "cache_dir", "assume_registered",
                ]
                var message = "unknown key '\(key)'"
                if let guess = Suggestion.closest(to: key, in: known) { message += "; did you mean '\(guess)'?" }
                throw reader.error(at: keyNode, message)
            }
        }
        return configuration
    }
}
