import Resolver

final class HomeViewModel {
    @Injected private var wallet: WalletServiceType
    @Injected private var accounts: AccountStore
    // Resolved on first use: no part of building the view model.
    @LazyInjected private var history: TransactionHistory
    // Planted: nothing registers a price provider.
    @Injected private var prices: PriceProviding
    @OptionalInjected private var devnet: DevnetFaucet?
}

protocol PriceProviding {
    func price(of symbol: String) async -> Double
}

protocol DevnetFaucet {}
