import Foundation
import Testing

/// A `.docc` catalog's `.swift` files are tutorial snippets, never compiled (JOBIS's
/// `Domain.docc/…/11-assembly-registration.swift` repeated the module's registration and was read
/// as a duplicate): neither a folder scan nor a package's target reads them.
@Suite struct DocumentationCatalogTests {
    static let registration = """
        import Swinject
        let container = Container()
        func setUp() { container.register(APIClient.self) { _ in HTTPAPIClient() } }
        let client = container.resolve(APIClient.self)!
        """

    @Test(arguments: [false, true])
    func snippetsInACatalogAreNotScanned(asPackage: Bool) throws {
        var files = [
            "Sources/Domain/Setup.swift": Self.registration,
            "Sources/Domain/Domain.docc/Resources/01-registration.swift": Self.registration,
        ]
        if asPackage {
            files["Package.swift"] = """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Domain", targets: [.target(name: "Domain")])
                """
        }
        let project = try TemporaryProject(files)
        let run = try DigraphProcess.run(["check", "--no-cache", "--format", "xcode"], in: project.url)
        #expect(!run.stdout.contains("duplicate_registration"), "\(run.stdout)")
        #expect(run.stderr.contains("in 1 file"), "\(run.stderr)")
    }
}
