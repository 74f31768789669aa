import Foundation

/// A JSON Schema, loaded once and used to validate many instances.
///
/// Implements the keywords of the project's schemas and of SARIF 2.1.0 (draft-04 and 2020-12
/// spellings): `type` (incl. arrays and `integer`), `const`, `enum`, `$ref` to same-document
/// pointers, `allOf`/`anyOf`/`oneOf`/`not`, `properties`, `patternProperties`,
/// `additionalProperties`, `required`, `min/maxProperties`, `dependencies`/`dependentRequired`/
/// `dependentSchemas`, `items` (single schema), `min/maxItems`, `uniqueItems`, `minimum`,
/// `maximum`, `exclusiveMinimum/Maximum` (both forms), `multipleOf`, `min/maxLength`, `pattern`.
/// Annotations (`description`, `default`, `format`, `examples`, …) are ignored. Any other keyword
/// makes loading fail, so nothing is silently left unchecked.
public struct JSONSchema: Sendable {
    private let nodes: [String: SchemaNode]

    public init(data: Data) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw JSONSchemaError.notJSON(String(describing: error))
        }
        try self.init(jsonObject: object)
    }

    public init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    public init(jsonObject: Any) throws {
        guard let root = JSONValue(any: jsonObject) else {
            throw JSONSchemaError.invalidSchema(pointer: "#", reason: "not a JSON value")
        }
        var compiler = SchemaCompiler(root: root)
        try compiler.compileAll()
        nodes = compiler.compiled
    }

    /// Every violation found, in a deterministic order; empty when the instance is valid.
    /// `instance` is what JSONSerialization returns, or hand-built Swift values of the same shapes.
    public func validate(_ instance: Any) -> [SchemaViolation] {
        guard let value = JSONValue(any: instance) else {
            return [SchemaViolation(path: "", keyword: "type", message: "not a JSON value: \(type(of: instance))")]
        }
        return validate(value: value)
    }

    public func validate(value: JSONValue) -> [SchemaViolation] {
        Validator(nodes: nodes).check(value, against: nodes["#"]!, at: "", depth: 0)
    }

    /// Parses `data` as JSON (failing if it is not) and validates it.
    public func validate(data: Data) throws -> [SchemaViolation] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw JSONSchemaError.notJSON(String(describing: error))
        }
        return validate(object)
    }
}

public enum JSONSchemaError: Error, Equatable, CustomStringConvertible {
    case notJSON(String)
    /// `pointer` is the JSON pointer of the offending place in the schema.
    case invalidSchema(pointer: String, reason: String)
    case unsupportedKeyword(pointer: String, keyword: String)
    case unresolvableReference(pointer: String, ref: String)

    public var description: String {
        switch self {
        case .notJSON(let detail): "not JSON: \(detail)"
        case .invalidSchema(let pointer, let reason): "invalid schema at \(pointer): \(reason)"
        case .unsupportedKeyword(let pointer, let keyword): "unsupported keyword \(keyword) at \(pointer)"
        case .unresolvableReference(let pointer, let ref): "cannot resolve $ref \(ref) at \(pointer)"
        }
    }
}
