import DigraphRecorder
import Dispatch
import Foundation
import Swinject

/// Runs each factory of a container once against a ``ShadowResolver`` and records what it asks for.
///
/// The shadow world: instances built here are kept in ``instances`` and dropped with the engine;
/// the app's container, its entries' storage and its object scopes are never read for instances
/// nor written, so the app's singletons are neither created nor replaced (code a factory runs by
/// itself, such as a `static let shared`, runs as it would).
///
/// Each root probe runs on a thread of its own. When a factory asks for something that cannot be
/// given (not registered, being built further up the same chain: a cycle, or already failed), a
/// Swift factory could only crash on the nil it would get (`resolve(X.self)!`), so the probe is
/// stopped instead: its thread records why, wakes the exporter and parks forever (blocked, no
/// CPU). The edges seen up to that point are kept.
final class ProbeEngine: @unchecked Sendable {
    enum Phase { case factory, initCompleted }

    enum State {
        case notStarted
        case building
        case built
        case failed(String)
    }

    /// One `ServiceEntry`, reachable through one or more keys.
    struct Unit {
        var entry: InspectableEntry
        var container: Int
        var serviceType: Any.Type
        var argumentsType: Any.Type
        var name: String?
        var typeName: String
        var argumentNames: [String]
        var id: String
        /// Forwarded keys (`.implements`) of the same entry: type, name, display type name.
        var aliases: [(type: Any.Type, name: String?, typeName: String, id: String)]
    }

    struct LookupKey: Hashable {
        var serviceType: ObjectIdentifier
        var argumentsType: ObjectIdentifier
        var name: String?
    }

    struct EdgeRecord {
        var from: Int?
        var to: Int?
        var missingID: String?
        var typeName: String
        var name: String?
        var argumentNames: [String]
        var timing: Snapshot.Edge.Timing
        var kind: Snapshot.Edge.Kind
        var status: Snapshot.Edge.Status
        var trace: SiteCapture.Trace?
    }

    let options: DigraphSnapshotOptions
    let inspector: SwinjectInspector
    private(set) var units: [Unit] = []
    private var lookup: [[LookupKey: Int]] = []
    private(set) var states: [State] = []
    private var instances: [Int: Any] = [:]
    private(set) var implementations: [Int: String] = [:]
    private(set) var edges: [EdgeRecord] = []
    private(set) var diagnostics: [Snapshot.Diagnostic] = []
    private(set) var skippedReasons: [Int: String] = [:]
    /// Keys stored with a `ServiceKeyOption` (storyboards and other plugins): not exported.
    private(set) var optionKeys = 0

    private let lock = NSLock()
    private var stack: [(unit: Int, phase: Phase)] = []
    private var probeThread: Thread?
    private var stopReason: String?
    private var done: DispatchSemaphore?
    private(set) var parkedThreads = 0
    /// Throwaway containers that built `Lazy` / `Provider` wrappers, kept alive with the engine.
    private var wrapperContainers: [Container] = []
    private lazy var resolver = ShadowResolver(engine: self)

    init(inspector: SwinjectInspector, options: DigraphSnapshotOptions) {
        self.inspector = inspector
        self.options = options
        buildUnits()
    }

    // MARK: - Inventory

    private func displayName(_ type: Any.Type, qualified: Bool) -> String {
        TypeNames.name(of: type, qualified: qualified || options.qualifiedTypeNames)
    }

    private func argumentNames(_ argumentsType: Any.Type, qualified: Bool = false) -> [String] {
        guard argumentsType != Resolver.self,
            let elements = TypeNames.tupleElements(reflected: String(reflecting: argumentsType))
        else { return [] }
        return elements.dropFirst().map { TypeNames.display(reflected: $0, qualified: qualified || options.qualifiedTypeNames) }
    }

    private func buildUnits() {
        lookup = Array(repeating: [:], count: inspector.containers.count)
        var unitByEntry: [ObjectIdentifier: Int] = [:]
        // Own keys first, so that a unit is named after its entry's own type.
        let keys = inspector.keys.filter { !$0.hasOption }
        optionKeys = inspector.keys.count - keys.count
        for key in keys.sorted(by: { !$0.isAlias && $1.isAlias }) {
            let entryID = ObjectIdentifier(key.entry)
            let lookupKey = LookupKey(
                serviceType: ObjectIdentifier(key.serviceType), argumentsType: ObjectIdentifier(key.argumentsType),
                name: key.name)
            if let existing = unitByEntry[entryID] {
                units[existing].aliases.append(
                    (key.serviceType, key.name, displayName(key.serviceType, qualified: false), ""))
                lookup[key.container][lookupKey] = existing
                continue
            }
            let unit = Unit(
                entry: key.entry, container: key.container, serviceType: key.serviceType,
                argumentsType: key.argumentsType, name: key.name, typeName: displayName(key.serviceType, qualified: false),
                argumentNames: argumentNames(key.argumentsType), id: "", aliases: [])
            unitByEntry[entryID] = units.count
            lookup[key.container][lookupKey] = units.count
            units.append(unit)
        }
        assignIDs()
        states = Array(repeating: .notStarted, count: units.count)
    }

