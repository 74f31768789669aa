/// A Podfile's targets are Xcode targets: each Xcode target named like a Podfile target, in a
/// project at or below the Podfile's folder (or an XcodeGen or Tuist project generating one),
/// links the development pods that target lists; when the Podfile names the target's `project`,
/// only that project's (or the generator's in that folder).
enum PodfileLinks {
    static func attach(to projects: inout [DescribedProject]) {
        let podfiles = projects.filter { $0.source == .cocoapods && !$0.podTargets.isEmpty }
        for podfile in podfiles {
            for p in projects.indices where projects[p].source != .cocoapods && FilePath.isInside(projects[p].scope, podfile.scope) {
                for m in projects[p].modules.indices {
                    let name = projects[p].modules[m].name
                    guard let pods = podfile.podTargets[name] else { continue }
                    if let named = podfile.podTargetProjects[name], !isProject(projects[p], named) { continue }
                    projects[p].modules[m].links += pods.map { .pod(podfileDirectory: podfile.scope, name: $0) }
                }
            }
        }
    }

    /// Whether `project` is (or generates) the `.xcodeproj` at `path`.
    private static func isProject(_ project: DescribedProject, _ path: String) -> Bool {
        switch project.source {
        case .xcodeProject: FilePath.join(project.scope, FilePath.lastComponent(project.descriptionPath)) == path
        default: project.scope == FilePath.parent(path)
        }
    }
}
