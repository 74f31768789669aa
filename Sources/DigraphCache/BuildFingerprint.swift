#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import MachO
#endif

/// Identifies the machine code that produced a cache entry, so that entries written by any other
/// build are never read: a changed extractor changes what a file's facts are, and nobody has to
/// remember to bump a version for it.
///
/// The identity is the build ID the linker writes into the image (ELF `NT_GNU_BUILD_ID`, a hash of
/// the linked output; Mach-O `LC_UUID`) holding `anchor`; where there is none, the image file's
/// path, size, modification time and inode, which change with every relink. Either way a rebuild
/// that changes any code starts from a cold cache, and an unchanged binary finds its entries.
public enum BuildFingerprint {
    /// The fingerprint of the image holding `anchor` (the address of a function of the code whose
    /// output is cached). Empty when nothing could be read: callers then do not cache at all.
    public static func of(anchor: UnsafeRawPointer) -> [UInt8] {
        #if os(Linux)
        guard let path = imagePath(containing: anchor) ?? executablePath() else { return [] }
        if let id = ELFNotes.buildID(path: path) { return Array("elf:".utf8) + id }
        return fileIdentity(path)
        #elseif canImport(Darwin)
        var info = Dl_info()
        guard dladdr(anchor, &info) != 0 else { return [] }
        if let base = info.dli_fbase, let uuid = machOUUID(base) { return Array("macho:".utf8) + uuid }
        guard let name = info.dli_fname else { return [] }
        return fileIdentity(String(cString: name))
        #else
        return []
        #endif
    }

    /// Path, size, modification time and inode of a file: what changes when it is rebuilt.
    static func fileIdentity(_ path: String) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        #if canImport(Darwin)
        let seconds = Int64(info.st_mtimespec.tv_sec)
        let nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int64(info.st_mtim.tv_sec)
        let nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        let text = "file:\(path):\(info.st_size):\(seconds).\(nanoseconds):\(info.st_ino)"
        return Array(text.utf8)
    }

    #if os(Linux)
    /// The file mapped at `address`, from `/proc/self/maps`.
    static func imagePath(containing address: UnsafeRawPointer) -> String? {
        let target = UInt(bitPattern: address)
        guard let text = readSmallFile("/proc/self/maps") else { return nil }
        for line in text.split(separator: "\n") {
            // "start-end perms offset dev inode   path"
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                let start = UInt(fields[0][..<dash], radix: 16),
                let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                target >= start, target < end
            else { continue }
            let path = fields[5].trimmingCharacters(in: " ")
            return path.hasPrefix("/") ? path : nil
        }
        return nil
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > 16 << 20 { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    #endif

    #if canImport(Darwin)
    /// The `LC_UUID` load command of the Mach-O image whose header is at `base`.
    static func machOUUID(_ base: UnsafeRawPointer) -> [UInt8]? {
        let header = base.load(as: mach_header_64.self)
        guard header.magic == MH_MAGIC_64 else { return nil }
        var command = base + MemoryLayout<mach_header_64>.size
        for _ in 0..<header.ncmds {
            let load = command.load(as: load_command.self)
            if load.cmd == UInt32(LC_UUID) {
                let uuid = command.load(as: uuid_command.self).uuid
                return withUnsafeBytes(of: uuid) { Array($0) }
            }
            command += Int(load.cmdsize)
        }
        return nil
    }
    #endif
}

private extension Substring {
    func trimmingCharacters(in character: Character) -> String {
        var text = self[...]
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}

/// Reads the GNU build ID note of an ELF file from its program headers.
enum ELFNotes {
    static func buildID(path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func readAt(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard count > 0, count < 1 << 20 else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? buffer : nil
        }
        // 64-bit little-endian ELF only: what Swift targets on Linux.
        guard let header = readAt(0, 64), header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46,
            header[4] == 2, header[5] == 1
        else { return nil }
        func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        func u32(_ b: [UInt8], _ at: Int) -> Int { u16(b, at) | u16(b, at + 2) << 16 }
        func u64(_ b: [UInt8], _ at: Int) -> Int { u32(b, at) | u32(b, at + 4) << 32 }
        let phoff = u64(header, 32)
        let phentsize = u16(header, 54)
        let phnum = u16(header, 56)
        guard phentsize >= 56, phnum > 0, let table = readAt(phoff, phentsize * phnum) else { return nil }
        for index in 0..<phnum {
            let entry = index * phentsize
            guard u32(table, entry) == 4 else { continue }  // PT_NOTE
            let offset = u64(table, entry + 8)
            let size = u64(table, entry + 32)
            guard let notes = readAt(offset, size) else { continue }
            var at = 0
            while notes.count - at >= 12 {
                let nameSize = u32(notes, at)
                let descSize = u32(notes, at + 4)
                let type = u32(notes, at + 8)
                let name = at + 12
                let desc = name + ((nameSize + 3) & ~3)
                let next = desc + ((descSize + 3) & ~3)
                guard next <= notes.count, desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == [0x47, 0x4E, 0x55, 0] {  // "GNU\0"
                    return Array(notes[desc..<desc + descSize])
                }
                at = next
            }
        }
        return nil
    }
}
