/// Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
enum StronglyConnectedComponents {
    /// Components of the graph given by `successors`, each sorted; nodes visited in sorted order
    /// so the result is deterministic.
    static func find(nodes: [String], successors: [String: [String]]) -> [[String]] {
        var index: [String: Int] = [:]
        var lowlink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [[String]] = []
        var counter = 0

        for root in nodes.sorted() where index[root] == nil {
            // Each frame: node and the position of the next successor to look at.
            var work: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter
            lowlink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = work.last {
                let succ = successors[frame.node, default: []]
                if frame.next < succ.count {
                    work[work.count - 1].next += 1
                    let w = succ[frame.next]
                    if index[w] == nil {
                        index[w] = counter
                        lowlink[w] = counter
                        counter += 1
                        stack.append(w)
                        onStack.insert(w)
                        work.append((w, 0))
                    } else if onStack.contains(w) {
                        lowlink[frame.node] = min(lowlink[frame.node]!, index[w]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowlink[parent.node] = min(lowlink[parent.node]!, lowlink[frame.node]!)
                }
                if lowlink[frame.node] == index[frame.node] {
                    var component: [String] = []
                    while let w = stack.popLast() {
                        onStack.remove(w)
                        component.append(w)
                        if w == frame.node { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components
    }

    /// The shortest cycle through `start` staying inside `members`, as ids with `start` repeated
    /// at the end.
    static func shortestCycle(through start: String, members: Set<String>, successors: [String: [String]]) -> [String]
    {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors[node, default: []] where members.contains(next) {
                if next == start {
                    var path = [start]
                    var cursor = node
                    while cursor != start {
                        path.append(cursor)
                        cursor = previous[cursor]!
                    }
                    return [start] + path.dropFirst().reversed() + [start]
                }
                if previous[next] == nil {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start, start]
    }
}
