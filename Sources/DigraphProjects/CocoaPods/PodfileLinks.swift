/// A Podfile's targets are Xcode targets: each Xcode target named like a Podfile target, in a
/// project at or below the Podfile's folder (or an XcodeGen or Tuist project generating one),
/// links the development pods that target lists.
enum PodfileLinks {
    static func attach(to projects: inout [DescribedProject]) {
        let podfiles = projects.filter { $0.source == .cocoapods && !$0.podTargets.isEmpty }
        for podfile in podfiles {
            for p in projects.indices where projects[p].source != .cocoapods && FilePath.isInside(projects[p].scope, podfile.scope) {
                for m in projects[p].modules.indices {
                    guard let pods = podfile.podTargets[projects[p].modules[m].name] else { continue }
                    projects[p].modules[m].links += pods.map { .pod(podfileDirectory: podfile.scope, name: $0) }
                }
            }
        }
    }
}
