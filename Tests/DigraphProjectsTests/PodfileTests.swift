import DigraphCore
import Foundation
import Testing

/// A CocoaPods app with development pods, modelled on ios-spain-s and UpcomingMovies: the
/// Podfile's target links the pods it lists (its own, a `def` group's, the top level's), each pod
/// compiles what its podspec's `source_files` name (not its `test_spec`), and a nested test
/// target with `inherit! :search_paths` links none of them. Before, every pod's file was "not
/// compiled by any program" and never analysed.
@Suite struct PodfileTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tP = {isa = PBXProject; mainGroup = G; targets = (A, T); };
        \t\tG = {isa = PBXGroup; children = (F, K); sourceTree = "<group>"; };
        \t\tF = {isa = PBXFileReference; path = App/AppDelegate.swift; sourceTree = "<group>"; };
        \t\tK = {isa = PBXFileReference; path = AppTests/AppTests.swift; sourceTree = "<group>"; };
        \t\tBF = {isa = PBXBuildFile; fileRef = F; };
        \t\tBK = {isa = PBXBuildFile; fileRef = K; };
        \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
        \t\tST = {isa = PBXSourcesBuildPhase; files = (BK); };
        \t\tA = {isa = PBXNativeTarget; name = Shop; buildPhases = (S);
        \t\t\tproductType = "com.apple.product-type.application"; };
        \t\tT = {isa = PBXNativeTarget; name = ShopTests; buildPhases = (ST);
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test"; };
        \t};
        \trootObject = P;
        }
        """

    static let podfile = """
        platform :ios, '14.0'
        use_frameworks!

        pod 'Logging', :path => 'Modules/Logging'   # every target's

        def features
          pod 'Login', :path => 'Modules/Features/Login', :testspecs => ['Tests']
          pod 'Cart', path: 'Modules/Features/Cart'
        end

        target 'Shop' do
          pod 'Swinject'
          features
          pod 'Data/TestDoubles', :path => 'Modules/Data/'

          target 'ShopTests' do
            inherit! :search_paths
          end

          post_install do |installer|
            installer.pods_project.targets.each do |t|
              puts t.name
            end
          end
        end
        """

    @Test func eachTargetLinksTheDevelopmentPodsItLists() throws {
        let fixture = try Fixture()
        try fixture.write("Shop.xcodeproj/project.pbxproj", Self.project)
        try fixture.write("Podfile", Self.podfile)
        try fixture.write("Modules/Features/Login/Login.podspec", """
            Pod::Spec.new do |s|
              s.name = 'Login'
              s.source_files = "#{s.name}/Classes/**/*.{swift,h,m}"
              s.dependency 'Logging'
              s.test_spec 'Tests' do |t|
                t.source_files = 'Tests/**/*.swift'
              end
            end
            """)
        try fixture.write("Modules/Features/Cart/Cart.podspec", """
            Pod::Spec.new do |spec|
              spec.name = 'Cart'
              spec.source_files = [
                'Cart/Sources/**/*.swift',
                'Cart/Shared/*.swift'
              ]
            end
            """)
        try fixture.write("Modules/Data/Data.podspec", """
            Pod::Spec.new do |s|
              s.name = 'Data'
              s.subspec 'Core' do |core|
                core.source_files = 'Data/Core/**/*'
              end
              s.subspec 'TestDoubles' do |doubles|
                doubles.source_files = 'Data/TestDoubles/**/*'
              end
            end
            """)
        // No podspec: every Swift file of the pod's folder outside its tests and example.
        try fixture.swiftFiles([
            "App/AppDelegate.swift", "AppTests/AppTests.swift",
            "Modules/Features/Login/Login/Classes/LoginAssembly.swift", "Modules/Features/Login/Tests/LoginTests.swift",
            "Modules/Features/Cart/Cart/Sources/CartView.swift", "Modules/Features/Cart/Cart/Shared/Money.swift",
            "Modules/Features/Cart/Cart/Other/Unused.swift",
            "Modules/Data/Data/Core/Repository.swift", "Modules/Data/Data/TestDoubles/RepositoryMock.swift",
            "Modules/Logging/Sources/Logger.swift", "Modules/Logging/Example/ExampleApp.swift",
        ])
        let map = try fixture.discover()
        #expect(map.names == ["Shop", "ShopTests"])
        #expect(map.program("Shop")?.files == [
            "App/AppDelegate.swift",
            "Modules/Data/Data/Core/Repository.swift", "Modules/Data/Data/TestDoubles/RepositoryMock.swift",
            "Modules/Features/Cart/Cart/Shared/Money.swift", "Modules/Features/Cart/Cart/Sources/CartView.swift",
            "Modules/Features/Login/Login/Classes/LoginAssembly.swift",
            "Modules/Logging/Sources/Logger.swift",
        ])
        // `inherit! :search_paths`: the test bundle builds against the pods, the app links them.
        #expect(map.program("ShopTests")?.files == ["AppTests/AppTests.swift"])
        #expect(map.uncompiled == [
            "Modules/Features/Cart/Cart/Other/Unused.swift", "Modules/Features/Login/Tests/LoginTests.swift",
            "Modules/Logging/Example/ExampleApp.swift",
        ])
        #expect(map.notes.isEmpty)
    }

    @Test func aPodWhosePathIsComputedIsANoteAndNothingIsGuessed() throws {
        let fixture = try Fixture()
        try fixture.write("Shop.xcodeproj/project.pbxproj", Self.project)
        try fixture.write("Podfile", """
            target 'Shop' do
              pod 'Login', :path => "#{ENV['MODULES']}/Login"
            end
            """)
        try fixture.swiftFiles(["App/AppDelegate.swift", "Modules/Login/LoginView.swift"])
        let map = try fixture.discover()
        #expect(map.program("Shop")?.files == ["App/AppDelegate.swift"])
        #expect(map.notes.map(\.message) == ["a development pod whose path is not a plain string is not read"])
        #expect(map.notes.first?.location == SourceLocation(file: "Podfile", line: 2, column: 1))
    }

    /// `project 'App/Shop'` scopes the Podfile's targets: an example project below the Podfile
    /// with a target of the same name (a pod's demo app, a legacy copy) links none of the pods.
    @Test func aPodfilesProjectScopesItsTargets() throws {
        let fixture = try Fixture()
        try fixture.write("App/Shop.xcodeproj/project.pbxproj", Self.project)
        try fixture.write("Examples/Shop.xcodeproj/project.pbxproj", Self.project)
        try fixture.write("Podfile", """
            project 'App/Shop'
            target 'Shop' do
              pod 'Login', :path => 'Modules/Login'
            end
            """)
        try fixture.swiftFiles([
            "App/App/AppDelegate.swift", "Examples/App/AppDelegate.swift", "Modules/Login/Sources/LoginView.swift",
        ])
        let map = try fixture.discover()
        let apps = map.programs.filter { $0.kind == .app }.map(\.files).sorted { $0.count < $1.count }
        #expect(apps == [["Examples/App/AppDelegate.swift"], ["App/App/AppDelegate.swift", "Modules/Login/Sources/LoginView.swift"]])
    }
}
