// swift-tools-version: 6.0
// Reel: scene file → frames → PNG / MP4. Targets follow the data flow; each
// depends only on targets to its left:
//   Determinism → Geometry, Animation → SceneModel → Evaluation → (DisplayList) → Raster → Media → Pipeline → Studio → reel
// Media does not use Raster: the frame in memory (Pixels: Bitmap and the packed
// pixel layout, on Geometry) is shared by DisplayList, Raster and Media.
import PackageDescription

let package = Package(
    name: "Reel",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "reel", targets: ["reel"]),
        // For the fuzz targets in Fuzz/, a package of their own.
        .library(name: "ReelLibraries", targets: ["Geometry", "Animation", "Typesetting", "SceneModel", "Lottie", "Media", "Raster", "Pipeline"]),
    ],
    targets: [
        // System C libraries, found with pkg-config, and the small C targets
        // beside them: all in Sources/CLibraries, apart from the stages.
        .systemLibrary(name: "CPNG", path: "Sources/CLibraries/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CFFmpeg", path: "Sources/CLibraries/CFFmpeg", pkgConfig: "libavcodec libavformat libavfilter libavutil libswscale libswresample",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libavutil-dev", "libswscale-dev",
                                         "libswresample-dev"]),
                                   .brew(["ffmpeg"])]),
        .systemLibrary(name: "CZstd", path: "Sources/CLibraries/CZstd", pkgConfig: "libzstd",
                       providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        // Zip archives: `.lottie` files.
        .systemLibrary(name: "CZip", path: "Sources/CLibraries/CZip", pkgConfig: "libzip",
                       providers: [.apt(["libzip-dev"]), .brew(["libzip"])]),
        // SHA-256 with the processor's SHA extensions where it has them
        // (libavutil's portable C measured 20× slower on a frame's pixels).
        .systemLibrary(name: "CCrypto", path: "Sources/CLibraries/CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CLibraries/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // Text: shaping, bidirectional order, system font fallback.
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CLibraries/CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CLibraries/CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CLibraries/CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CLibraries/CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        // Image files beyond PNG, their EXIF orientation and ICC colour (docs/MEDIA.md).
        .systemLibrary(name: "CJPEG", path: "Sources/CLibraries/CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CExif", path: "Sources/CLibraries/CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"]), .brew(["libexif"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CLibraries/CWebP", pkgConfig: "libwebp libwebpdemux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(name: "CHeif", path: "Sources/CLibraries/CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        .systemLibrary(name: "CLittleCMS", path: "Sources/CLibraries/CLittleCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        // libpng and libjpeg report errors with longjmp; this C target owns
        // every setjmp so no jump ever crosses a Swift frame.
        .target(name: "CImageCodecs", dependencies: ["CPNG", "CJPEG"], path: "Sources/CLibraries/CImageCodecs"),
        // The rasterizer's innermost blend loops, built for SSE2 and AVX2 and
        // chosen at run time (Swift fixes the instruction set at build time).
        .target(name: "CSpanBlend", path: "Sources/CLibraries/CSpanBlend"),
        // FFmpeg's log messages collected on one thread, to quote in errors.
        .target(name: "CFFmpegLog", dependencies: ["CFFmpeg"], path: "Sources/CLibraries/CFFmpegLog"),
        // glibc's mallopt, which Swift's Glibc module does not export.
        .target(name: "CMemoryReuse", path: "Sources/CLibraries/CMemoryReuse"),

        // Foundations shared by several stages. Determinism holds everything
        // that makes frames reproducible: portable math, one π, SplitMix64,
        // one stable hash (FNV-1a).
        .target(name: "Determinism"),
        // A lock ThreadSanitizer can see (see `Locked`).
        .target(name: "Locking"),
        .target(name: "Geometry", dependencies: ["Determinism"]),
        .target(name: "Animation", dependencies: ["Determinism", "Geometry"]),
        .target(name: "Typesetting", dependencies: ["Geometry", "Locking", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"], resources: [.copy("Fonts")]),
        // The frame in memory (Bitmap) and the packed-pixel layout, shared by
        // the rasterizer that draws frames and the media that stores them.
        .target(name: "Pixels", dependencies: ["Geometry"]),

        // The stages.
        .target(name: "SceneModel", dependencies: ["Geometry", "Animation"],
                resources: [.copy("Resources/reel-scene.schema.json")]),
        // Lottie (Bodymovin) animations converted to scene JSON.
        .target(name: "Lottie", dependencies: ["Determinism", "Animation", "SceneModel"]),
        .target(name: "DisplayList", dependencies: ["Determinism", "Geometry", "Pixels"]),
        .target(name: "Evaluation", dependencies: ["Determinism", "Geometry", "Animation", "SceneModel", "DisplayList",
                                                 "Typesetting"]),
        .target(name: "Raster", dependencies: ["Determinism", "DisplayList", "Geometry", "Pixels", "Locking", "CSpanBlend"]),
        .target(name: "Media", dependencies: ["Pixels", "Locking", "CImageCodecs", "CExif", "CWebP", "CHeif", "CLittleCMS", "CFFmpeg", "CFFmpegLog", "CZstd", "CCrypto", "CZip"]),
        .target(name: "Pipeline", dependencies: ["Determinism", "Geometry", "Animation", "SceneModel", "DisplayList", "Evaluation", "Raster", "Pixels",
                                               "Media", "Typesetting", "Locking", "CMemoryReuse", "Lottie"]),
        // `reel studio`: the HTTP server and its page, over the pipeline.
        .target(name: "Studio", dependencies: ["Pipeline", "SceneModel", "Animation", "Geometry", "DisplayList",
                                               "Media", "Typesetting", "CMicroHTTPD"],
                resources: [.copy("Page")]),
        // Runs a child process (`reel`, or a tool it is compared with) for the
        // tests and the benchmarks: both pipes read at once, signals, a timeout.
        .target(name: "ProcessRunner"),
        .executableTarget(name: "reel-benchmarks", dependencies: ["Pipeline", "SceneModel", "Media", "Raster", "Pixels", "DisplayList",
                                                                  "Studio", "ProcessRunner"]),
        .executableTarget(name: "reel", dependencies: ["Pipeline", "Media", "SceneModel", "Studio", "Animation", "Lottie"]),

        .testTarget(name: "DeterminismTests", dependencies: ["Determinism"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "Determinism"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry", "Determinism"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Geometry", "Locking", "CFreeType", "ProcessRunner"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Pixels", "DisplayList", "Geometry", "Determinism", "CSpanBlend"]),
        // The image tests make their JPEG, WebP, HEIF and ICC fixtures with the libraries' own encoders.
        .testTarget(name: "MediaTests", dependencies: ["Media", "Pixels", "CFFmpeg", "CJPEG", "CWebP", "CHeif", "CLittleCMS", "CMemoryReuse", "ProcessRunner"]),
        .testTarget(name: "StudioTests", dependencies: ["Studio", "ProcessRunner"]),
        .testTarget(name: "ProcessRunnerTests", dependencies: ["ProcessRunner"]),
        .testTarget(name: "SceneModelTests", dependencies: ["Animation", "Geometry", "SceneModel"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Animation", "Determinism", "DisplayList", "Evaluation", "Geometry", "SceneModel"]),
        // Scenes drawn end to end through the pipeline; reference images are
        // read from beside the tests by path.
        .testTarget(name: "PipelineTests",
                    dependencies: ["Animation", "DisplayList", "Evaluation", "Geometry", "Media", "Pipeline", "Pixels", "Raster",
                                   "SceneModel", "Typesetting", "ProcessRunner", "Lottie"],
                    exclude: ["References"]),
        // The built `reel` executable, run as users run it.
        .testTarget(name: "ReelCommandTests", dependencies: ["Determinism", "Media", "Pipeline", "Pixels", "ProcessRunner"],
                    exclude: ["Lottie"]),
    ],
    swiftLanguageModes: [.v6]
)
