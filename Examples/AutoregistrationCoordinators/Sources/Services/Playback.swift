/// Planted: each needs the other in its initializer, so resolving either recurses forever.
final class Player {
    private let playlist: Playlist
    init(playlist: Playlist) { self.playlist = playlist }
}

final class Playlist {
    private let player: Player
    init(player: Player) { self.player = player }
}
