import DigraphReporters
import Foundation
import JSONSchemaCheck
import Testing

/// The validator itself: if it accepted everything, every schema test above would be worthless.
@Suite struct JSONSchemaCheckTests {
    func schema(_ json: String) throws -> JSONSchema { try JSONSchema(data: Data(json.utf8)) }

    func violations(_ schemaJSON: String, _ instanceJSON: String) throws -> [SchemaViolation] {
        try schema(schemaJSON).validate(parseJSON(instanceJSON))
    }

    /// A valid report, as a mutable object, to break one thing at a time.
    func validReport() throws -> [String: Any] {
        try #require(try parseJSON(JSONReporter().render(Sample.analysis, context: Sample.context())) as? [String: Any])
    }

    // MARK: booleans and numbers

    @Test func tellsBooleansFromNumbersInJSONSerializationOutput() throws {
        let parsed = try #require(try parseJSON("[true, false, 1, 0, 1.0, 2.5, -3]") as? [Any])
        #expect(parsed.map { JSONValue(any: $0) } == [.bool(true), .bool(false), .number(1), .number(0), .number(1), .number(2.5), .number(-3)])
    }

    @Test func tellsBooleansFromNumbersInSwiftValues() {
        let values: [Any] = [true, 1, 0, false, 1.0, NSNumber(value: 1), NSNumber(value: true)]
        #expect(values.map { JSONValue(any: $0) } == [.bool(true), .number(1), .number(0), .bool(false), .number(1), .number(1), .bool(true)])
    }

    @Test func aBooleanIsNotAnIntegerNorTheOtherWayRound() throws {
        let integer = #"{"type": "integer"}"#
        let boolean = #"{"type": "boolean"}"#
        #expect(try violations(integer, "true").map(\.keyword) == ["type"])
        #expect(try violations(integer, "false").map(\.keyword) == ["type"])
        #expect(try violations(boolean, "1").map(\.keyword) == ["type"])
        #expect(try violations(boolean, "0").map(\.keyword) == ["type"])
        #expect(try violations(integer, "1").isEmpty)
        #expect(try violations(boolean, "true").isEmpty)
        #expect(try violations(#"{"enum": [1]}"#, "true").map(\.keyword) == ["enum"])
        #expect(try violations(#"{"const": true}"#, "1").map(\.keyword) == ["const"])
    }

    @Test func integerMeansAWholeNumber() throws {
        let integer = #"{"type": "integer"}"#
        #expect(try violations(integer, "1.0").isEmpty)
        #expect(try violations(integer, "2.5").first?.message == "expected integer, found number")
        #expect(try violations(#"{"type": "number"}"#, "3").isEmpty)
    }

    // MARK: the report schema, broken on purpose

    @Test func reportMissingSchemaIsReportedAtThatProperty() throws {
        var doc = try validReport()
        doc["schema"] = nil
        let found = try Repository.schema(Repository.reportSchemaPath).validate(doc)
        #expect(found == [SchemaViolation(path: "schema", keyword: "required", message: "required property \"schema\" is missing")])
    }

    @Test func wrongEnumValueIsReportedWithItsPath() throws {
        var doc = try validReport()
        var services = try #require(doc["services"] as? [[String: Any]])
        services[3]["lifetime"] = "forever"
        doc["services"] = services
        let found = try Repository.schema(Repository.reportSchemaPath).validate(doc)
        #expect(found.map(\.path) == ["services[3].lifetime"])
        #expect(found.map(\.keyword) == ["enum"])
        #expect(found.first?.message.hasPrefix("\"forever\" is not one of \"singleton\"") == true)
    }

    @Test func booleanWhereAnIntegerIsRequired() throws {
        var doc = try validReport()
        var summary = try #require(doc["summary"] as? [String: Any])
        summary["errors"] = true
        doc["summary"] = summary
        // Round-trip through JSON text so the boolean is Foundation's NSNumber, as in real use.
        let data = try JSONSerialization.data(withJSONObject: doc)
        let found = try Repository.schema(Repository.reportSchemaPath).validate(data: data)
        #expect(found == [SchemaViolation(path: "summary.errors", keyword: "type", message: "expected integer, found boolean")])
    }

