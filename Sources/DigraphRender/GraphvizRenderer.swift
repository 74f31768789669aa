import CGraphviz
import Foundation

/// The only code that calls Graphviz. Graphviz 2.42 keeps global state (its error handler, the
/// parser, layout tables) and crashes when two threads use it, even with separate contexts, so
/// every call runs under one process-wide lock.
///
/// Errors Graphviz reports go through `agseterrf` into a buffer and come back as
/// `RenderError.graphviz(message)`; nothing is printed, nothing half-done is returned.
public enum GraphvizRenderer {
    private static let lock = NSLock()
    private struct Report {
        var isError: Bool
        var text: String
    }

    /// What Graphviz reported during the current call; only touched with `lock` held.
    nonisolated(unsafe) private static var reported: [Report] = []

    /// Graphviz calls this (a C function pointer, so no captures) with each message in pieces:
    /// `"Error"` or `"Warning"`, then `": "`, then the text; a continuation comes without a level.
    private static let capture: @convention(c) (UnsafeMutablePointer<CChar>?) -> Int32 = { message in
        guard let message else { return 0 }
        let piece = String(cString: message)
        if piece == "Error" || piece == "Warning" {
            GraphvizRenderer.reported.append(Report(isError: piece == "Error", text: ""))
        } else if piece == ": ", let last = GraphvizRenderer.reported.last, last.text.isEmpty {
            // the separator after the level
        } else if GraphvizRenderer.reported.isEmpty {
            GraphvizRenderer.reported.append(Report(isError: true, text: piece))
        } else {
            GraphvizRenderer.reported[GraphvizRenderer.reported.count - 1].text += piece
        }
        return 0
    }

    /// Lays `dot` out with `engine` and renders it as `format` (a Graphviz device: `svg`, `png`, …).
    public static func render(dot: String, engine: String, format: String) throws(RenderError) -> [UInt8] {
        try withGraphviz { gvc throws(RenderError) in
            let formats = pluginNames(gvc, "device")
            guard formats.contains(format) else { throw .formatUnavailable(format: format, available: formats) }
            let engines = pluginNames(gvc, "layout")
            guard engines.contains(engine) else { throw .layoutUnavailable(engine: engine, available: engines) }

            guard let graph = digraph_gv_read(dot) else { throw failure("cannot read the generated DOT") }
            defer { agclose(graph) }
            if let message = errors() { throw .graphviz(message) }

            guard gvLayout(gvc, graph, engine) == 0 else { throw failure("the \(engine) layout failed") }
            defer { gvFreeLayout(gvc, graph) }

            var data: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            let status = gvRenderData(gvc, graph, format, &data, &length)
            defer { if let data { gvFreeRenderData(data) } }
            guard status == 0, let data else { throw failure("rendering \(format) failed") }
            if let message = errors() { throw .graphviz(message) }
            return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)))
        }
    }

    /// The output formats this Graphviz installation can write (its `device` plugins).
    public static func availableFormats() -> [String] {
        (try? withGraphviz { gvc throws(RenderError) in pluginNames(gvc, "device") }) ?? []
    }

    /// The layout engines this Graphviz installation has.
    public static func availableLayouts() -> [String] {
        (try? withGraphviz { gvc throws(RenderError) in pluginNames(gvc, "layout") }) ?? []
    }

    /// Runs `body` with the lock held, a fresh context and the error handler installed; frees the
    /// context and restores the previous handler afterwards.
    private static func withGraphviz<T>(_ body: (OpaquePointer) throws(RenderError) -> T) throws(RenderError) -> T {
        lock.lock()
        defer { lock.unlock() }
        reported = []
        let previousHandler = agseterrf(capture)
        let previousLevel = agseterr(AGWARN)
        _ = agreseterrors()
        defer {
            agseterrf(previousHandler)
            agseterr(previousLevel)
            reported = []
        }
        guard let gvc = gvContext() else { throw .graphviz("cannot create a Graphviz context") }
        defer { gvFreeContext(gvc) }
        return try body(gvc)
    }

    private static func pluginNames(_ gvc: OpaquePointer, _ kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = digraph_gv_plugin_list(gvc, kind, &count) else { return [] }
        defer { digraph_gv_free_list(list, count) }
        var names: [String] = []
        for i in 0..<Int(count) {
            if let name = list[i] { names.append(String(cString: name)) }
        }
        return names
    }

    /// The errors reported so far (not the warnings), as one line.
    private static func errors() -> String? {
        let errors = reported.filter(\.isError).map { oneLine($0.text) }.filter { !$0.isEmpty }
        return errors.isEmpty ? nil : errors.joined(separator: "; ")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A failed call: its errors, else its warnings after `fallback`, else `fallback`.
    private static func failure(_ fallback: String) -> RenderError {
        if let message = errors() { return .graphviz(message) }
        let warnings = reported.map { oneLine($0.text) }.filter { !$0.isEmpty }.joined(separator: "; ")
        return .graphviz(warnings.isEmpty ? fallback : "\(fallback): \(warnings)")
    }
}
