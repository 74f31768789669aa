import Foundation

/// Independent pieces of work (one per program) on up to `jobs` threads with a ``LargeStack``:
/// results come back in index order, whatever order the threads finish in, so the output stays
/// deterministic.
public enum ParallelMap {
    /// `progress` gets the number of pieces finished, after each one.
    ///
    /// `order`: the indices in the order to start them (a permutation of `0..<count`), e.g. the
    /// largest pieces first; the results stay in index order.
    public static func map<T>(
        _ count: Int, jobs: Int, order: [Int]? = nil, progress: ((Int) -> Void)? = nil, _ body: (Int) -> T
    ) -> [T] {
        let workers = min(max(1, jobs), count)
        guard workers > 1 else {
            var results = [T?](repeating: nil, count: count)
            for (done, index) in (order ?? Array(0..<count)).enumerated() {
                results[index] = body(index)
                progress?(done + 1)
            }
            return results.map { $0! }
        }
        let slots = Slots<T>(count: count, order: order)
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

        private let order: [Int]?

        init(count: Int, order: [Int]?) {
            storage = Array(repeating: nil, count: count)
            self.order = order
        }

        /// The next index nobody has taken, nil when all are.
        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard claimed < storage.count else { return nil }
            claimed += 1
            return order?[claimed - 1] ?? claimed - 1
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
