final class UserDefaultsSpy: UserDefaults {
    private(set) var setValueCalled = false
    private(set) var setValuePassed: Any?
    private(set) var setValueKeyPassed: String?

    override func set(_ value: Any?, forKey defaultName: String) {
        setValueCalled = true
        setValuePassed = value
        setValueKeyPassed = defaultName
   }

   private(set) var synchronizeCalled = false
   override func synchronize() -> Bool {
       synchronizeCalled = true
       return true
   }
}
