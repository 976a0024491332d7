import Foundation
import FoldoutBase
import FoldoutIncremental
import FoldoutBuild

// profile-build CONTENT OUTPUT [--no-cache]: what `foldout build --content CONTENT --output
// OUTPUT` does (default templates, the build cache beside OUTPUT), then the stage timings.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: profile-build CONTENT OUTPUT [--no-cache]")
    exit(2)
}
let options = BuildOptions(contentPath: arguments[1], templatesPath: nil, outputPath: arguments[2])
let cache = arguments.contains("--no-cache") ? nil : MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: arguments[2]))
let outcome = try Builder(options: options).update(cache: cache)
print("\(outcome.pageCount) pages;", outcome.timings.map { "\($0.stage) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
