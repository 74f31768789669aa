/// What a run needs of a file whose programs' analyses it takes from the cache: whether it
/// declares tests (which places a file no project description covers), its suppression comments
/// (they reach every program's findings) and its part of the coverage. Small next to the file's
/// facts, which such a run never decodes.
public struct FileSummary: Codable, Sendable, Equatable {
    public var file: String
    public var declaresTests: Bool
    public var suppressionComments: [SuppressionComment]
    public var coverage: Coverage.FilePart

    public init(_ facts: FileFacts) {
        file = facts.file
        declaresTests = facts.declaresTests
        suppressionComments = facts.suppressionComments
        coverage = Coverage.FilePart(facts)
    }
}
