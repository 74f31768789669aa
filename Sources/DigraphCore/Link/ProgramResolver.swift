/// The programs a link runs over: those the project descriptions gave, plus the fallback for
/// files no description covers (test code by folder and by test-framework imports, the rest one
/// program).
public struct ResolvedPrograms: Sendable {
    /// Sorted by name; never empty when there are files.
    public var programs: [Program]
    /// Files compiled only into test programs: their uses do not count as the product's.
    public var testFiles: Set<String>
    /// Scanned files no program compiles (not analysed).
    public var uncompiled: [String]
    public var notes: [ProgramNote]
}

public enum ProgramResolver {
    /// Name of the fallback program of non-test code, and of its tests.
    public static let fallbackName = "main"
    public static let fallbackTestsName = "tests"

    public static func resolve(_ map: ProgramMap, facts: [FileFacts], fallbackName: String = fallbackName)
        -> ResolvedPrograms
    {
        resolve(map, declaringTests: Set(facts.filter(\.declaresTests).map(\.file)), fallbackName: fallbackName)
    }

    /// `declaresTests`: the files whose facts say they declare tests (``FileFacts/declaresTests``).
    public static func resolve(_ map: ProgramMap, declaringTests declaresTests: Set<String>, fallbackName: String = fallbackName)
        -> ResolvedPrograms
    {
        var programs = map.programs
        let undescribedTests = map.undescribed.filter { isTestPath($0) || declaresTests.contains($0) }
        let undescribedMain = map.undescribed.filter { !(isTestPath($0) || declaresTests.contains($0)) }
        let taken = Set(programs.map(\.name))
        func unique(_ name: String) -> String {
            var candidate = name
            var n = 2
            while taken.contains(candidate) {
                candidate = "\(name)-\(n)"
                n += 1
            }
            return candidate
        }
        var mainName: String?
        if !undescribedMain.isEmpty {
            let name = unique(fallbackName)
            mainName = name
            programs.append(Program(name: name, kind: .unknown, source: "fallback", files: undescribedMain))
        }
        if !undescribedTests.isEmpty {
            programs.append(
                Program(
                    name: unique(fallbackTestsName), kind: .tests, source: "fallback",
                    // Fallback tests may exercise any code of the tree.
                    files: undescribedTests, sees: mainName.map { [$0] } ?? map.programs.filter { !$0.isTests }.map(\.name)))
        }
        programs.sort { $0.name < $1.name }
        var inTests: Set<String> = []
        var inProduct: Set<String> = []
        for program in programs {
            if program.isTests { inTests.formUnion(program.files) } else { inProduct.formUnion(program.files) }
        }
        return ResolvedPrograms(
            programs: programs, testFiles: inTests.subtracting(inProduct), uncompiled: map.uncompiled, notes: map.notes)
    }

    /// `Tests/…`, `AppTests/…`, `…/UITests/…`, `Specs/…`: test code by folder.
    public static func isTestPath(_ path: String) -> Bool {
        // Byte by byte: called for every file of every program, where splitting into Strings cost
        // more than the rest of the link.
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for end in 0..<bytes.count where bytes[end] == UInt8(ascii: "/") {
                let component = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if endsWith(component, testSuffixes) { return true }
                start = end + 1
            }
            return false
        }
    }

    /// `Tests`, `Specs`, `Test`, alone or ending a folder's name.
    private static let testSuffixes: [[UInt8]] = ["Tests", "Specs", "Test"].map { Array($0.utf8) }

    private static func endsWith(_ component: UnsafeBufferPointer<UInt8>, _ suffixes: [[UInt8]]) -> Bool {
        suffixes.contains { suffix in
            guard component.count >= suffix.count else { return false }
            let offset = component.count - suffix.count
            for i in 0..<suffix.count where component[offset + i] != suffix[i] { return false }
            return true
        }
    }
}
