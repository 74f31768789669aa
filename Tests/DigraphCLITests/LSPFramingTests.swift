@testable import DigraphCLI
import Foundation
import Testing

/// The language server's framing and JSON, on bytes: whatever arrives, the decoder makes progress
/// and finds the next good message.
@Suite struct LSPFramingTests {
    static func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    static func drain(_ decoder: inout FrameDecoder) -> [FrameDecoder.Item] {
        var items: [FrameDecoder.Item] = []
        while let item = decoder.next() { items.append(item) }
        return items
    }

    @Test func messagesSplitAnywhereAreReassembled() {
        let bytes = Self.frame("{\"a\":1}") + Self.frame("{\"b\":\"é\"}")
        for cut in 0...bytes.count {
            var decoder = FrameDecoder()
            decoder.append(bytes[..<cut])
            var items = Self.drain(&decoder)
            decoder.append(bytes[cut...])
            items += Self.drain(&decoder)
            #expect(items == [.message(Data("{\"a\":1}".utf8)), .message(Data("{\"b\":\"é\"}".utf8))], "cut at \(cut)")
        }
    }

    @Test(arguments: [
        "Content-Type: application/json\r\n\r\n{}",
        "garbage without any header end",
        "Content-Length: twelve\r\n\r\n{\"x\": 1}",
        "\r\n\r\n\r\n",
        // Bare line feeds are tolerated; a line without a colon is skipped.
        "Content-Length: 2\nX\n\n{}",
    ])
    func garbageIsReportedAndTheNextMessageStillArrives(garbage: String) {
        // Garbage alone (the good message later), and garbage and the message in one piece.
        let good = Self.frame("{\"ok\":true}")
        for together in [false, true] {
            var decoder = FrameDecoder()
            decoder.append(Array(garbage.utf8))
            var items = together ? [] : Self.drain(&decoder)
            decoder.append(good)
            items += Self.drain(&decoder)
            #expect(items.last == .message(Data("{\"ok\":true}".utf8)), "\(garbage.debugDescription) together: \(together): \(items)")
            #expect(items.count <= 4)
        }
    }

    @Test func jsonRoundTripsAndRefusesDeepNesting() throws {
        let text = #"{"a":[1,2.5,true,null,"x\u0001\"\\"],"b":{}}"#
        let value = try JSON.parse(Data(text.utf8))
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(try JSON.parse(Data(value.serialized.utf8)) == value)
        #expect(value.serialized == #"{"a":[1,2.5,true,null,"x\u0001\"\\"],"b":{}}"#)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Data(String(repeating: "[", count: 100_000).utf8)) }
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Data("{\"a\":".utf8)) }
    }
}
