import Resolver

final class SendViewModel {
    private let sender: SendService
    private let devnet: RPCClientType = Resolver.resolve(name: .devnet)

    init(sender: SendService) {
        self.sender = sender
    }
}
