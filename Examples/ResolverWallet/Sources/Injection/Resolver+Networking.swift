import Foundation
import Resolver

extension Resolver {
    static func registerNetworking() {
        register { URLSession.shared }
        register(name: .mainnet) { RPCClient(endpoint: "https://api.mainnet.example", session: resolve()) as RPCClientType }
            .scope(.application)
        register(name: .devnet) { RPCClient(endpoint: "https://api.devnet.example", session: resolve()) as RPCClientType }
            .scope(.application)
        register { () -> FeeCalculating in
            #if DEBUG
            return FixedFeeCalculator()
            #else
            return NetworkFeeCalculator(client: resolve(name: .mainnet))
            #endif
        }
    }
}
