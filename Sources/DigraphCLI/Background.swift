import Foundation

/// Work started on a thread of its own, and waited for before what needs it (or before the run
/// ends): for work off the critical path that would otherwise leave a core idle.
final class Background: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)

    static func run(_ work: @escaping @Sendable () -> Void) -> Background {
        let task = Background()
        let thread = Thread {
            work()
            task.done.signal()
        }
        thread.start()
        return task
    }

    func wait() { done.wait() }
}