    /// `Type[#name][(Args)]`, made unique in the document: colliding ids are written with module
    /// prefixes, then (registrations of the same key in several containers) suffixed `@container`
    /// except in the container nearest the one exported.
    private func assignIDs() {
        struct Slot {
            var unit: Int
            var alias: Int?
        }
        func id(_ slot: Slot, qualified: Bool) -> String {
            let unit = units[slot.unit]
            if let alias = slot.alias {
                let a = unit.aliases[alias]
                return Snapshot.serviceID(
                    type: displayName(a.type, qualified: qualified), name: a.name,
                    arguments: argumentNames(unit.argumentsType, qualified: qualified))
            }
            return Snapshot.serviceID(
                type: displayName(unit.serviceType, qualified: qualified), name: unit.name,
                arguments: argumentNames(unit.argumentsType, qualified: qualified))
        }
        var slots: [Slot] = []
        for (u, unit) in units.enumerated() {
            slots.append(Slot(unit: u, alias: nil))
            for a in unit.aliases.indices { slots.append(Slot(unit: u, alias: a)) }
        }
        var ids = slots.map { id($0, qualified: false) }
        for (i, slot) in slots.enumerated() where ids.filter({ $0 == ids[i] }).count > 1 {
            let qualified = id(slot, qualified: true)
            if slots.indices.filter({ ids[$0] == ids[i] }).map({ id(slots[$0], qualified: true) }).filter({ $0 == qualified }).count == 1 {
                ids[i] = qualified
            }
        }
        var firstByID: [String: Int] = [:]
        for i in slots.indices.sorted(by: { units[slots[$0].unit].container < units[slots[$1].unit].container }) {
            if firstByID[ids[i]] == nil {
                firstByID[ids[i]] = i
            } else {
                ids[i] += "@" + inspector.containers[units[slots[i].unit].container].id
            }
        }
        for (i, slot) in slots.enumerated() {
            if let alias = slot.alias {
                units[slot.unit].aliases[alias].id = ids[i]
                units[slot.unit].aliases[alias].typeName = displayName(units[slot.unit].aliases[alias].type, qualified: ids[i].contains("."))
            } else {
                units[slot.unit].id = ids[i]
            }
        }
    }

    private func find(_ key: LookupKey, from container: Int) -> Int? {
        var current: Int? = container
        while let c = current {
            if let unit = lookup[c][key] { return unit }
            current = inspector.containers[c].parent
        }
        return nil
    }

    // MARK: - Probing (exporter's thread)

    func probeAll() {
        let order = units.indices.sorted { units[$0].id < units[$1].id }
        for u in order {
            guard case .notStarted = states[u] else { continue }
            let unit = units[u]
            let invoke: (Any) -> Any?
            if unit.argumentsType == Resolver.self {
                let resolver = self.resolver
                invoke = { factory in (factory as? (Resolver) -> Any).map { $0(resolver) } }
            } else if let invoker = options.probeArguments.invoker(
                serviceType: unit.serviceType, argumentsType: unit.argumentsType, name: unit.name)
            {
                let resolver = self.resolver
                invoke = { factory in invoker(factory, resolver) }
            } else {
                continue
            }
            if parkedThreads >= options.maxParkedThreads {
                diagnostics.append(
                    Snapshot.Diagnostic(
                        level: .warning, code: "probe_budget",
                        message:
                            "\(parkedThreads) probes were stopped part-way (maxParkedThreads); the remaining factories were not run"
                    ))
                break
            }
            runProbe(u, invoke: invoke)
        }
        for u in units.indices {
            guard case .notStarted = states[u] else { continue }
            let unit = units[u]
            if unit.argumentsType != Resolver.self
                && options.probeArguments.invoker(
                    serviceType: unit.serviceType, argumentsType: unit.argumentsType, name: unit.name) == nil
            {
                let arguments = unit.argumentNames.joined(separator: ", ")
                skippedReasons[u] =
                    "needs runtime arguments (\(arguments)) and nothing resolved it with them; add probe arguments to run its factory"
                diagnostics.append(
                    Snapshot.Diagnostic(
                        level: .note, code: "probe_skipped", service: unit.id,
                        message: "factory of `\(unit.id)` not run: \(skippedReasons[u]!)"))
            } else {
                skippedReasons[u] = "not run: the probe budget was exhausted"
            }
        }
    }

