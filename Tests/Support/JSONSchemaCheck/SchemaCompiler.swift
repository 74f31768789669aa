import Foundation

/// Turns a schema document into `SchemaNode`s keyed by JSON pointer.
///
/// A keyword this validator does not implement is an error at load time, not something to skip:
/// a test that validates against a schema must never pass because a constraint was ignored.
struct SchemaCompiler {
    /// Keywords that carry no constraint (annotations, metadata).
    static let annotations: Set<String> = [
        "$schema", "$id", "id", "$comment", "$anchor", "title", "description", "default", "examples",
        "format", "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding",
    ]

    let root: JSONValue
    private(set) var compiled: [String: SchemaNode] = [:]
    private var pendingRefs: [(from: String, ref: String)] = []

    init(root: JSONValue) { self.root = root }

    /// Compiles the root and everything it references. The root is stored under `#`.
    mutating func compileAll() throws {
        compiled["#"] = try compile(root, at: "#")
        while let (from, ref) = pendingRefs.popLast() {
            guard compiled[ref] == nil else { continue }
            guard let target = Self.resolve(ref, in: root) else {
                throw JSONSchemaError.unresolvableReference(pointer: from, ref: ref)
            }
            compiled[ref] = try compile(target, at: ref)
        }
    }

    private mutating func compile(_ raw: JSONValue, at pointer: String) throws -> SchemaNode {
        if case .bool(let accepts) = raw { return .always(accepts) }
        guard case .object(let schema) = raw else {
            throw JSONSchemaError.invalidSchema(pointer: pointer, reason: "a schema must be an object or a boolean")
        }
        var k = SchemaNode.Keywords()
        let reader = KeywordReader(schema: schema, pointer: pointer)
        for (keyword, value) in schema.sorted(by: { $0.key < $1.key }) {
            let here = Self.child(pointer, keyword)
            switch keyword {
            case _ where Self.annotations.contains(keyword):
                continue
            case "$defs", "definitions":
                for (name, sub) in try reader.object(keyword) {
                    let subPointer = Self.child(here, name)
                    compiled[subPointer] = try compile(sub, at: subPointer)
                }
            case "type":
                switch value {
                case .string(let name): k.types = [name]
                case .array(let names): k.types = try names.map { try reader.string(in: $0, keyword) }
                default: throw reader.invalid(keyword, "must be a string or an array of strings")
                }
                let known: Set = ["null", "boolean", "integer", "number", "string", "array", "object"]
                if let bad = k.types?.first(where: { !known.contains($0) }) {
                    throw reader.invalid(keyword, "unknown type \(bad)")
                }
            case "const": k.constValue = value
            case "enum": k.enumValues = try reader.array(keyword)
            case "$ref":
                let ref = try Self.canonicalPointer(reader.string(keyword), from: pointer)
                k.ref = ref
                pendingRefs.append((pointer, ref))
            case "allOf": k.allOf = try compileList(reader.array(keyword), at: here)
            case "anyOf": k.anyOf = try compileList(reader.array(keyword), at: here)
            case "oneOf": k.oneOf = try compileList(reader.array(keyword), at: here)
            case "not": k.not = try compile(value, at: here)
            case "properties":
                for (name, sub) in try reader.object(keyword) {
                    k.properties[name] = try compile(sub, at: Self.child(here, name))
                }
            case "patternProperties":
                for (source, sub) in try reader.object(keyword).sorted(by: { $0.key < $1.key }) {
                    k.patternProperties.append((try reader.pattern(source), try compile(sub, at: Self.child(here, source))))
                }
            case "additionalProperties": k.additionalProperties = try compile(value, at: here)
            case "required": k.required = try reader.array(keyword).map { try reader.string(in: $0, keyword) }
            case "minProperties": k.minProperties = try reader.count(keyword)
            case "maxProperties": k.maxProperties = try reader.count(keyword)
            case "dependencies", "dependentRequired", "dependentSchemas":
                for (name, dependency) in try reader.object(keyword) {
                    if case .array(let names) = dependency, keyword != "dependentSchemas" {
                        k.dependentRequired[name] = try names.map { try reader.string(in: $0, keyword) }
                    } else if keyword != "dependentRequired" {
                        k.dependentSchemas[name] = try compile(dependency, at: Self.child(here, name))
                    } else {
                        throw reader.invalid(keyword, "\(name) must list property names")
                    }
                }
            case "items":
                // The draft-04 tuple form (an array of schemas) is not implemented: refuse it.
                guard case .array = value else {
                    k.items = try compile(value, at: here)
                    continue
                }
                throw JSONSchemaError.unsupportedKeyword(pointer: pointer, keyword: "items (array form)")
            case "minItems": k.minItems = try reader.count(keyword)
            case "maxItems": k.maxItems = try reader.count(keyword)
            case "uniqueItems": k.uniqueItems = try reader.bool(keyword)
            case "minimum": k.minimum = try reader.number(keyword)
            case "maximum": k.maximum = try reader.number(keyword)
            case "exclusiveMinimum", "exclusiveMaximum":
                // Draft-04 spells these as booleans modifying minimum/maximum; 2019+ as numbers.
                let isMinimum = keyword == "exclusiveMinimum"
                let bound: Double?
                if case .bool(let exclusive) = value {
                    bound = exclusive ? try reader.number(isMinimum ? "minimum" : "maximum") : nil
                } else {
                    bound = try reader.number(keyword)
                }
                if isMinimum { k.exclusiveMinimum = bound } else { k.exclusiveMaximum = bound }
            case "multipleOf":
                k.multipleOf = try reader.number(keyword)
                if k.multipleOf! <= 0 { throw reader.invalid(keyword, "must be greater than 0") }
            case "minLength": k.minLength = try reader.count(keyword)
            case "maxLength": k.maxLength = try reader.count(keyword)
            case "pattern": k.pattern = try reader.pattern(reader.string(keyword))
            default:
                throw JSONSchemaError.unsupportedKeyword(pointer: pointer, keyword: keyword)
            }
        }
        return .keywords(k)
    }

