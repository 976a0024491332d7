import CCmark
import CLibXML2
import FoldoutBase
import Foundation

/// Who renders: a digest of the running program's own bytes (or of the build id its linker
/// wrote into it, itself a digest of them) and of libcmark's and libxml2's versions. It is
/// part of every cache key and render key, so a new Foldout (or a new libcmark) never reuses
/// what an older one produced, and the built-in templates, which live inside the program,
/// are covered too.
package enum ToolIdentity {
    package static let digest: UInt64 = {
        var hasher = ContentHash()
        hasher.combine("foldout build cache 1")
        hasher.combine(Int(cmark_version()))
        // libxml2 reads raw HTML (HTMLAllowlist): another version may keep other things.
        hasher.combine(String(cString: foldout_libxml2_version()))
        #if os(Linux)
            let executable = "/proc/self/exe"
        #else
            let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        if let buildID = buildID(ofFile: executable) {
            hasher.combine("build id")
            hasher.combine(buildID)
        } else if let digest = digestOfFile(executable) {
            hasher.combine(digest)
        } else {
            // Without the program's bytes nothing can be trusted across runs.
            hasher.combine(UInt64(getpid()) ^ DispatchTime.now().uptimeNanoseconds)
        }
        return hasher.finalize()
    }()

    /// The GNU build id of the ELF program file at `path`: a digest of the whole file that
    /// the linker writes into it (SHA-1 with Swift's toolchain), found in its first few
    /// kilobytes. Reading it costs next to nothing beside hashing the whole program.
    /// Nil for other files, which are then hashed.
    package static func buildID(ofFile path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func read(_ count: Int, at offset: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 16, offset >= 0 else { return nil }
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = max(0, pread(fd, buffer.baseAddress!, count, off_t(offset)))
            }
            return bytes.count == count ? bytes : nil
        }
        func number(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        // A little-endian 64-bit ELF file: its program headers, then the notes they point at.
        guard let header = read(64, at: 0), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1,
            number(header, 54, 2) == 56, let programHeaders = read(56 * number(header, 56, 2), at: number(header, 32, 8))
        else { return nil }
        for start in stride(from: 0, to: programHeaders.count, by: 56) where number(programHeaders, start, 4) == 4 {
            guard let notes = read(number(programHeaders, start + 32, 8), at: number(programHeaders, start + 8, 8)) else { continue }
            var offset = 0
            while notes.count - offset >= 12 {
                let nameSize = number(notes, offset, 4), size = number(notes, offset + 4, 4), type = number(notes, offset + 8, 4)
                let name = offset + 12
                let description = name + (nameSize + 3) & ~3
                guard description + size <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name..<(name + 4)].elementsEqual([0x47, 0x4E, 0x55, 0]), size >= 8 {
                    return Array(notes[description..<(description + size)])
                }
                offset = description + (size + 3) & ~3
            }
        }
        return nil
    }

    /// The file's digest, read through a memory map: the program is tens of megabytes, and
    /// copying it would cost more than hashing it.
    private static func digestOfFile(_ path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return nil }
        defer { munmap(map, size) }
        return ContentHash.of(UnsafeRawBufferPointer(start: map, count: size))
    }
}
