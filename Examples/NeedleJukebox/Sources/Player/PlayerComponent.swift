import NeedleFoundation
import UIKit

protocol PlayerDependency: Dependency {
    var analytics: Analytics { get }
    var session: Session { get }
}

final class PlayerComponent: Component<PlayerDependency>, PlayerBuilder {
    var playerViewController: UIViewController {
        PlayerViewController(player: player, analytics: dependency.analytics)
    }

    var player: AudioPlayer {
        AudioPlayer(queue: queue, session: dependency.session, analytics: dependency.analytics)
    }

    var queue: PlayQueue {
        PlayQueue(player: player)
    }
}
