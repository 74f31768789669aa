/// `var localizer: DataStoreLocalizer<Self> { resolver.resolve() }` in `extension Material`: the
/// requested type's `Self` is the requesting type, `DataStoreLocalizer<Material>` (whoppah). In a
/// protocol (or a type the scan does not declare) `Self` is whichever type conforms: the key is
/// not known, and the request is dropped rather than guessed.
enum SelfInRequestedTypes {
    static func apply(_ files: inout [FileFacts]) {
        guard files.contains(where: { $0.requests.contains { isSelfTyped($0) } }) else { return }
        var kinds: [String: Set<TypeDeclFact.Kind>] = [:]
        for file in files {
            for type in file.types { kinds[type.name, default: []].insert(type.kind) }
        }
        for f in files.indices where files[f].requests.contains(where: isSelfTyped) {
            var kept: [RequestFact] = []
            for var request in files[f].requests {
                guard isSelfTyped(request), case .named(let type) = request.type else {
                    kept.append(request)
                    continue
                }
                guard case .type(let owner) = request.requester,
                    let declared = kinds[owner]?.subtracting([.extension]), !declared.isEmpty, !declared.contains(.protocol)
                else { continue }
                request.type = .named(replacingSelf(in: type, with: owner))
                kept.append(request)
            }
            files[f].requests = kept
        }
    }

    static func isSelfTyped(_ request: RequestFact) -> Bool {
        guard case .named(let type) = request.type, type.contains("Self") else { return false }
        return replacingSelf(in: type, with: "\u{0}") != type
    }

    /// Every `Self` standing as a name of its own (not `SelfTest`, not `MySelf`).
    static func replacingSelf(in type: String, with owner: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            out += word == "Self" ? owner : word
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }
}
