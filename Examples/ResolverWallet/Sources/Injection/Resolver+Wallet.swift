import Resolver

extension Resolver {
    static func registerWallet() {
        register { WalletService() }
            .implements(WalletServiceType.self)
            .scope(.application)

        register { TransactionHistory(client: resolve(name: .mainnet)) }

        register { SendService(wallet: resolve(), fees: resolve(), history: resolve()) }
    }
}
