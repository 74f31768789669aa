import DigraphCore
import DigraphScanner
import DigraphSnapshot
import Foundation

/// Reads and writes the baseline JSON file (`--baseline`, `--write-baseline`, `baseline:`).
enum BaselineFile {
    static func read(_ path: String, currentDirectory: URL) throws(DigraphError) -> Baseline {
        let url = URL(fileURLWithPath: path, relativeTo: currentDirectory)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .baseline(path: path, message: "no such baseline file; create it with `digraph check --write-baseline \(path)`")
        }
        let data: Data
        do {
            data = try RegularFile.read(url.path)
        } catch {
            throw .baseline(path: path, message: "cannot read: \(error.reason)")
        }
        return try decode(data, path: path)
    }

    /// A baseline's bytes, read from `path` (for messages).
    static func decode(_ data: Data, path: String) throws(DigraphError) -> Baseline {
        let bytes = Array(data)
        if let syntax = JSONPositions.syntaxError(in: bytes) {
            throw .baseline(path: "\(path):\(syntax.line):\(syntax.column)", message: "not valid JSON: \(syntax.message ?? "")")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let error as DecodingError {
            let at = position(of: error, in: bytes).map { ":\($0.line):\($0.column)" } ?? ""
            throw .baseline(path: path + at, message: describe(error, in: bytes, file: path))
        } catch {
            throw .baseline(path: path, message: "not a digraph baseline: \(error.localizedDescription)")
        }
        guard Baseline.readableVersions.contains(baseline.version) else {
            throw .baseline(
                path: path,
                message:
                    "version \(baseline.version) is not supported (this digraph reads versions \(Baseline.readableVersions.lowerBound) to \(Baseline.readableVersions.upperBound))")
        }
        return baseline.upgraded()
    }

    static func write(_ baseline: Baseline, to path: String) throws(DigraphError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(baseline)
        } catch {
            throw .output(path: path, reason: "\(error)")
        }
        try OutputWriter.write(String(decoding: data, as: UTF8.self) + "\n", to: path)
    }

    private static func position(of error: DecodingError, in bytes: [UInt8]) -> JSONPositions.Position? {
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return nil
        }
        let path = context.codingPath.map { key in
            key.intValue.map(JSONPositions.PathComponent.index) ?? .key(key.stringValue)
        }
        return JSONPositions.position(of: path, in: bytes)
    }

    /// What JSON value stands where the decoder failed, as "an array", "a string".
    private static func found(at context: DecodingError.Context, in bytes: [UInt8]) -> String? {
        let path = context.codingPath.map { key in
            key.intValue.map(JSONPositions.PathComponent.index) ?? .key(key.stringValue)
        }
        return JSONPositions.kind(of: path, in: bytes)
    }

    /// The JSON a Swift type decodes from, as "an object", "an integer".
    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "a boolean"
        case is Double.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            return "an object"
        }
    }

    private static func describe(_ error: DecodingError, in bytes: [UInt8], file: String) -> String {
        func path(_ context: DecodingError.Context) -> String {
            var out = ""
            for key in context.codingPath {
                if let index = key.intValue { out += "[\(index)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return out.isEmpty ? "(top level)" : out
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "\(at == "(top level)" ? "" : at + ": ")missing required field '\(key.stringValue)'"
        case .typeMismatch(let type, let context):
            let found = found(at: context, in: bytes)
            guard !context.codingPath.isEmpty else {
                // A JSON array or string where the baseline's object belongs: another file, most likely.
                return "not a digraph baseline: expected an object with \"version\" and \"findings\", found \(found ?? "another value"); write one with `digraph check --write-baseline \(file)`"
            }
            return "\(path(context)): expected \(expected(type)), found \(found ?? "another value")"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(expected(type)), found null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