    private func runProbe(_ u: Int, invoke: @escaping (Any) -> Any?) {
        let finished = DispatchSemaphore(value: 0)
        lock.lock()
        stack = []
        stopReason = nil
        done = finished
        nonisolated(unsafe) let invoke = invoke
        let thread = Thread { [self] in
            _ = self.build(u, invoke: invoke)
            finished.signal()
        }
        thread.stackSize = 16 << 20
        thread.name = "digraph-probe \(units[u].id)"
        probeThread = thread
        lock.unlock()
        thread.start()
        let waited = finished.wait(timeout: .now() + options.probeTimeout)

        lock.lock()
        defer { lock.unlock() }
        probeThread = nil
        var reason = stopReason
        if waited == .timedOut {
            reason = "timed out after \(options.probeTimeout) s: the factory blocked or ran too long"
            diagnostics.append(
                Snapshot.Diagnostic(
                    level: .warning, code: "probe_timeout", service: units[stack.last?.unit ?? u].id,
                    message: "probing `\(units[stack.last?.unit ?? u].id)` \(reason!)"))
        }
        if reason != nil { parkedThreads += 1 }
        var inner: String?
        for frame in stack.reversed() {
            if case .building = states[frame.unit] {
                states[frame.unit] = .failed(inner.map { "stopped: its dependency `\($0)` could not be built" } ?? reason ?? "stopped")
            }
            inner = units[frame.unit].id
        }
        stack = []
    }

    // MARK: - Probing (probe thread)

    /// Parks the calling probe thread for good after telling the exporter why.
    private func stop(_ reason: String) -> Never {
        // Called with the lock held.
        let isCurrent = Thread.current === probeThread
        if isCurrent && stopReason == nil { stopReason = reason }
        let finished = isCurrent ? done : nil
        lock.unlock()
        finished?.signal()
        let never = DispatchSemaphore(value: 0)
        while true { never.wait() }
    }

