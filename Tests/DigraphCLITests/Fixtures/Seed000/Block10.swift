open class PersistencyManager {
    // MARK: - Single Instance
    static let shared = PersistencyManager(userDefaults: .standard)

    // MARK: - Dependencies

    private let userDefaults: UserDefaults

    // MARK: - Public Properties

   private(set) var values: [String] = []

   // MARK: - Initialization

   init(userDefaults: UserDefaults) {
       self.userDefaults = userDefaults
   }

   // MARK: - Public Functions

   func save(_ value: String) -> Bool {
       var newValues = values
       newValues.append(value)
       userDefaults.set(value, forKey: "valuesKey")

       let sincronizationSucceeded = userDefaults.synchronize()
       if sincronizationSucceeded { values = newValues }
       return sincronizationSucceeded
   }
   /* ... */
}
