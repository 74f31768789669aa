@testable import DigraphProjects
import Testing

@Suite struct OpenStepPlistTests {
    func parse(_ text: String) throws(ProjectError) -> PlistValue {
        try OpenStepPlistParser.parse(text, file: "p.pbxproj")
    }

    @Test func valuesCommentsAndPositions() throws {
        let root = try parse("""
            // !$*UTF8*$!
            {
            \tname = "Shop \\"Pro\\"\\n\\U00e9\\101"; /* a comment; with = signs */
            \tlist = ( a, "b c", <0A 1b>, ); // trailing
            \tnested = { empty = (); path = ../Shared/File+Ext.swift; };
            }
            """)
        #expect(root.line == 2 && root.column == 1)
        #expect(root["name"]?.string == "Shop \"Pro\"\néA")
        #expect(root["name"]?.line == 3)
        #expect(root["name"]?.column == 9)
        #expect(root["list"]?.array?.map { $0.string } == ["a", "b c", "0A1b"])
        #expect(root["list"]?.array?[1].column == 14)
        #expect(root["nested"]?["empty"]?.array?.isEmpty == true)
        #expect(root["nested"]?["path"]?.string == "../Shared/File+Ext.swift")
    }

    @Test(arguments: [
        ("{ a = b; ", 1, 10, "unexpected end of file: the dictionary opened at 1:1 is not closed"),
        ("{ a b; }", 1, 5, "expected '=' after the key 'a', found 'b'"),
        ("{ a = (x y); }", 1, 10, "expected ',' or ')' in the array, found 'y'"),
        ("{ a = b; } }", 1, 12, "unexpected '}' after the end of the property list"),
        ("{\n  /* open\n  a = b;\n}", 2, 3, "unterminated comment"),
        ("{ a = ; }", 1, 7, "expected a value, found ';'"),
        ("{ a = \"\\U12\"; }", 1, 8, "'\\U' needs four hexadecimal digits"),
        ("{\n\ta = b;\n<<<<<<< HEAD\n\tc = 54;\n=======\n\tc = 53;\n>>>>>>> 75832ce\n}", 3, 1,
         "expected a key or '}', found an unresolved merge conflict marker '<<<<<<<' (resolve the conflict in the project file)"),
    ])
    func malformedInputIsReportedWhereItGoesWrong(text: String, line: Int, column: Int, message: String) {
        #expect(throws: ProjectError(file: "p.pbxproj", line: line, column: column,
                                     message: "malformed project file: \(message)")) {
            try parse(text)
        }
    }
}
