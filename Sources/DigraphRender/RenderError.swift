/// Why a picture could not be made. Every case is an exit-2 error with this one-line description;
/// none is ever a crash, and the output file is left untouched.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A `--focus` name that is neither a service id nor a service's type.
    case unknownService(String, suggestions: [String])
    /// The installed Graphviz has no plugin writing this format.
    case formatUnavailable(format: String, available: [String])
    /// The installed Graphviz has no such layout engine.
    case layoutUnavailable(engine: String, available: [String])
    /// Graphviz reported an error (through `agseterrf`) or returned a failure.
    case graphviz(String)

    public var description: String {
        switch self {
        case .unknownService(let name, let suggestions):
            var text = "--focus: no service '\(name)'"
            if !suggestions.isEmpty {
                text += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?"
            }
            return text
        case .formatUnavailable(let format, let available):
            let known = available.filter { ["svg", "dot", "png", "pdf"].contains($0) }
            return "this Graphviz installation cannot write \(format) (no plugin provides it; it can write "
                + "\(known.joined(separator: ", "))); install Graphviz's cairo plugins or use --format svg"
        case .layoutUnavailable(let engine, let available):
            return "this Graphviz installation has no '\(engine)' layout (available: \(available.joined(separator: ", ")))"
        case .graphviz(let message):
            return "Graphviz: \(message)"
        }
    }
}