    @Test func severalDefectsAreAllReported() throws {
        var doc = try validReport()
        doc["tool"] = ["name": "other"]
        var diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        diagnostics[0]["rule"] = "Dependency-Cycle"
        diagnostics[0]["services"] = [String]()
        diagnostics[1]["location"] = ["file": "A.swift", "line": 0, "column": 1]
        doc["diagnostics"] = diagnostics
        let found = try Repository.schema(Repository.reportSchemaPath).validate(doc)
        #expect(Set(found.map { "\($0.path) \($0.keyword)" }) == [
            "tool.name const", "tool.version required", "diagnostics[0].rule pattern",
            "diagnostics[0].services minItems", "diagnostics[1].location.line minimum",
        ])
    }

    // MARK: keywords

    @Test func keywordsOneByOne() throws {
        #expect(try violations(#"{"type": ["array", "null"]}"#, "null").isEmpty)
        #expect(try violations(#"{"type": ["array", "null"]}"#, "{}").first?.message == "expected one of array, null, found object")
        #expect(try violations(#"{"additionalProperties": false, "properties": {"a": {}}}"#, #"{"a": 1, "b": 2}"#).map(\.path) == ["b"])
        #expect(try violations(#"{"additionalProperties": {"type": "string"}}"#, #"{"x": "1", "y": 2}"#).map(\.path) == ["y"])
        #expect(try violations(#"{"patternProperties": {"^x_": {"type": "string"}}}"#, #"{"x_a": 1, "b": 2}"#).map(\.path) == ["x_a"])
        #expect(try violations(#"{"uniqueItems": true}"#, "[1, 2, 1.0]").map(\.path) == ["[2]"])
        #expect(try violations(#"{"uniqueItems": true}"#, "[1, true, {\"a\": [1]}, {\"a\": [true]}]").isEmpty)
        #expect(try violations(#"{"maxItems": 1, "minItems": 1}"#, "[]").map(\.keyword) == ["minItems"])
        #expect(try violations(#"{"maxItems": 1}"#, "[1, 2]").map(\.keyword) == ["maxItems"])
        #expect(try violations(#"{"minimum": -1, "maximum": 100}"#, "-2").map(\.keyword) == ["minimum"])
        #expect(try violations(#"{"minimum": -1, "maximum": 100}"#, "100.5").map(\.keyword) == ["maximum"])
        #expect(try violations(#"{"minimum": 0, "exclusiveMinimum": true}"#, "0").map(\.keyword) == ["exclusiveMinimum"])
        #expect(try violations(#"{"exclusiveMaximum": 10}"#, "10").map(\.keyword) == ["exclusiveMaximum"])
        #expect(try violations(#"{"minLength": 2, "maxLength": 3}"#, #""é""#).map(\.keyword) == ["minLength"])
        #expect(try violations(#"{"minLength": 2, "maxLength": 3}"#, #""éé""#).isEmpty)  // code points, not bytes
        #expect(try violations(#"{"pattern": "[^/]+/.+"}"#, #""text/plain""#).isEmpty)  // unanchored search
        #expect(try violations(#"{"pattern": "^[a-z]+$"}"#, #""abc1""#).map(\.keyword) == ["pattern"])
        #expect(try violations(#"{"not": {"type": "string"}}"#, #""s""#).map(\.keyword) == ["not"])
        #expect(try violations(#"{"allOf": [{"minimum": 1}, {"maximum": 2}]}"#, "3").map(\.keyword) == ["maximum"])
        #expect(try violations(#"{"dependencies": {"a": ["b"]}}"#, #"{"a": 1}"#).map(\.path) == ["b"])
        #expect(try violations(#"{"dependencies": {"a": {"required": ["c"]}}}"#, #"{"a": 1}"#).map(\.path) == ["c"])
        #expect(try violations(#"{"multipleOf": 0.5}"#, "1.25").map(\.keyword) == ["multipleOf"])
        #expect(try violations("false", "1").map(\.keyword) == ["false"])
        #expect(try violations("true", "1").isEmpty)
    }

    @Test func anyOfAndOneOf() throws {
        let anyOf = #"{"anyOf": [{"required": ["text"]}, {"required": ["id"]}]}"#
        #expect(try violations(anyOf, #"{"text": "t", "id": "i"}"#).isEmpty)
        #expect(try violations(anyOf, "{}").map(\.keyword) == ["anyOf"])
        let oneOf = #"{"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}"#
        #expect(try violations(oneOf, #"{"a": 1}"#).isEmpty)
        #expect(try violations(oneOf, #"{"a": 1, "b": 2}"#).first?.message == "matches oneOf schemas 0 and 1; exactly one must match")
        #expect(try violations(oneOf, "{}").map(\.keyword) == ["oneOf"])
    }

    @Test func recursiveReferences() throws {
        let tree = #"""
            {"$ref": "#/definitions/node",
             "definitions": {"node": {"type": "object", "required": ["name"],
                "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/definitions/node"}}}}}}
            """#
        #expect(try violations(tree, #"{"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}"#).isEmpty)
        #expect(try violations(tree, #"{"name": "a", "children": [{"name": "b", "children": [{"name": 3}]}]}"#).map(\.path)
            == ["children[0].children[0].name"])
        let selfLoop = try violations(##"{"$ref": "#"}"##, "1")
        #expect(selfLoop.map(\.keyword) == ["$ref"])
    }

    @Test func oddPropertyNamesGetBracketedPaths() throws {
        let found = try violations(#"{"additionalProperties": {"type": "string"}}"#, #"{"digraph/v1": 1, "2x": 2}"#)
        #expect(found.map(\.path) == [#"["2x"]"#, #"["digraph/v1"]"#])
    }

    @Test func refusesWhatItCannotCheck() {
        #expect(throws: JSONSchemaError.unsupportedKeyword(pointer: "#", keyword: "if")) { try schema(#"{"if": {}}"#) }
        #expect(throws: JSONSchemaError.unsupportedKeyword(pointer: "#/properties/a", keyword: "contains")) {
            try schema(#"{"properties": {"a": {"contains": {}}}}"#)
        }
        #expect(throws: JSONSchemaError.unresolvableReference(pointer: "#", ref: "#/$defs/nowhere")) {
            try schema(##"{"$ref": "#/$defs/nowhere"}"##)
        }
        #expect(throws: JSONSchemaError.self) { try schema(#"{"$ref": "other.json#/x"}"#) }
        #expect(throws: JSONSchemaError.self) { try schema(#"{"type": "integr"}"#) }
        #expect(throws: JSONSchemaError.self) { try schema("[1]") }
    }

    // MARK: the other schemas

    @Test func snapshotSchema() throws {
        let schema = try Repository.schema(Repository.snapshotSchemaPath)
        let valid = """
            {"schema": "digraph-snapshot/1",
             "generator": {"name": "exporter", "framework": "Swinject", "source": "runtime-probe"},
             "services": [{"id": "APIClient", "type": "APIClient", "lifetime": "singleton", "probe": {"status": "ok"}}],
             "edges": [{"from": "APIClient", "to": "Database", "timing": "eager", "count": 2, "site": {"line": 3}}]}
            """
        #expect(schema.validate(try parseJSON(valid)).isEmpty)
        let invalid = valid.replacingOccurrences(of: "\"count\": 2", with: "\"count\": 0")
            .replacingOccurrences(of: "\"ok\"", with: "\"fine\"")
        #expect(Set(schema.validate(try parseJSON(invalid)).map(\.path)) == ["edges[0].count", "services[0].probe.status"])
    }

    static let sarifLog = #"""
        {"version": "2.1.0",
         "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
         "runs": [{
           "tool": {"driver": {"name": "digraph", "version": "0.1.0", "informationUri": "https://example.org/digraph",
                               "rules": [{"id": "dependency_cycle", "shortDescription": {"text": "Eager cycle"},
                                          "defaultConfiguration": {"level": "error"}}]}},
           "results": [{"ruleId": "dependency_cycle", "ruleIndex": 0, "level": "error",
                        "message": {"text": "dependency cycle: A -> B -> A"},
                        "locations": [{"physicalLocation": {"artifactLocation": {"uri": "Sources/App/AppAssembly.swift"},
                                                            "region": {"startLine": 9, "startColumn": 17}}}],
                        "partialFingerprints": {"digraph/v1": "0123456789abcdef"}}]}]}
        """#

    @Test func sarifSchemaAcceptsAValidLog() throws {
        let schema = try Repository.schema(Repository.sarifSchemaPath)
        let found = schema.validate(try parseJSON(Self.sarifLog))
        #expect(found.isEmpty, "\(found)")
    }

    @Test(arguments: [
        (#""ruleIndex": 0, "level": "error""#, #""ruleIndex": 0, "level": "fatal""#, "runs[0].results[0].level", "enum"),
        (#""startLine": 9"#, #""startLine": 0"#, "runs[0].results[0].locations[0].physicalLocation.region.startLine", "minimum"),
        (#""startLine": 9"#, #""startLine": true"#, "runs[0].results[0].locations[0].physicalLocation.region.startLine", "type"),
        (#""version": "2.1.0","#, #""version": "2.1.0", "extra": 1,"#, "extra", "additionalProperties"),
        (#""0123456789abcdef""#, "42", #"runs[0].results[0].partialFingerprints["digraph/v1"]"#, "type"),
        (#""message": {"text": "dependency cycle: A -> B -> A"}"#, #""message": {"markdown": "x"}"#, "runs[0].results[0].message", "anyOf"),
        (#""ruleIndex": 0"#, #""ruleIndex": -2"#, "runs[0].results[0].ruleIndex", "minimum"),
        (#""ruleIndex": 0, "level": "error""#, #""ruleIndex": 0, "level": "error", "graphTraversals": [{"runGraphIndex": 0, "resultGraphIndex": 0}]"#,
         "runs[0].results[0].graphTraversals[0]", "oneOf"),
        (#""tool": {"driver": {"name": "digraph","#, #""tool": {"driver": {"#, "runs[0].tool.driver.name", "required"),
    ])
    func sarifSchemaRejectsABrokenLog(original: String, replacement: String, path: String, keyword: String) throws {
        let schema = try Repository.schema(Repository.sarifSchemaPath)
        let broken = Self.sarifLog.replacingOccurrences(of: original, with: replacement)
        #expect(broken != Self.sarifLog)
        let found = schema.validate(try parseJSON(broken))
        #expect(found.map(\.path) == [path], "\(found)")
        #expect(found.map(\.keyword) == [keyword])
    }
}
