import Foundation

/// A compiled (sub)schema. Keywords absent from the schema are nil or empty.
indirect enum SchemaNode: Sendable {
    /// The boolean schemas `true` (anything) and `false` (nothing).
    case always(Bool)
    case keywords(Keywords)

    struct Keywords: Sendable {
        var types: [String]?
        var constValue: JSONValue?
        var enumValues: [JSONValue]?
        /// `#/...` pointer, resolved at validation time so recursive schemas need no cycles here.
        var ref: String?
        var allOf: [SchemaNode] = []
        var anyOf: [SchemaNode]?
        var oneOf: [SchemaNode]?
        var not: SchemaNode?

        // Objects.
        var properties: [String: SchemaNode] = [:]
        var patternProperties: [(Pattern, SchemaNode)] = []
        var additionalProperties: SchemaNode?
        var required: [String] = []
        var minProperties: Int?
        var maxProperties: Int?
        /// `dependencies` (draft-04) with a list, or `dependentRequired`.
        var dependentRequired: [String: [String]] = [:]
        /// `dependencies` (draft-04) with a schema, or `dependentSchemas`.
        var dependentSchemas: [String: SchemaNode] = [:]

        // Arrays.
        var items: SchemaNode?
        var minItems: Int?
        var maxItems: Int?
        var uniqueItems = false

        // Numbers.
        var minimum: Double?
        var maximum: Double?
        var exclusiveMinimum: Double?
        var exclusiveMaximum: Double?
        var multipleOf: Double?

        // Strings.
        var minLength: Int?
        var maxLength: Int?
        var pattern: Pattern?
    }
}

/// An ECMA-262-ish regular expression, matched unanchored as JSON Schema requires.
/// NSRegularExpression is immutable and documented thread-safe, hence the unchecked conformance.
final class Pattern: @unchecked Sendable {
    let source: String
    private let regex: NSRegularExpression

    init(_ source: String) throws {
        self.source = source
        regex = try NSRegularExpression(pattern: source)
    }

    func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
