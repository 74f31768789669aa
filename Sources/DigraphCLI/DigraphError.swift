import DigraphCore
import DigraphProjects
import DigraphScanner

/// Everything that stops digraph from running: exit code 2 with one line on stderr saying what
/// and where. Never a finding, never a crash.
public enum DigraphError: Error, Equatable, CustomStringConvertible {
    case pathNotFound(String)
    case notSwiftFile(String)
    /// A `.swift` path named on the command line that is a named pipe, a device or a socket.
    case notRegularFile(String, kind: String)
    case scan(ScanError)
    /// With `--strict-encoding`: a Swift file that is not UTF-8, at its first invalid byte.
    case notUTF8(SourceLocation)
    /// A project description (Package.swift, project.pbxproj, an XcodeGen spec, a Tuist manifest) that cannot be read.
    case project(ProjectError)
    /// A problem in a configuration file, at a 1-based position when known.
    case configuration(file: String, line: Int?, column: Int?, message: String)
    case unknownRule(String, suggestion: String?)
    case output(path: String, reason: String)
    case baseline(path: String, message: String)
    /// A `--snapshot` document that is not valid `digraph-snapshot/1`; the message names the
    /// file, the position and the JSON path.
    case snapshot(String)
    /// Graphviz failed, a format or layout is not available, or `--focus` named nothing.
    case render(String)
    case usage(String)

    public var description: String {
        switch self {
        case .pathNotFound(let path): return "\(path): no such file or directory"
        case .notSwiftFile(let path): return "\(path): not a directory or a .swift file"
        case .notRegularFile(let path, let kind): return "\(path): \(kind), not a regular file; name a .swift file or a directory"
        case .scan(let error): return error.description
        case .notUTF8(let location):
            return "\(location): not valid UTF-8; save the file as UTF-8, or leave out --strict-encoding to skip it with a note"
        case .project(let error): return error.description
        case .configuration(let file, let line, let column, let message):
            let position = [line, column].compactMap { $0 }.map(String.init).joined(separator: ":")
            return position.isEmpty ? "\(file): \(message)" : "\(file):\(position): \(message)"
        case .unknownRule(let id, let suggestion):
            var text = "unknown rule '\(id)'"
            if let suggestion { text += "; did you mean '\(suggestion)'?" }
            return text + " (see `digraph rules`)"
        case .output(let path, let reason): return "\(path): cannot write output: \(reason)"
        case .baseline(let path, let message): return "\(path): \(message)"
        case .snapshot(let message): return message
        case .render(let message): return message
        case .usage(let message): return message
        }
    }
}
