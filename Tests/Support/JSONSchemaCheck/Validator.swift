/// Checks one instance against compiled nodes. Collects every violation rather than stopping at
/// the first, so a failing test shows all that is wrong.
struct Validator {
    let nodes: [String: SchemaNode]

    /// `$ref` loops that consume no instance depth (`{"$ref": "#"}` at the root) would never end.
    private static let maxDepth = 512

    func check(_ value: JSONValue, against node: SchemaNode, at path: String, depth: Int) -> [SchemaViolation] {
        switch node {
        case .always(true): return []
        case .always(false): return [SchemaViolation(path: path, keyword: "false", message: "no value is allowed here")]
        case .keywords(let k): return check(value, k, at: path, depth: depth)
        }
    }

    private func check(_ value: JSONValue, _ k: SchemaNode.Keywords, at path: String, depth: Int) -> [SchemaViolation] {
        guard depth < Self.maxDepth else {
            return [SchemaViolation(path: path, keyword: "$ref", message: "schema references nest too deeply")]
        }
        var out: [SchemaViolation] = []
        func fail(_ keyword: String, _ message: String, at where: String = path) {
            out.append(SchemaViolation(path: `where`, keyword: keyword, message: message))
        }

        if let types = k.types, !types.contains(where: { Self.value(value, hasType: $0) }) {
            let expected = types.count == 1 ? types[0] : "one of " + types.joined(separator: ", ")
            fail("type", "expected \(expected), found \(value.typeName)")
        }
        if let constant = k.constValue, constant != value {
            fail("const", "expected \(constant.summary), found \(value.summary)")
        }
        if let allowed = k.enumValues, !allowed.contains(value) {
            fail("enum", "\(value.summary) is not one of \(allowed.map(\.summary).joined(separator: ", "))")
        }
        if let ref = k.ref, let target = nodes[ref] {
            out += check(value, against: target, at: path, depth: depth + 1)
        }
        out += combinators(value, k, at: path, depth: depth)

        switch value {
        case .object(let members): out += object(members, k, at: path, depth: depth)
        case .array(let items): out += array(items, k, at: path, depth: depth)
        case .number(let n): out += number(n, k, at: path)
        case .string(let s): out += string(s, k, at: path)
        case .null, .bool: break
        }
        return out
    }

