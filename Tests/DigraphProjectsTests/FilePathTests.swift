import Testing

@testable import DigraphProjects

/// The shortcuts of issue 13 give what splitting gave.
@Suite struct FilePathTests {
    static let paths = [
        "/", "//", "/a", "/a/", "/a//b", "/a/./b", "/a/../b", "/.", "/..", "/a/.", "/a/..", "/a/...", "/a/.b", "/a/b.",
        "/.hidden/x", "/a/b/c.swift", "a/b", "", "./a", "/a/b/../../..", "/a/..b/c", "/a/b..", "/Ünï/cödé.swift",
    ]

    @Test(arguments: paths)
    func normalizeIsUnchanged(path: String) {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        #expect(FilePath.normalize(path) == "/" + parts.joined(separator: "/"))
        #expect(FilePath.lastComponent(path) == path.split(separator: "/").last.map(String.init) ?? path)
    }
}
