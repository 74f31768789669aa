import Foundation

/// Independent pieces of work (one per program) on up to `jobs` threads with a ``LargeStack``:
/// results come back in index order, whatever order the threads finish in, so the output stays
/// deterministic.
public enum ParallelMap {
    /// `progress` gets the number of pieces finished, after each one.
    public static func map<T>(
        _ count: Int, jobs: Int, progress: ((Int) -> Void)? = nil, _ body: (Int) -> T
    ) -> [T] {
        let workers = min(max(1, jobs), count)
        guard workers > 1 else {
            return (0..<count).map { index in
                defer { progress?(index + 1) }
                return body(index)
            }
        }
        let slots = Slots<T>(count: count)
        LargeStack.concurrent(workers) { _ in
            while let index = slots.next() {
                let finished = slots.set(index, body(index))
                progress?(finished)
            }
        }
        return slots.values
    }

    private final class Slots<T>: @unchecked Sendable {
        private var storage: [T?]
        private var claimed = 0
        private var finished = 0
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        /// The next index nobody has taken, nil when all are.
        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard claimed < storage.count else { return nil }
            claimed += 1
            return claimed - 1
        }

        /// How many pieces are finished, this one included.
        func set(_ index: Int, _ value: T) -> Int {
            lock.lock()
            defer { lock.unlock() }
            storage[index] = value
            finished += 1
            return finished
        }

        var values: [T] {
            lock.lock()
            defer { lock.unlock() }
            return storage.map { $0! }
        }
    }
}
