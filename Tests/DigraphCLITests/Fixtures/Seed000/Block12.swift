final class DefaultsManagerTests: XCTestCase {
    func test_whenAddIsCalled_userDefaultsShouldReceiveValue_andSyncronize() {
        // Given
        let userDefaultsSpy = UserDefaultsSpy()
        let sut = PersistenceManager(
            userDefaults: userDefaultsSpy
        )
        let valueToAdd = "some value"
        // When
       let addSucceeded = sut.save(valueToAdd)
       // Then
       XCTAssertTrue(addSucceeded)
       XCTAssertTrue(userDefaultsSpy.setValueCalled)
       XCTAssertEqual(1, sut.values.count)
       XCTAssertTrue(userDefaultsSpy.synchronizeCalled)
   }

}
