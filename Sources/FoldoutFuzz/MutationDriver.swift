import Foundation

/// The fuzz target without libFuzzer. `FoldoutFuzz FILE_OR_DIR...` runs each input once
/// (to replay a crash); `FoldoutFuzz --random SECONDS [--seed N] DIR...` mutates the inputs
/// in DIRs at random for SECONDS, writing any input it is about to run to `last-input` first,
/// so a crash leaves its input behind.
enum MutationDriver {
    static func main(arguments: [String]) {
        var arguments = arguments[...]
        var seconds: Double?
        var seed: UInt64 = 1
        var paths: [String] = []
        while let argument = arguments.popFirst() {
            switch argument {
            case "--random": seconds = arguments.popFirst().flatMap(Double.init)
            case "--seed": seed = arguments.popFirst().flatMap { UInt64($0) } ?? seed
            default: paths.append(argument)
            }
        }
        let inputs = paths.flatMap(files(under:)).compactMap { FileManager.default.contents(atPath: $0).map(Array.init) }
        guard let seconds else {
            for input in inputs { FuzzChecks.run(input) }
            print("ran \(inputs.count) inputs")
            return
        }
        var generator = SplitMix64(seed: seed)
        var pool = inputs.isEmpty ? [Array("---\ntitle: x\n---\n# Hi\n".utf8)] : inputs
        let deadline = Date().addingTimeInterval(seconds)
        var runs = 0
        while Date() < deadline {
            var input = pool.randomElement(using: &generator)!
            for _ in 0...Int.random(in: 0...4, using: &generator) { mutate(&input, using: &generator) }
            keep(input, as: "last-input")
            FuzzChecks.run(input)
            runs += 1
            if pool.count < 512, Int.random(in: 0..<16, using: &generator) == 0 { pool.append(input) }
        }
        print("ran \(runs) inputs in \(Int(seconds)) s without a finding (seed \(seed))")
    }

    /// Pieces that matter to the parsers: fences, YAML anchors and flow syntax, Markdown
    /// link and HTML syntax, dangerous schemes, bytes that are not text.
    static let tokens: [[UInt8]] =
        [
            "---\n", "\n", ": ", "&a ", "*a", "[", "]", "{", "}", "](", ")", "<", ">", "\"", "'", "#", "javascript:", "data:",
            "<script>", "![", "`", "\u{301}", "..", "/", "slug: ", "image: ", "weight: ", "tags: ", "title: ",
        ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xEF, 0xBB, 0xBF], [0x0D]]

    static func mutate(_ input: inout [UInt8], using generator: inout SplitMix64) {
        let position = input.isEmpty ? 0 : Int.random(in: 0...input.count, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: input.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
        case 1 where position < input.count: input[position] = UInt8.random(in: 0...255, using: &generator)
        case 2 where position < input.count: input.remove(at: position)
        case 3 where !input.isEmpty:
            let start = Int.random(in: 0..<input.count, using: &generator)
            let end = min(input.count, start + Int.random(in: 1...64, using: &generator))
            input.insert(contentsOf: input[start..<end], at: position)
        default: input.insert(UInt8.random(in: 0...127, using: &generator), at: position)
        }
    }

    /// Writes without syncing to disk: this happens for every input.
    static func keep(_ input: [UInt8], as name: String) {
        guard let file = fopen(name, "wb") else { return }
        _ = input.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    static func files(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let children = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        return children.sorted().map { path + "/" + $0 }.filter { !FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) || !isDirectory.boolValue }
    }
}

/// A small seeded generator, so a random run can be repeated with the same seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
