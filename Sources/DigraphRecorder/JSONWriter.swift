/// A minimal JSON writer: objects with sorted keys, two-space indentation, no dependencies.
enum JSONWriter {
    indirect enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case array([Value])
        case object([(String, Value)])
    }

    /// Drops the absent (nil) fields.
    static func fields(_ pairs: [(String, Value?)]) -> [(String, Value)] {
        pairs.compactMap { key, value in value.map { (key, $0) } }
    }

    static func render(_ value: Value) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    private static func write(_ value: Value, indent: Int, into out: inout String) {
        switch value {
        case .string(let s): writeString(s, into: &out)
        case .int(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                write(item, indent: indent + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let pairs):
            if pairs.isEmpty {
                out += "{}"
                return
            }
            let sorted = pairs.sorted { $0.0 < $1.0 }
            out += "{\n"
            for (i, (key, item)) in sorted.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                writeString(key, into: &out)
                out += ": "
                write(item, indent: indent + 1, into: &out)
                out += i == sorted.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
