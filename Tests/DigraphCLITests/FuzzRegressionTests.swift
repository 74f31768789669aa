import DigraphCLI
import DigraphCore
import Foundation
import Testing

/// Every input that once crashed digraph (Fuzz/regressions/<target>/), run again through its fuzz
/// target, as libFuzzer runs it: each must return.
@Suite struct FuzzRegressionTests {
    static let folder = DigraphProcess.packageRoot.appendingPathComponent("Fuzz/regressions")

    static var inputs: [String] {
        FuzzTargets.names.flatMap { target in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
            return entries.filter { !$0.hasPrefix(".") }.sorted().map { "\(target)/\($0)" }
        }
    }

    @Test func thereAreRegressionInputs() {
        #expect(Self.inputs.count >= 4)
    }

    @Test(arguments: inputs)
    func returns(input: String) throws {
        let target = String(input.split(separator: "/")[0])
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(input))
        let ran = LargeStack.run { data.withUnsafeBytes { FuzzTargets.run(target, $0) } }
        #expect(ran)
    }

    /// The targets themselves: each returns on empty input, on its seeds' kind of garbage, and on
    /// input that is not UTF-8.
    @Test(arguments: FuzzTargets.names)
    func everyTargetReturnsOnOddInput(target: String) {
        for bytes: [UInt8] in [[], [0xFF, 0xFE, 0x00], Array("{[(<\"'\\".utf8), Array(repeating: 0x5B, count: 1_000)] {
            #expect(LargeStack.run { bytes.withUnsafeBytes { FuzzTargets.run(target, $0) } })
        }
        #expect(!FuzzTargets.run("no-such-target", UnsafeRawBufferPointer(start: nil, count: 0)))
    }
}
