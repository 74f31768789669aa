import ShopCore
import Swinject
import XCTest

@testable import ShopApp

final class CatalogTests: XCTestCase {
    var container: Container!

    override func setUp() {
        container = Container()
        container.register(APIClient.self) { _ in StubAPIClient() }
        container.register(Store.self, name: StoreName.primary) { _ in DiskStore(directory: "tmp") }
    }

    func testCatalogUsesTheAPI() {
        container.register(CatalogService.self) { r in
            CatalogService(api: r.resolve(APIClient.self)!, store: r.resolve(Store.self, name: StoreName.primary)!)
        }
        XCTAssertNotNil(container.resolve(CatalogService.self))
    }

    func testOffline() {
        // Overrides the fixture's client for this test only.
        container.register(APIClient.self) { _ in StubAPIClient() }
        container.register(CatalogService.self) { r in
            CatalogService(api: r.resolve(APIClient.self)!, store: r.resolve(Store.self, name: StoreName.primary)!)
        }
        XCTAssertNotNil(container.resolve(CatalogService.self))
    }
}
