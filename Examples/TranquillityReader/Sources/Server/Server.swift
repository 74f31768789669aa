import Foundation

protocol Server: AnyObject {
    func get(method: String) -> Data?
}

final class ServerImpl: Server {
    private let domain = "https://github.com/"
    // Planted: the single server keeps the one signer it was built with; signers are per request.
    private let signer: RequestSigner

    init(signer: RequestSigner) {
        self.signer = signer
    }

    func get(method: String) -> Data? { nil }
}

/// Signs one request: `.prototype`, a new one each time.
final class RequestSigner {
    private var nonce = 0
    init() {}
}

final class ReadmeCache {
    init(server: Server) {}
}
