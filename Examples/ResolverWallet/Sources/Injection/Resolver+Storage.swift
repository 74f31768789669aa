import Resolver

extension Resolver {
    static func registerStorage() {
        register { KeychainStorage() }
            .implements(SecureStorage.self)
            .implements(PincodeStorage.self)
            .scope(.application)

        register { SessionToken(storage: resolve()) }
            .scope(.session)

        register { AccountStore() }
            .scope(.application)
    }
}