    private static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
             ("array", .array), ("object", .object): return true
        case ("integer", .number(let n)): return JSONValue.isInteger(n)
        default: return false
        }
    }

    private func combinators(_ value: JSONValue, _ k: SchemaNode.Keywords, at path: String, depth: Int) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        for sub in k.allOf { out += check(value, against: sub, at: path, depth: depth + 1) }
        if let anyOf = k.anyOf {
            let results = anyOf.map { check(value, against: $0, at: path, depth: depth + 1) }
            if !results.contains(where: \.isEmpty) {
                out.append(SchemaViolation(path: path, keyword: "anyOf", message: "matches none of the \(anyOf.count) anyOf schemas (\(Self.firstFailures(results)))"))
            }
        }
        if let oneOf = k.oneOf {
            let results = oneOf.map { check(value, against: $0, at: path, depth: depth + 1) }
            let matching = results.indices.filter { results[$0].isEmpty }
            if matching.isEmpty {
                out.append(SchemaViolation(path: path, keyword: "oneOf", message: "matches none of the \(oneOf.count) oneOf schemas (\(Self.firstFailures(results)))"))
            } else if matching.count > 1 {
                out.append(SchemaViolation(path: path, keyword: "oneOf", message: "matches oneOf schemas \(matching.map(String.init).joined(separator: " and ")); exactly one must match"))
            }
        }
        if let not = k.not, check(value, against: not, at: path, depth: depth + 1).isEmpty {
            out.append(SchemaViolation(path: path, keyword: "not", message: "must not match the `not` schema"))
        }
        return out
    }

    /// For an anyOf/oneOf miss: why each alternative failed, briefly.
    private static func firstFailures(_ results: [[SchemaViolation]]) -> String {
        results.enumerated().map { "#\($0): \($1.first!.description)" }.joined(separator: "; ")
    }

    private func object(_ members: [String: JSONValue], _ k: SchemaNode.Keywords, at path: String, depth: Int) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        for name in k.required where members[name] == nil {
            out.append(SchemaViolation(path: InstancePath.member(path, name), keyword: "required", message: "required property \"\(name)\" is missing"))
        }
        if let min = k.minProperties, members.count < min {
            out.append(SchemaViolation(path: path, keyword: "minProperties", message: "has \(members.count) properties, fewer than \(min)"))
        }
        if let max = k.maxProperties, members.count > max {
            out.append(SchemaViolation(path: path, keyword: "maxProperties", message: "has \(members.count) properties, more than \(max)"))
        }
        for (name, needed) in k.dependentRequired.sorted(by: { $0.key < $1.key }) where members[name] != nil {
            for other in needed where members[other] == nil {
                out.append(SchemaViolation(path: InstancePath.member(path, other), keyword: "dependencies", message: "required by \"\(name)\" but missing"))
            }
        }
        for (name, schema) in k.dependentSchemas.sorted(by: { $0.key < $1.key }) where members[name] != nil {
            out += check(.object(members), against: schema, at: path, depth: depth + 1)
        }
        // Sorted so the violations come out in the same order on every run.
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let memberPath = InstancePath.member(path, name)
            var matched = false
            if let schema = k.properties[name] {
                matched = true
                out += check(member, against: schema, at: memberPath, depth: depth + 1)
            }
            for (pattern, schema) in k.patternProperties where pattern.matches(name) {
                matched = true
                out += check(member, against: schema, at: memberPath, depth: depth + 1)
            }
            if !matched, let additional = k.additionalProperties {
                if case .always(false) = additional {
                    out.append(SchemaViolation(path: memberPath, keyword: "additionalProperties", message: "property \"\(name)\" is not allowed"))
                } else {
                    out += check(member, against: additional, at: memberPath, depth: depth + 1)
                }
            }
        }
        return out
    }

    private func array(_ items: [JSONValue], _ k: SchemaNode.Keywords, at path: String, depth: Int) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        if let min = k.minItems, items.count < min {
            out.append(SchemaViolation(path: path, keyword: "minItems", message: "has \(items.count) items, fewer than \(min)"))
        }
        if let max = k.maxItems, items.count > max {
            out.append(SchemaViolation(path: path, keyword: "maxItems", message: "has \(items.count) items, more than \(max)"))
        }
        if k.uniqueItems {
            var seen: [JSONValue: Int] = [:]
            for (i, item) in items.enumerated() {
                if let first = seen[item] {
                    out.append(SchemaViolation(path: InstancePath.element(path, i), keyword: "uniqueItems", message: "duplicates item \(first)"))
                } else {
                    seen[item] = i
                }
            }
        }
        if let schema = k.items {
            for (i, item) in items.enumerated() {
                out += check(item, against: schema, at: InstancePath.element(path, i), depth: depth + 1)
            }
        }
        return out
    }

    private func number(_ n: Double, _ k: SchemaNode.Keywords, at path: String) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        let shown = JSONValue.number(n).summary
        func bound(_ b: Double) -> String { JSONValue.number(b).summary }
        if let min = k.minimum, n < min {
            out.append(SchemaViolation(path: path, keyword: "minimum", message: "\(shown) is less than the minimum \(bound(min))"))
        }
        if let max = k.maximum, n > max {
            out.append(SchemaViolation(path: path, keyword: "maximum", message: "\(shown) is greater than the maximum \(bound(max))"))
        }
        if let min = k.exclusiveMinimum, n <= min {
            out.append(SchemaViolation(path: path, keyword: "exclusiveMinimum", message: "\(shown) is not greater than \(bound(min))"))
        }
        if let max = k.exclusiveMaximum, n >= max {
            out.append(SchemaViolation(path: path, keyword: "exclusiveMaximum", message: "\(shown) is not less than \(bound(max))"))
        }
        if let step = k.multipleOf, !JSONValue.isInteger(n / step) {
            out.append(SchemaViolation(path: path, keyword: "multipleOf", message: "\(shown) is not a multiple of \(bound(step))"))
        }
        return out
    }

    private func string(_ s: String, _ k: SchemaNode.Keywords, at path: String) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        // JSON Schema counts characters as Unicode code points.
        let length = s.unicodeScalars.count
        if let min = k.minLength, length < min {
            out.append(SchemaViolation(path: path, keyword: "minLength", message: "is \(length) characters long, shorter than \(min)"))
        }
        if let max = k.maxLength, length > max {
            out.append(SchemaViolation(path: path, keyword: "maxLength", message: "is \(length) characters long, longer than \(max)"))
        }
        if let pattern = k.pattern, !pattern.matches(s) {
            out.append(SchemaViolation(path: path, keyword: "pattern", message: "\"\(s)\" does not match \(pattern.source)"))
        }
        return out
    }
}
