import FoldoutBase
import FoldoutImages
import FoldoutTestSupport
import Testing

/// The image stage and the maker over a cache in memory: headers read cheaply and alike by
/// both readers, bad files warned about by name while the rest go on, and a second build
/// that reads and decodes no photo at all.
@Suite struct ImageStageTests {
    let memory = MemoryFileSystem()
    var cache: ImageCache { ImageCache.beside(output: "/site/Output", fileSystem: memory.fileSystem) }

    func stage(_ options: ImageOptions = ImageOptions()) -> ImageStage {
        ImageStage(options: options, cache: cache, displayPath: { "Content/" + $0 })
    }

    /// `names` (fixtures) as content images `pets/NAME`, each with its digest.
    func inputs(_ names: [String]) throws -> [ImageStage.Input] {
        try names.map { name in
            let bytes = try ImageCodecTests.fixture(name)
            memory.write("/site/Content/pets/" + name, bytes: bytes)
            return ImageStage.Input(
                path: "pets/" + name, sourcePath: "pets/" + name, absolutePath: "/site/Content/pets/" + name,
                digest: ContentHash.of(bytes))
        }
    }

    @Test(arguments: ["upright.jpg", "rotated-6.jpg", "plain.png", "palette.png", "gray16.png", "animated.gif", "jpeg-named.png", "cmyk.jpg"])
    func theQuickHeaderAgreesWithLibvips(name: String) throws {
        let bytes = try ImageCodecTests.fixture(name)
        let quick = try SourceImage.header(of: bytes, pixelLimit: ImageCodec.defaultPixelLimit).get()
        let vips = try ImageCodec.header(of: bytes).get()
        #expect(quick.format == vips.format)
        #expect((quick.width, quick.height) == (vips.width, vips.height))
    }

    @Test func badImagesAreWarnedAboutByNameAndTheRestGoOn() throws {
        let names = [
            "empty.jpg", "truncated.jpg", "corrupt.jpg", "not-an-image.jpg", "bomb.png", "upright.jpg", "phone.heic", "cmyk.jpg",
            "jpeg-named.png",
        ]
        let images = stage().run(try inputs(names))
        // What libvips said while photos decoded (LibvipsMessagesTests) is not about unreadable files.
        let said = images.warnings(forUsed: Set(names.map { "pets/" + $0 })).sureOfTheirPhoto.filter { $0.message.hasPrefix("libvips says") }
        #expect(said.allSatisfy { images.sources[String($0.path.dropFirst("Content/".count))] != nil }, "\(said)")
        let warnings = images.warnings(forUsed: Set(names.map { "pets/" + $0 })).filter { !$0.message.hasPrefix("libvips says") }
        #expect(Set(images.sources.keys) == ["pets/upright.jpg", "pets/phone.heic", "pets/cmyk.jpg", "pets/jpeg-named.png"])
        #expect(images.sources["pets/phone.heic"]?.header.format == .heif)
        #expect(images.sources["pets/jpeg-named.png"]?.header.format == .jpeg, "the bytes decide, not the name")
        let byFile = Dictionary(grouping: warnings, by: \.path)
        #expect(
            Set(byFile.keys) == [
                "Content/pets/empty.jpg", "Content/pets/truncated.jpg", "Content/pets/corrupt.jpg",
                "Content/pets/not-an-image.jpg", "Content/pets/bomb.png",
            ])
        #expect(byFile["Content/pets/empty.jpg"]?.first?.message.contains("is empty") == true)
        #expect(byFile["Content/pets/bomb.png"]?.first?.message.contains("30000×30000") == true)
        #expect(byFile["Content/pets/not-an-image.jpg"]?.first?.hint?.contains("extension") == true)
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(
            images.warnings(forUsed: ["pets/upright.jpg", "pets/bomb.png"]).filter { !$0.message.hasPrefix("libvips says") }.count == 1, "only what pages show is warned about")
        // Each readable photo has its placeholder, a WebP small enough to inline.
        for path in images.sources.keys {
            let placeholder = try #require(images.placeholders[path])
            #expect(placeholder.hasPrefix("data:image/webp;base64,"))
            #expect(placeholder.count < 600)
        }
    }

    @Test func aSecondRunReadsAndDecodesNoPhoto() throws {
        let found = try inputs(["upright.jpg", "rotated-6.jpg"])
        let first = stage().run(found)
        let jobs = first.sources.values.map { source in
            ImageMaker.Job(source: source, operations: ImagePlan.responsive(source.path, header: source.header, options: .init()).allVariants.map(\.operation))
        }
        let made = ImageMaker(cache: cache).make(jobs)
        #expect(made.decoded == 2)
        #expect(made.problems.isEmpty)

        // The photos can no longer be read: the cache has all that is needed.
        var blind = memory.fileSystem
        let readFile = blind.readFile
        blind.readFile = { path in
            if path.hasPrefix("/site/Content/") { throw FileSystemError(path: path, reason: "permission denied") }
            return try readFile(path)
        }
        let warm = ImageCache(folder: cache.folder, fileSystem: blind)
        let second = ImageStage(options: ImageOptions(), cache: warm, displayPath: { "Content/" + $0 }).run(found)
        #expect(second.problems.isEmpty)
        #expect(second.sources == first.sources, "the remembered headers are the ones read")
        #expect(second.placeholders == first.placeholders)
        let again = ImageMaker(cache: warm).make(jobs)
        #expect(again.decoded == 0)
        #expect(again.files == made.files)
    }

    @Test func aPhotoIsAlwaysMadeAnewButASmallPNGIsShownAsItIs() throws {
        let images = stage().run(try inputs(["upright.jpg", "plain.png"]))
        #expect(images.responsive("pets/upright.jpg") != nil, "a JPEG's EXIF is never published")
        #expect(!images.publishesOriginal("pets/upright.jpg"))
        #expect(images.responsive("pets/plain.png") == nil)
        #expect(images.square("pets/plain.png", side: 48, focus: nil) == nil)
        #expect(images.publishesOriginal("pets/plain.png"))
        #expect(images.placeholders["pets/plain.png"] == nil)
        var options = ImageOptions()
        options.publishOriginals = true
        #expect(stage(options).run(try inputs(["upright.jpg"])).publishesOriginal("pets/upright.jpg"))
    }

    @Test func aLowerPixelLimitRefusesBeforeDecoding() throws {
        var options = ImageOptions()
        options.pixelLimit = 1000
        let images = stage(options).run(try inputs(["upright.jpg"]))
        #expect(images.sources.isEmpty)
        #expect(images.warnings(forUsed: ["pets/upright.jpg"]).first?.message.contains("limit") == true)
    }
}
