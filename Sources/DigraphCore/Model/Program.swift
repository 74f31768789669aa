/// Something that runs on its own, with its own containers: an app, an extension, a test bundle,
/// a command-line tool, a playground page. Programs do not share containers at run time, so
/// requests are matched only against registrations visible from their program.
public struct Program: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case app, `extension`, library, tool, tests
        case playgroundPage = "playground_page"
        case unknown
    }

    public var name: String
    public var kind: Kind
    /// What described it: `Package.swift`, `project.pbxproj`, `xcodegen` (a spec under any name),
    /// `tuist` (a `Project.swift`), `playground`, `fallback`.
    public var source: String
    /// Display path of the describing file (Package.swift, the .xcodeproj, the XcodeGen spec, Tuist's Project.swift, the
    /// playground), nil for the fallback.
    public var descriptionPath: String?
    /// Display paths of the Swift files compiled into it: its own and those of every module it
    /// links. A file compiled into several programs is in each. Sorted.
    public private(set) var files: [String]
    /// Programs whose registrations this one can resolve: a test bundle sees its host app or the
    /// programs of the module it tests (`@testable import`). Sorted.
    public var sees: [String]

    public init(
        name: String, kind: Kind, source: String, descriptionPath: String? = nil, files: [String], sees: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.source = source
        self.descriptionPath = descriptionPath
        self.files = files.sorted()
        self.sees = sees.sorted()
    }

    public var isTests: Bool { kind == .tests }

    /// Whether `file` (a display path) is compiled into it; `files` is sorted.
    public func compiles(_ file: String) -> Bool {
        var low = 0
        var high = files.count
        while low < high {
            let mid = (low + high) / 2
            if files[mid] < file { low = mid + 1 } else { high = mid }
        }
        return low < files.count && files[low] == file
    }
}

/// Where the project descriptions put the scanned files.
public struct ProgramMap: Codable, Sendable, Hashable {
    /// Programs read from project descriptions, sorted by name.
    public var programs: [Program]
    /// Scanned files under a project description that no program of it compiles (stale copies,
    /// resources): not analysed. Sorted.
    public var uncompiled: [String]
    /// Scanned files under no project description: grouped by the fallback (test code by folder and
    /// by `XCTestCase`/`@Suite`/`@Test`, the rest one program). Sorted.
    public var undescribed: [String]
    /// Project constructs the readers did not understand: reported as notes, never dropped silently.
    public var notes: [ProgramNote]

    public init(programs: [Program] = [], uncompiled: [String] = [], undescribed: [String] = [], notes: [ProgramNote] = []) {
        self.programs = programs.sorted { $0.name < $1.name }
        self.uncompiled = uncompiled.sorted()
        self.undescribed = undescribed.sorted()
        self.notes = notes
    }

    /// Every scanned file under no description: what a scan without project files gives.
    public static func undescribed(_ files: [String]) -> ProgramMap { ProgramMap(undescribed: files) }
}

/// Something a project reader saw and did not understand (an unknown target type, a build
/// phase it cannot resolve): a note at its position.
public struct ProgramNote: Codable, Sendable, Hashable {
    public var message: String
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
