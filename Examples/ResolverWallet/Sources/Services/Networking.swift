import Foundation

protocol RPCClientType {
    func send(_ method: String) async throws -> Data
}

final class RPCClient: RPCClientType {
    private let endpoint: String
    private let session: URLSession

    init(endpoint: String, session: URLSession) {
        self.endpoint = endpoint
        self.session = session
    }

    func send(_ method: String) async throws -> Data { Data() }
}

protocol FeeCalculating {
    func fee(for amount: Double) -> Double
}

struct FixedFeeCalculator: FeeCalculating {
    func fee(for amount: Double) -> Double { 0.000005 }
}

struct NetworkFeeCalculator: FeeCalculating {
    let client: RPCClientType
    func fee(for amount: Double) -> Double { 0.000005 }
}
