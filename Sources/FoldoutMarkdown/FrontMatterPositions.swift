import Foundation
import Yams

/// Where each key and value of a file's front matter is, at any depth (`fields` ›
/// `species` › `type`), as line and column of the file. Parsing keeps only the lines of
/// top-level keys, which is all a build needs; messages about a nested setting or a value
/// read the file again, through `Reader`, only when there is something to say.
package struct FrontMatterPositions: Sendable {
    package struct Position: Sendable, Equatable {
        /// 1-based, in the file.
        package var line: Int
        package var column: Int
    }

    private var keys: [String: Position] = [:]
    private var values: [String: Position] = [:]

    package init(fileText: String) {
        guard let split = try? FrontMatter.split(fileText), let yaml = split.yaml,
            let node = try? Yams.compose(yaml: yaml)
        else { return }
        // The YAML starts on the file's second line, after the opening `---`.
        func position(_ mark: Mark?) -> Position? {
            mark.map { Position(line: $0.line + 1, column: $0.column) }
        }
        func walk(_ node: Node, path: String) {
            guard case .mapping(let mapping) = node else { return }
            for (key, value) in mapping {
                let name = key.string ?? ""
                let keyPath = path.isEmpty ? name : path + "\u{1}" + name
                if keys[keyPath] == nil {
                    keys[keyPath] = position(key.mark)
                    values[keyPath] = position(value.mark)
                }
                walk(value, path: keyPath)
            }
        }
        walk(node, path: "")
    }

    /// Where the key at `path` (from the top: `["fields", "species", "type"]`) is written.
    package func key(_ path: [String]) -> Position? {
        keys[path.joined(separator: "\u{1}")]
    }

    /// Where the value of the key at `path` starts.
    package func value(_ path: [String]) -> Position? {
        values[path.joined(separator: "\u{1}")]
    }

    /// The positions of the files a build's messages name, each file read once, when first asked.
    package final class Reader: @unchecked Sendable {
        private let read: (String) -> [UInt8]?
        private var files: [String: FrontMatterPositions] = [:]
        private let lock = NSLock()

        /// `read` gives the bytes of a file by its path in the content folder.
        package init(read: @escaping (String) -> [UInt8]?) {
            self.read = read
        }

        package func positions(of path: String) -> FrontMatterPositions {
            if let known = lock.withLock({ files[path] }) { return known }
            let found = read(path).map { FrontMatterPositions(fileText: String(decoding: $0, as: UTF8.self)) } ?? FrontMatterPositions()
            lock.withLock { files[path] = found }
            return found
        }
    }

    private init() {}
}
