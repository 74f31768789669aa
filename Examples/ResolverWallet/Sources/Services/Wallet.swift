import Resolver

protocol WalletServiceType: AnyObject {
    var address: String { get }
}

final class WalletService: WalletServiceType {
    let address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
    @Injected private var storage: PincodeStorage
}

final class TransactionHistory {
    private let client: RPCClientType
    @Injected private var wallet: WalletServiceType
    // Planted: the history needs a sender while being built, and the sender needs the history.
    @Injected private var sender: SendService

    init(client: RPCClientType) {
        self.client = client
    }
}

final class SendService {
    private let wallet: WalletServiceType
    private let fees: FeeCalculating
    private let history: TransactionHistory

    init(wallet: WalletServiceType, fees: FeeCalculating, history: TransactionHistory) {
        self.wallet = wallet
        self.fees = fees
        self.history = history
    }
}
