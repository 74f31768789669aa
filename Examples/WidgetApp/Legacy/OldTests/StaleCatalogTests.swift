import Swinject
import XCTest

// A stale copy no target compiles: digraph does not analyse it.
final class StaleCatalogTests: XCTestCase {
    func testStale() {
        let container = Container()
        XCTAssertNotNil(container.resolve(RemovedService.self)!)
    }
}
