import AVFoundation

/// `PlayerController` and `SubtitlesController` each register the other `.container`: building
/// either container builds the other's, forever. Weaver's generator refuses such a graph.
final class PlayerController {
    // weaver: logger <- Logger

    // weaver: subtitles = SubtitlesController

    init(injecting _: PlayerControllerDependencyResolver) {}
}

final class SubtitlesController {
    // weaver: logger <- Logger

    // weaver: player = PlayerController

    init(injecting _: SubtitlesControllerDependencyResolver) {}
}
