final class NetworkSpy: NetworkProtocol {
    private(set) var getDataCalled = false
    func getData(from url: URL, completion: (Result<Data?, Error>) -> Void) {
        getDataCalled = true
    }
}

final class ViewControllerTests: XCTestCase {
    func test_networkIsCalled() {
        // Given
        let sut: ViewController = .init() // in real live, this can be different

        let networkSpy: NetworkSpy = .init()
        sut.network = networkSpy

        // When
        sut.loadData()

        // Then
        XCTAssertTrue(networkSpy.getDataCalled)
    }
}
