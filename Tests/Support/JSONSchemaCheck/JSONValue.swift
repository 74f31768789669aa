import Foundation

/// A JSON value with booleans and numbers kept apart.
///
/// Foundation's JSONSerialization hands back `NSNumber` for both, and on Linux `NSNumber(1) is Bool`
/// is true, so the conversion from `Any` is done once, here, by the number's class rather than by
/// a cast.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// JSON Schema compares numbers by value: `1` and `1.0` are the same number. Doubles hold every
    /// integer the project's documents use exactly (up to 2^53).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Accepts what JSONSerialization produces and hand-built Swift values (`Bool`, `Int`,
    /// `Double`, `String`, arrays, `[String: Any]`, `NSNull`). Returns nil for anything else.
    public init?(any value: Any) {
        switch value {
        case is NSNull:
            self = .null
        case let flag as Bool where JSONValue.isBoolean(value):
            self = .bool(flag)
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            self = .number(number.doubleValue)
        case let items as [Any]:
            var converted: [JSONValue] = []
            converted.reserveCapacity(items.count)
            for item in items {
                guard let value = JSONValue(any: item) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        case let members as [String: Any]:
            var converted: [String: JSONValue] = [:]
            for (key, member) in members {
                guard let value = JSONValue(any: member) else { return nil }
                converted[key] = value
            }
            self = .object(converted)
        default:
            return nil
        }
    }

    /// The class Foundation uses for `true`/`false` (`__NSCFBoolean` on Darwin and Linux alike).
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// True only for real booleans: a Swift `Bool`, or an `NSNumber` of the boolean class. Plain
    /// `value is Bool` would also accept the numbers 0 and 1 on Linux.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return type(of: number) == booleanClass
    }

    /// The JSON Schema primitive type name (`integer` is reported for whole numbers).
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let n): JSONValue.isInteger(n) ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    static func isInteger(_ n: Double) -> Bool { n.isFinite && n.rounded(.towardZero) == n }

    /// Compact JSON text, for messages.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.isInteger(n) && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .string(let s): return "\"\(s)\""
        case .array(let items): return "[" + items.map(\.summary).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\"\($0)\":\(members[$0]!.summary)" }.joined(separator: ",") + "}"
        }
    }
}
