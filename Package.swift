// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Foldout",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "foldout", targets: ["foldout"]),
        .library(name: "FoldoutCore", targets: ["FoldoutCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // libcmark through its C API, found with pkg-config (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Turns Templates/ into Swift source so the default templates ship inside the binary.
        .executableTarget(name: "EmbedTemplatesTool", path: "Sources/EmbedTemplatesTool"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["EmbedTemplatesTool"]
        ),
        .target(
            name: "FoldoutCore",
            dependencies: [
                "CCmark",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The preview server (`foldout serve`): kept apart so the core builds and tests without HTTP.
        .target(
            name: "FoldoutServer",
            dependencies: [
                "FoldoutCore",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "foldout",
            dependencies: [
                "FoldoutCore",
                "FoldoutServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FoldoutCoreTests", dependencies: ["FoldoutCore"]),
        .testTarget(name: "FoldoutServerTests", dependencies: ["FoldoutServer", "FoldoutCore"]),
    ]
)
