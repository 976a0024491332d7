// swift-tools-version: 6.1
// `foldout build` as a plain synchronous program, for valgrind: valgrind 3.19 stops at the
// start of the async command line (swift-argument-parser's AsyncParsableCommand). See
// docs/benchmarks.md, "Where the time went".
import PackageDescription

let package = Package(
    name: "profile",
    dependencies: [.package(name: "Foldout", path: "../..")],
    targets: [
        .executableTarget(name: "profile-build", dependencies: [.product(name: "FoldoutBuild", package: "Foldout")]),
    ]
)
