import Foundation

/// Independent pieces of work (one per program) on up to `jobs` threads with a ``LargeStack``:
/// results come back in index order, whatever order the threads finish in, so the output stays
/// deterministic.
public enum ParallelMap {
    /// `progress` gets the number of pieces finished, after each one.
    ///
    /// `order`: the indices in the order to start them (with `firstWorker`, a permutation of
    /// `0..<count`), e.g. the largest pieces first; the results stay in index order.
    /// `firstWorker`: indices the first thread takes, in this order, before any of `order`; the
    /// others start on `order` (and take what is left of these once `order` is done).
    public static func map<T>(
        _ count: Int, jobs: Int, order: [Int]? = nil, firstWorker: [Int] = [], progress: ((Int) -> Void)? = nil,
        _ body: (Int) -> T
    ) -> [T] {
        let workers = min(max(1, jobs), count)
        let shared = order ?? Array(0..<count)
        guard workers > 1 else {
            var results = [T?](repeating: nil, count: count)
            for (done, index) in (firstWorker + shared).enumerated() {
                results[index] = body(index)
                progress?(done + 1)
            }
            return results.map { $0! }
        }
        let slots = Slots<T>(count: count, shared: shared, firstWorker: firstWorker)
        LargeStack.concurrent(workers) { worker in
            while let index = slots.next(worker: worker) {
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

        private let shared: [Int]
        private let firstWorker: [Int]
        private var claimedFirst = 0

        init(count: Int, shared: [Int], firstWorker: [Int]) {
            storage = Array(repeating: nil, count: count)
            self.shared = shared
            self.firstWorker = firstWorker
        }

        /// The next index nobody has taken for this worker, nil when all are.
        func next(worker: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            if worker == 0 || claimed == shared.count, claimedFirst < firstWorker.count {
                claimedFirst += 1
                return firstWorker[claimedFirst - 1]
            }
            guard claimed < shared.count else { return nil }
            claimed += 1
            return shared[claimed - 1]
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
