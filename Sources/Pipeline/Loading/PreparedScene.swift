import Evaluation
import Media
import Foundation
import Raster
import SceneModel

/// A scene ready to render: decoded and validated, its images and (when a
/// render writes sound) its sound files decoded, its fonts loaded and its
/// constant texts laid out — the one prepare step every command shares.
/// Immutable, so every worker reads it at once.
public struct PreparedScene: Sendable {
    public let scene: Scene
    public let images: SceneImages
    /// The video layers' clips.
    public let videos: SceneVideos
    /// The clips' decoded sources; silent unless asked for (`sound`).
    public let sound: SceneSound
    public let evaluator: Evaluator
    /// Glyph masks every rasterizer of this scene (and of a batch's other rows) shares.
    public let glyphMasks: GlyphMaskCache

    /// Loads `path` with `parameters` in place of its defaults, its canvas
    /// changed by `canvas`; installed fonts fill in characters the scene's
    /// and the bundled fonts lack unless `systemFonts` is false; with
    /// `sound`, the audio clips' files are decoded too. Problems with image,
    /// sound and font files are reported together, each where the scene
    /// names the file.
    public static func load(_ path: String, canvas: CanvasOverrides = CanvasOverrides(),
                            parameters: [ParameterAssignment] = [], systemFonts: Bool = true,
                            sound: Bool = false) throws(RenderError) -> PreparedScene {
        try load(path, canvas: canvas, parameters: parameters, systemFonts: systemFonts, soundEvery: sound ? 1 : nil)
    }

    private static func load(_ path: String, canvas: CanvasOverrides, parameters: [ParameterAssignment], systemFonts: Bool,
                             soundEvery: Int?) throws(RenderError) -> PreparedScene {
        var scene = try SceneFile.load(path, parameters: parameters)
        do {
            scene.canvas = try canvas.applied(to: scene.canvas)
        } catch {
            throw .canvas(error, scene: path, overrides: canvas)
        }
        return try prepare(scene, systemFonts: systemFonts, soundEvery: soundEvery)
    }

    /// Loads the scene of `request` as it asks: its canvas overrides,
    /// parameters and fonts, and its sound when the request writes it
    /// (`writesSound`; `sound` false leaves it out) — the one way a render,
    /// its poster and a still read a request's settings.
    public static func load(_ request: RenderRequest, sound: Bool = true) throws(RenderError) -> PreparedScene {
        try load(request.scenePath, canvas: request.canvas, parameters: request.parameters, systemFonts: request.systemFonts,
                 soundEvery: sound && request.writesSound ? request.every : nil)
    }

    /// Reads the images, fonts and (with `soundEvery`, the `--every` of the
    /// render) sound files of a decoded scene and lays out its texts;
    /// `shared` keeps files already read for other scenes (a batch's rows).
    static func prepare(_ scene: Scene, shared: SharedAssets? = nil, systemFonts: Bool = true,
                        soundEvery: Int? = nil) throws(RenderError) -> PreparedScene {
        var problems: [Diagnostic] = []
        func collect<T>(_ load: () throws(RenderError) -> T) throws(RenderError) -> T? {
            do {
                return try load()
            } catch {
                guard case .invalidScene(let e) = error else { throw error }
                problems += e.diagnostics
                return nil
            }
        }
        let images = try collect { () throws(RenderError) in try SceneImages.load(for: scene, shared: shared) }
        let videos = try collect { () throws(RenderError) in try SceneVideos.load(for: scene, shared: shared) }
        // A render of every `every`th frame may end `every` frames after the last one.
        let soundEnd = soundEvery.map { scene.canvas.time(ofFrame: scene.canvas.frameCount - 1 + $0) }
        let sound = try collect { () throws(RenderError) in
            try soundEnd.map { end throws(RenderError) in try SceneSound.load(for: scene, until: end, shared: shared) } ?? .silent(scene)
        }
        let texts = try collect { () throws(RenderError) in try SceneFonts.prepare(for: scene, shared: shared,
                                                                                          systemFonts: systemFonts) }
        guard let images, let videos, let sound, let texts, problems.isEmpty else {
            throw .invalidScene(SceneLoadError(diagnostics: problems))
        }
        return PreparedScene(scene: scene, images: images, videos: videos, sound: sound,
                             evaluator: Evaluator(scene: scene, imageSizes: images.sizes, videos: videos.timelines,
                                                  texts: texts),
                             glyphMasks: shared?.glyphMasks ?? GlyphMaskCache())
    }

    /// The installed font files the scene's texts use (fontconfig fallback).
    public var systemFontPaths: [String] { evaluator.texts.library.systemFontPaths }

    /// Texts with characters no font has.
    public var warnings: [TextSetter.Warning] { evaluator.texts.warnings }

    /// Prints the warnings on standard error, compiler style.
    public func reportWarnings() {
        for warning in scene.importWarnings { FileHandle.standardError.write(Data(("warning: " + warning.description + "\n").utf8)) }
        for warning in warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
        if !systemFontPaths.isEmpty {
            FileHandle.standardError.write(Data("\(scene.file): installed fonts used: \(systemFontPaths.joined(separator: ", "))\n".utf8))
        }
    }

    /// A rasterizer for one worker thread, knowing the scene's images,
    /// reading its video frames with decoders of its own, and sharing its
    /// glyph masks.
    public func makeRasterizer() -> Rasterizer { makeRasterizer(reuse: FrameReuse.enabledByEnvironment) }

    /// `reuse` false draws every frame in full (see `FrameReuse`).
    public func makeRasterizer(reuse: Bool) -> Rasterizer {
        Rasterizer(images: images.bitmaps, videoFrames: videos.makeFrameSource(), glyphMasks: glyphMasks, reuse: reuse)
    }

    /// Draws one frame at a time on `threads` threads (`BandRenderer`): a
    /// still, or a frame drawn alone.
    public func makeBandRenderer(threads: Int) -> BandRenderer {
        BandRenderer(threads: threads) { makeRasterizer(reuse: false) }
    }
}

extension AssetFile {
    /// The file's path as the process opens it: relative paths are relative
    /// to the scene file's folder.
    func resolved(from sceneFile: String) -> String {
        path.hasPrefix("/") ? path : (PathName.folder(of: sceneFile) as NSString).appendingPathComponent(path)
    }
}
