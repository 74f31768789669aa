import DigraphCore

/// Xcode product types (`com.apple.product-type.*`, XcodeGen's `type:` without the prefix) ->
/// what kind of program the target is.
enum XcodeProductType {
    static let prefix = "com.apple.product-type."

    static func kind(_ productType: String) -> Program.Kind? {
        let type = productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
        if type == "application" || type.hasPrefix("application.") { return .app }
        if type.hasPrefix("app-extension") || type.hasSuffix("-extension") || type == "xpc-service" {
            return .extension
        }
        switch type {
        case "bundle.unit-test", "bundle.ui-testing", "bundle.ocunit-test": return .tests
        case "tool": return .tool
        case "framework", "framework.static", "library.static", "library.dynamic": return .library
        default: return nil
        }
    }

    /// UI tests drive the app from another process: they see none of its registrations.
    static func isUITests(_ productType: String) -> Bool { productType.hasSuffix("bundle.ui-testing") }

    /// The app a `TEST_HOST` names: `$(BUILT_PRODUCTS_DIR)/App.app/App`,
    /// `$(BUILT_PRODUCTS_DIR)/App.app/Contents/MacOS/App` -> `App`.
    static func hostProductName(testHost: String) -> String? {
        testHost.split(separator: "/").first { $0.hasSuffix(".app") }.map { String($0.dropLast(4)) }
    }
}
