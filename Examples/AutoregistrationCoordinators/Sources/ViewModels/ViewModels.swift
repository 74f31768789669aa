struct SignInViewModel {
    let sessionService: SessionService
}

final class DashboardViewModel {
    init(sessionService: SessionService, dataManager: DataManager) {}
}

final class ArtistViewModel {
    init(id: String, dataManager: DataManager, player: Player) {}
}
