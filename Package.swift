// swift-tools-version: 6.0
// Reel: scene file → frames → PNG / MP4. Targets follow the data flow; each
// depends only on targets to its left:
//   Geometry, Animation → SceneModel → Evaluation → (DisplayList) → Raster → Media → Pipeline → reel
import PackageDescription

let package = Package(
    name: "Reel",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "reel", targets: ["reel"]),
    ],
    targets: [
        // System C libraries, found with pkg-config.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavcodec libavformat libavfilter libavutil libswscale",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libavutil-dev", "libswscale-dev"]),
                                   .brew(["ffmpeg"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd",
                       providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // libpng reports errors with longjmp; this C target owns every setjmp so
        // no jump ever crosses a Swift frame.
        .target(name: "CPNGCodec", dependencies: ["CPNG"]),
        // The rasterizer's innermost blend loops, built for SSE2 and AVX2 and
        // chosen at run time (Swift fixes the instruction set at build time).
        .target(name: "CSpanBlend"),
        // glibc's mallopt, which Swift's Glibc module does not export.
        .target(name: "CMemoryReuse"),

        // Foundations shared by several stages.
        .target(name: "Geometry"),
        .target(name: "Animation", dependencies: ["Geometry"]),
        .target(name: "Typesetting", dependencies: ["Geometry", "CFreeType"], resources: [.copy("Fonts")]),

        // The stages.
        .target(name: "SceneModel", dependencies: ["Geometry", "Animation"],
                resources: [.copy("Resources/reel-scene.schema.json")]),
        .target(name: "DisplayList", dependencies: ["Geometry"]),
        .target(name: "Evaluation", dependencies: ["Geometry", "Animation", "SceneModel", "DisplayList", "Typesetting"]),
        .target(name: "Raster", dependencies: ["DisplayList", "Geometry", "CSpanBlend"]),
        .target(name: "Media", dependencies: ["Raster", "CPNGCodec", "CFFmpeg", "CZstd"]),
        .target(name: "Pipeline", dependencies: ["Geometry", "SceneModel", "DisplayList", "Evaluation", "Raster", "Media",
                                               "Typesetting", "CMemoryReuse"]),
        .executableTarget(name: "reel-benchmarks", dependencies: ["Pipeline", "SceneModel", "Media", "Raster", "DisplayList"]),
        .executableTarget(name: "reel", dependencies: ["Pipeline", "Media", "SceneModel"]),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Geometry", "CFreeType"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "DisplayList", "Geometry", "CSpanBlend"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "Raster", "CFFmpeg"]),
        .testTarget(name: "ReelTests",
                    dependencies: ["Geometry", "Animation", "SceneModel", "Evaluation",
                                   "DisplayList", "Raster", "Media", "Pipeline"]),
    ],
    swiftLanguageModes: [.v6]
)
