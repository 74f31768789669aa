import DigraphRender
import Testing

@Suite struct DOTTextTests {
    @Test func quotedIDsEscapeQuotesAndNothingElse() {
        #expect(DOTText.quoted("Result<User,Error>") == "\"Result<User,Error>\"")
        #expect(DOTText.quoted("a\"b") == "\"a\\\"b\"")
        #expect(DOTText.quoted("a&b") == "\"a&b\"")
        #expect(DOTText.quoted("c\\d") == "\"c\\d\"")
    }

    @Test func aBackslashThatWouldEscapeTheClosingQuoteIsDrawnAsALookAlike() {
        #expect(DOTText.quoted("end\\") == "\"end\u{29F5}\"")
        #expect(DOTText.quoted("a\\\"b") == "\"a\u{29F5}\\\"b\"")
    }

    @Test func labelsEscapeBackslashesQuotesAndAmpersands() {
        #expect(DOTText.label(["a\\Nb"]) == "\"a\\\\Nb\"")
        #expect(DOTText.label(["say \"hi\""]) == "\"say \\\"hi\\\"\"")
        #expect(DOTText.label(["x &lt; y & z"]) == "\"x &amp;lt; y &amp; z\"")
        #expect(DOTText.label(["one", "two"]) == "\"one\\ntwo\"")
        #expect(DOTText.label(["one", "two"], leftJustified: true) == "\"one\\ltwo\\l\"")
        #expect(DOTText.label(["line\nbreak"]) == "\"line break\"")
    }

    /// Control characters would make an SVG no XML reader opens, and act on a terminal: escaped.
    @Test func controlsAndBidiAreDrawnEscaped() {
        #expect(DOTText.quoted("a\u{1B}[31mb\u{202E}c") == "\"a\\u{1B}[31mb\\u{202E}c\"")
        #expect(DOTText.label(["a\u{1B}[31mb\u{7}"]) == "\"a\\\\u{1B}[31mb\\\\u{7}\"")
        #expect(DOTText.html("x\u{1B}y") == "x\\u{1B}y")
    }

    /// Graphviz refuses a quoted string over 16384 bytes: a generic type nested thousands deep is
    /// cut, with a hash of the whole so that two such ids stay two nodes.
    @Test func longTextIsCutToWhatGraphvizReads() {
        let long = String(repeating: "A<", count: 50_000) + "B" + String(repeating: ">", count: 50_000)
        let other = String(repeating: "A<", count: 50_000) + "C" + String(repeating: ">", count: 50_000)
        let quoted = DOTText.quoted(long)
        #expect(quoted.utf8.count < 16_384)
        #expect(quoted.hasPrefix("\"A<A<") && quoted.contains("…"))
        #expect(quoted != DOTText.quoted(other))
        #expect(DOTText.label([long]).utf8.count < 16_384)
        #expect(DOTText.quoted(String(repeating: "a", count: 8_000)) == "\"" + String(repeating: "a", count: 8_000) + "\"")
    }

    @Test func htmlTextUsesEntities() {
        #expect(DOTText.html("<B>&\"") == "&lt;B&gt;&amp;&quot;")
    }

    @Test func slugsAreReadableAndNeverEmpty() {
        #expect(DOTText.slug("Database#primary") == "Database-primary")
        #expect(DOTText.slug("Result<User,Error>") == "Result-User-Error")
        #expect(DOTText.slug("Network.shared") == "Network.shared")
        #expect(DOTText.slug("ProductViewModel(String)") == "ProductViewModel-String")
        #expect(DOTText.slug("<>") == "x")
        #expect(DOTText.slug("Café") == "Caf")
    }
}
