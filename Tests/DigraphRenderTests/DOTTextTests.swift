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
