import DigraphCLI
import DigraphCore
import Foundation

// digraph-fuzz TARGET [libFuzzer options] [corpus folders]
//   Built by `make fuzz` (DIGRAPH_FUZZ set: coverage, AddressSanitizer, libFuzzer linked): fuzzes
//   TARGET, one of FuzzTargets.names.
// digraph-fuzz TARGET FILE|FOLDER ...
//   Any other build: runs TARGET once on each file (each file in each folder), as the regression
//   tests replay the inputs libFuzzer found. Exit 0 when every run returned.

nonisolated func usage() -> Never {
    FileHandle.standardError.write(Data("usage: digraph-fuzz TARGET [options] [corpus ...]; targets: \(FuzzTargets.names.joined(separator: ", "))\n".utf8))
    exit(2)
}

#if DIGRAPH_LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
nonisolated func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target libFuzzer's callback runs: set once, before the driver starts.
nonisolated(unsafe) var selectedTarget = ""

nonisolated func fuzz(_ arguments: [String]) -> CInt {
    guard arguments.count >= 2, FuzzTargets.names.contains(arguments[1]) else { usage() }
    selectedTarget = arguments[1]
    // libFuzzer reads its own options from argv: the program name, then everything after TARGET.
    var rest = [arguments[0]] + arguments.dropFirst(2)
    var pointers: [UnsafeMutablePointer<CChar>?] = rest.map { strdup($0) } + [nil]
    var argc = CInt(rest.count)
    rest.removeAll()
    return pointers.withUnsafeMutableBufferPointer { buffer in
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
            _ = FuzzTargets.run(selectedTarget, bytes)
            return 0
        }
    }
}

// The callback runs where digraph's own work runs: on a thread with a large stack.
exit(LargeStack.run { fuzz(CommandLine.arguments) })
#else
nonisolated func replay(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 3, FuzzTargets.names.contains(arguments[1]) else { usage() }
    var files: [URL] = []
    for path in arguments.dropFirst(2) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("digraph-fuzz: \(path): no such file or directory\n".utf8))
            return 2
        }
        if isDirectory.boolValue {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += entries.sorted().filter { !$0.hasPrefix(".") }.map { URL(fileURLWithPath: path).appendingPathComponent($0) }
        } else {
            files.append(URL(fileURLWithPath: path))
        }
    }
    for file in files {
        guard let data = try? Data(contentsOf: file) else { continue }
        data.withUnsafeBytes { _ = FuzzTargets.run(arguments[1], $0) }
    }
    print("digraph-fuzz: \(arguments[1]): \(files.count) input\(files.count == 1 ? "" : "s") ran")
    return 0
}

exit(LargeStack.run { replay(CommandLine.arguments) })
#endif