    private mutating func compileList(_ list: [JSONValue], at pointer: String) throws -> [SchemaNode] {
        try list.enumerated().map { try compile($1, at: Self.child(pointer, String($0))) }
    }

    // MARK: JSON pointers

    static func child(_ pointer: String, _ token: String) -> String {
        pointer + "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Only same-document references (`#`, `#/$defs/x`, `#/definitions/x`, any `#/...` pointer)
    /// are supported; the schemas this project validates against use nothing else.
    static func canonicalPointer(_ ref: String, from pointer: String) throws -> String {
        guard ref.hasPrefix("#"), let decoded = String(ref.dropFirst()).removingPercentEncoding,
              decoded.isEmpty || decoded.hasPrefix("/")
        else { throw JSONSchemaError.unresolvableReference(pointer: pointer, ref: ref) }
        return tokens(of: decoded).reduce("#") { child($0, $1) }
    }

    static func tokens(of pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    static func resolve(_ canonical: String, in root: JSONValue) -> JSONValue? {
        var node = root
        for token in tokens(of: String(canonical.dropFirst())) {
            switch node {
            case .object(let members): guard let next = members[token] else { return nil }; node = next
            case .array(let items): guard let i = Int(token), items.indices.contains(i) else { return nil }; node = items[i]
            default: return nil
            }
        }
        return node
    }
}

/// Typed access to one schema object's keyword values, with errors that name the keyword.
private struct KeywordReader {
    let schema: [String: JSONValue]
    let pointer: String

    func invalid(_ keyword: String, _ reason: String) -> JSONSchemaError {
        .invalidSchema(pointer: SchemaCompiler.child(pointer, keyword), reason: reason)
    }

    func string(_ keyword: String) throws -> String { try string(in: schema[keyword] ?? .null, keyword) }

    func string(in value: JSONValue, _ keyword: String) throws -> String {
        guard case .string(let s) = value else { throw invalid(keyword, "expected a string") }
        return s
    }

    func array(_ keyword: String) throws -> [JSONValue] {
        guard case .array(let a)? = schema[keyword] else { throw invalid(keyword, "expected an array") }
        return a
    }

    func object(_ keyword: String) throws -> [String: JSONValue] {
        guard case .object(let o)? = schema[keyword] else { throw invalid(keyword, "expected an object") }
        return o
    }

    func bool(_ keyword: String) throws -> Bool {
        guard case .bool(let b)? = schema[keyword] else { throw invalid(keyword, "expected a boolean") }
        return b
    }

    func number(_ keyword: String) throws -> Double {
        guard case .number(let n)? = schema[keyword] else { throw invalid(keyword, "expected a number") }
        return n
    }

    func count(_ keyword: String) throws -> Int {
        let n = try number(keyword)
        guard n >= 0, JSONValue.isInteger(n) else { throw invalid(keyword, "expected a non-negative integer") }
        return Int(n)
    }

    func pattern(_ source: String) throws -> Pattern {
        do { return try Pattern(source) } catch { throw invalid("pattern", "invalid regular expression \(source)") }
    }
}
