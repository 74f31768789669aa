import DITranquillity

final class ServerPart: DIPart {
    static func load(container: DIContainer) {
        container.register(ServerImpl.init)
            .as(check: Server.self) { $0 }
            .lifetime(.single)
        container.register(RequestSigner.init)
            .lifetime(.prototype)
        container.register(ReadmeCache.init)
            .lifetime(.perRun(.weak))
    }
}
