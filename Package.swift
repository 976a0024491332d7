// swift-tools-version: 6.1
import PackageDescription

// scripts/fuzz.sh sets FOLDOUT_LIBFUZZER to the path of libFuzzer's library
// (libclang_rt.fuzzer_no_main) for its own build folder: the fuzz target then links it.
// Every other build leaves it unset.
let libFuzzer = Context.environment["FOLDOUT_LIBFUZZER"].flatMap { $0.isEmpty ? nil : $0 }

/// glib's header folders, which libvips' headers include (`pkg-config --cflags glib-2.0`).
let glibIncludeFlags: [String] = {
    #if arch(arm64)
        let triple = "aarch64-linux-gnu"
    #else
        let triple = "x86_64-linux-gnu"
    #endif
    return ["-I/usr/include/glib-2.0", "-I/usr/lib/\(triple)/glib-2.0/include"]
}()

let package = Package(
    name: "Foldout",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "foldout", targets: ["foldout"]),
        // What bench/profile builds against: the build, its options and its cache.
        .library(name: "FoldoutBuild", targets: ["FoldoutBase", "FoldoutIncremental", "FoldoutBuild"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // TOML front matter (`+++`), through toml++.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's logger, which `serve` configures.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // libcmark through its C API, found with pkg-config (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // libxml2's HTML parser, for the raw HTML an allowlist keeps (Debian: libxml2-dev).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // xxHash's XXH64, the digest of cache keys and the output manifest (Debian: libxxhash-dev).
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        // libvips, for photos: thumbnails and variants (Debian: libvips-dev). Its calls take
        // variadic options, so CVipsShim wraps the few Foldout makes in plain C. It opens
        // libvips on first use rather than linking it (see foldout_vips.c): only its headers
        // are needed here, with glib's.
        .target(name: "CVipsShim", cSettings: [.unsafeFlags(glibIncludeFlags)], linkerSettings: [.linkedLibrary("dl")]),
        // Turns Templates/ into Swift source so the default templates ship inside the binary.
        .executableTarget(name: "EmbedTemplatesTool", path: "Sources/EmbedTemplatesTool"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["EmbedTemplatesTool"]
        ),
        // The shared vocabulary every stage speaks: diagnostics, parallel helpers, progress,
        // content hashes, the file system (reading and writing), path, URL and slug arithmetic.
        .target(name: "FoldoutBase", dependencies: ["CXXHash"]),
        // The stages, in the order a build runs them; each sees only the base and the stages before it.
        .target(name: "FoldoutLoading", dependencies: ["FoldoutBase"]),
        // Every image's home: sizes from headers, photos through libvips (variants, thumbnails,
        // placeholders), their plans, cache and markup. Needs only the base, so any stage may ask it.
        .target(name: "FoldoutImages", dependencies: ["FoldoutBase", "CVipsShim"]),
        .target(
            name: "FoldoutMarkdown",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutImages", "CCmark", "CLibXML2",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(name: "FoldoutRouting", dependencies: ["FoldoutBase", "FoldoutLoading", "FoldoutMarkdown"]),
        .target(name: "FoldoutModel", dependencies: ["FoldoutBase", "FoldoutLoading", "FoldoutMarkdown", "FoldoutRouting"]),
        .target(
            name: "FoldoutPresentation",
            dependencies: ["FoldoutBase", "FoldoutLoading", "FoldoutImages", "FoldoutMarkdown", "FoldoutModel"]
        ),
        .target(
            name: "FoldoutRendering",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutImages", "FoldoutMarkdown", "FoldoutModel", "FoldoutPresentation",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        .target(name: "FoldoutOutput", dependencies: ["FoldoutBase", "FoldoutRendering"]),
        // What lets a rebuild redo only what changed: the cache of parsed and rendered
        // Markdown, the state a build leaves for the next, quick rebuilds of edited items.
        .target(
            name: "FoldoutIncremental",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutImages", "FoldoutMarkdown", "FoldoutRouting", "FoldoutModel",
                "FoldoutPresentation", "FoldoutRendering", "FoldoutOutput",
            ]
        ),
        // Runs the stages: the plain pipeline, and the incremental build around it.
        .target(
            name: "FoldoutBuild",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutImages", "FoldoutMarkdown", "FoldoutRouting", "FoldoutModel",
                "FoldoutPresentation", "FoldoutRendering", "FoldoutOutput", "FoldoutIncremental",
            ]
        ),
        // The preview server (`foldout serve`): kept apart so the core builds and tests without HTTP.
        .target(
            name: "FoldoutServer",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutMarkdown", "FoldoutRouting", "FoldoutModel", "FoldoutRendering",
                "FoldoutOutput", "FoldoutIncremental", "FoldoutBuild",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Linked into `foldout` only: mimalloc as the allocator (Debian: libmimalloc-dev),
        // transparent huge pages off (see allocator_tuning.c).
        .target(name: "AllocatorTuning", linkerSettings: [.linkedLibrary("mimalloc")]),
        .executableTarget(
            name: "foldout",
            dependencies: [
                "AllocatorTuning",
                "FoldoutBase", "FoldoutRendering", "FoldoutIncremental", "FoldoutBuild",
                "FoldoutServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A fuzz target over front matter, YAML, slugs, cmark and the pipeline. scripts/fuzz.sh
        // builds it with libFuzzer in its own build folder; built plainly it replays inputs.
        .executableTarget(
            name: "FoldoutFuzz",
            dependencies: ["FoldoutBase", "FoldoutMarkdown", "FoldoutImages", "FoldoutRendering", "FoldoutBuild"],
            swiftSettings: libFuzzer == nil ? [] : [.define("FOLDOUT_LIBFUZZER")],
            linkerSettings: libFuzzer.map { [.unsafeFlags(["-Xlinker", $0]), .linkedLibrary("stdc++")] } ?? []
        ),
        // Fixtures every test target shares: sites in memory and on disk, output checks.
        .target(
            name: "FoldoutTestSupport",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutImages", "FoldoutMarkdown", "FoldoutRouting", "FoldoutModel",
                "FoldoutRendering", "FoldoutOutput", "FoldoutIncremental", "FoldoutBuild",
            ],
            path: "Tests/FoldoutTestSupport"
        ),
        // One test target per stage target.
        .testTarget(name: "FoldoutImagesTests", dependencies: ["FoldoutImages", "FoldoutBase", "FoldoutTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FoldoutBaseTests", dependencies: ["FoldoutBase", "FoldoutModel", "FoldoutTestSupport"]),
        .testTarget(
            name: "FoldoutLoadingTests",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutMarkdown", "FoldoutModel", "FoldoutBuild",
                "FoldoutTestSupport",
            ]
        ),
        .testTarget(
            name: "FoldoutMarkdownTests",
            dependencies: [
                "CCmark", "FoldoutBase", "FoldoutLoading", "FoldoutMarkdown", "FoldoutModel", "FoldoutRendering",
                "FoldoutBuild", "FoldoutTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FoldoutRoutingTests",
            dependencies: [
                "FoldoutBase", "FoldoutRouting", "FoldoutRendering", "FoldoutBuild", "FoldoutTestSupport",
            ]
        ),
        .testTarget(name: "FoldoutModelTests", dependencies: ["FoldoutBase", "FoldoutMarkdown", "FoldoutModel", "FoldoutTestSupport"]),
        .testTarget(
            name: "FoldoutPresentationTests",
            dependencies: [
                "FoldoutBase", "FoldoutMarkdown", "FoldoutModel", "FoldoutPresentation", "FoldoutTestSupport",
            ]
        ),
        .testTarget(
            name: "FoldoutRenderingTests",
            dependencies: [
                "FoldoutBase", "FoldoutImages", "FoldoutMarkdown", "FoldoutModel", "FoldoutPresentation", "FoldoutRendering",
                "FoldoutBuild", "FoldoutTestSupport", .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "FoldoutOutputTests",
            dependencies: [
                "FoldoutBase", "FoldoutMarkdown", "FoldoutModel", "FoldoutRendering", "FoldoutOutput",
                "FoldoutIncremental", "FoldoutBuild", "FoldoutTestSupport",
            ]
        ),
        .testTarget(
            name: "FoldoutIncrementalTests",
            dependencies: [
                "FoldoutBase", "FoldoutImages", "FoldoutMarkdown", "FoldoutModel", "FoldoutRendering", "FoldoutOutput",
                "FoldoutIncremental", "FoldoutBuild", "FoldoutServer", "FoldoutTestSupport",
            ]
        ),
        .testTarget(
            name: "FoldoutBuildTests",
            dependencies: [
                "FoldoutBase", "FoldoutLoading", "FoldoutImages", "FoldoutMarkdown", "FoldoutModel", "FoldoutPresentation",
                "FoldoutIncremental", "FoldoutBuild", "FoldoutTestSupport", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "FoldoutServerTests",
            dependencies: ["FoldoutServer", "FoldoutBase", "FoldoutMarkdown", "FoldoutBuild", "FoldoutTestSupport"]
        ),
    ]
)