    /// Builds unit `u` with `invoke` (the call of its factory), then runs its `initCompleted`.
    /// Called with the lock released; returns the instance or stops the thread.
    private func build(_ u: Int, invoke: (Any) -> Any?) -> Any {
        lock.lock()
        guard Thread.current === probeThread else { stop("abandoned") }
        if stack.count >= options.maxDepth {
            stop("depth guard: more than \(options.maxDepth) nested resolves")
        }
        states[u] = .building
        stack.append((u, .factory))
        let entry = units[u].entry
        lock.unlock()

        let value = entry.inspectedFactory.flatMap(invoke)

        lock.lock()
        guard Thread.current === probeThread else { stop("abandoned") }
        stack.removeLast()
        guard let value, !Self.isNil(value) else {
            stop("the factory of `\(units[u].id)` returned nil")
        }
        instances[u] = value
        implementations[u] = TypeNames.name(of: type(of: value), qualified: options.qualifiedTypeNames)
        states[u] = .built
        let hasCompletions = (entry.inspectedInitCompletedCount ?? 0) > 0
        if hasCompletions { stack.append((u, .initCompleted)) }
        lock.unlock()

        if hasCompletions {
            _ = entry.runInitCompleted(resolver: resolver, instance: value)
            lock.lock()
            guard Thread.current === probeThread else { stop("abandoned") }
            stack.removeLast()
            lock.unlock()
        }
        return value
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// A request made by the factory on top of the stack.
    func resolve(
        serviceType: Any.Type, argumentsType: Any.Type, name: String?, hasOption: Bool, invoke: @escaping (Any) -> Any?
    ) -> Any? {
        let trace = options.captureSites ? SiteCapture.capture() : nil
        lock.lock()
        guard Thread.current === probeThread else { stop("abandoned") }
        let requester = stack.last
        let timing: Snapshot.Edge.Timing = requester?.phase == .initCompleted ? .deferred : .eager
        let typeName = displayName(serviceType, qualified: false)
        let arguments = argumentNames(argumentsType)
        let context = requester.map { units[$0.unit].container } ?? 0
        let key = LookupKey(serviceType: ObjectIdentifier(serviceType), argumentsType: ObjectIdentifier(argumentsType), name: name)
        var record = EdgeRecord(
            from: requester?.unit, to: nil, missingID: nil, typeName: typeName, name: name, argumentNames: arguments,
            timing: timing, kind: .resolve, status: .resolved, trace: trace)
        guard !hasOption, let target = find(key, from: context) else {
            let missing = Snapshot.serviceID(type: typeName, name: name, arguments: arguments)
            record.missingID = missing
            record.status = .missing
            edges.append(record)
            stop("`\(missing)` is not registered: stopped at this resolve, where `resolve(\(typeName).self)!` would crash")
        }
        record.to = target
        return obtain(target, record: record, invoke: invoke)
    }

    /// With the lock held: the instance of `target`, built if needed, or a stopped thread.
    private func obtain(_ target: Int, record: EdgeRecord, invoke: (Any) -> Any?) -> Any {
        var record = record
        let targetID = units[target].id
        switch states[target] {
        case .built:
            edges.append(record)
            let value = instances[target]!
            lock.unlock()
            return value
        case .building:
            // Through an `initCompleted` since the target started, Swinject builds it once more
            // (the instances above it already exist): not a cycle.
            if let start = stack.lastIndex(where: { $0.unit == target }),
                stack[start...].contains(where: { $0.phase == .initCompleted })
            {
                edges.append(record)
                let entry = units[target].entry
                stack.append((target, .factory))
                lock.unlock()
                let value = entry.inspectedFactory.flatMap(invoke)
                lock.lock()
                guard Thread.current === probeThread else { stop("abandoned") }
                stack.removeLast()
                guard let value, !Self.isNil(value) else { stop("the factory of `\(targetID)` returned nil") }
                lock.unlock()
                return value
            }
            record.status = .cut
            edges.append(record)
            let chain = stack.map { units[$0.unit].id }.drop { $0 != targetID } + [targetID]
            stop("cycle guard: `\(targetID)` is already being built (\(chain.map { "`\($0)`" }.joined(separator: " -> ")))")
        case .failed:
            record.status = .aborted
            edges.append(record)
            stop("stopped: its dependency `\(targetID)` could not be built")
        case .notStarted:
            // Provisional: stays `aborted` if building the target stops this thread.
            record.status = .aborted
            let index = edges.count
            edges.append(record)
            lock.unlock()
            let value = build(target, invoke: invoke)
            lock.lock()
            edges[index].status = .resolved
            lock.unlock()
            return value
        }
    }

    /// `Lazy<T>` / `Provider<T>`: a deferred edge to `T`, and a wrapper that builds `T` in the
    /// shadow world if the factory uses it right away.
    func resolveWrapper(_ wrapper: ShadowWrapper.Type, name: String?, argumentsType: Any.Type) -> Any? {
        let trace = options.captureSites ? SiteCapture.capture() : nil
        lock.lock()
        guard Thread.current === probeThread else { stop("abandoned") }
        let requester = stack.last
        let wrapped = wrapper.shadowWrappedType
        let typeName = displayName(wrapped, qualified: false)
        let arguments = argumentNames(argumentsType)
        let context = requester.map { units[$0.unit].container } ?? 0
        let key = LookupKey(serviceType: ObjectIdentifier(wrapped), argumentsType: ObjectIdentifier(argumentsType), name: name)
        var record = EdgeRecord(
            from: requester?.unit, to: nil, missingID: nil, typeName: typeName, name: name, argumentNames: arguments,
            timing: .deferred, kind: wrapper.shadowKind == "lazy" ? .lazy : .provider, status: .resolved, trace: trace)
        guard argumentsType == Resolver.self, let target = find(key, from: context) else {
            let missing = Snapshot.serviceID(type: typeName, name: name, arguments: arguments)
            record.missingID = missing
            record.status = .missing
            edges.append(record)
            stop("`\(missing)` is not registered: stopped at this `\(wrapper.shadowKind)` resolve")
        }
        record.to = target
        edges.append(record)
        let resolver = self.resolver
        var made: Any?
        made = wrapper.shadowMake(
            name: name, keep: { wrapperContainers.append($0) },
            produce: { [self] in
                self.lock.lock()
                guard Thread.current === self.probeThread else { self.stop("abandoned") }
                var use = record
                use.timing = .eager
                use.from = self.stack.last?.unit
                return self.obtain(target, record: use) { factory in (factory as? (Resolver) -> Any).map { $0(resolver) } }
            })
        lock.unlock()
        return made
    }
}
