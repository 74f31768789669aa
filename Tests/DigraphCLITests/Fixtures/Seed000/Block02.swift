final class NetworkStub: NetworkProtocol {
    var getDataResultToBeReturned: Result<Data?, Error> = .success(Data())
    func getData(from url: URL, completion: (Result<Data?, Error>) -> Void) {
        completion(getDataResultToBeReturned)
    }
}

extension User {
    func asData(using encoder: JSONEncoder = .init()) -> Data? {
        try? encoder.encode(self)
    }
}

final class UserServiceTests: XCTestCase {
    func test_getUser_whenDataIsValid_thenItWillReturnSomeUser() throws {
        // Given
        let userMock: User = .init(name: "Random User")
        let userDataMock: Data = try XCTUnwrap(userMock.asData())

        let networkStub: NetworkStub = .init()
        networkStub.getDataResultToBeReturned = .success(userDataMock)

        let sut = UserService(network: networkStub)

        // When
        var userReturned: User?
        let getUserDataExpectation = expectation(description: "UserService.getUserData was called.")
        sut.getUserData { result in
            userReturned = try? result.get()
            getUserDataExpectation.fulfill()
        }

        // Then
        wait(for: [getUserDataExpectation], timeout: 1.0)
        XCTAssertNotNil(userReturned)
    }
}
