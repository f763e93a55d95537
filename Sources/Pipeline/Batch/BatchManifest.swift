import Foundation
import Media
import SceneModel

/// What makes a row's output up to date: a digest of the scene file, the
/// row's parameter values, the bytes of every image, sound, video and font the row uses,
/// the render settings and the renderer (`RendererIdentity`). It is kept
/// beside the output in a small hidden file (`.NAME.reel-batch`), written
/// once the output is complete, so a re-run skips the row while all of
/// these are unchanged. The installed fonts a row's texts fell back to are
/// known only once its texts are laid out, so the file lists them with
/// their digests, and a row is up to date only while they are unchanged too.
struct BatchManifest {
    /// Digests of files read so far, by path: a thousand rows sharing four
    /// images hash four files.
    private var fileDigests: [String: String] = [:]
    private let sceneDigest: String
    private let settings: String

    init(sceneBytes: [UInt8], settings: String) {
        sceneDigest = ContentDigest.of(sceneBytes)
        self.settings = settings
    }

    /// The digest of a row whose decoded scene is `scene`.
    mutating func digest(of scene: Scene) -> String {
        var text = "reel batch 1\n\(RendererIdentity.current)\n\(sceneDigest)\n\(settings)\n"
        for p in scene.parameters { text += "\(p.name)=\(p.value.map { "\($0)" } ?? "keyframes")\n" }
        let files = (scene.assets.images.values.map { $0.resolved(from: scene.file) }
                     + scene.assets.fonts.values.map { $0.resolved(from: scene.file) }
                     + scene.audio.map { $0.file.resolved(from: scene.file) }
                     + scene.videoLayers.map { $0.file.resolved(from: scene.file) }).sorted()
        for path in files { text += "\(path) \(fileDigest(path))\n" }
        return ContentDigest.of(Array(text.utf8))
    }

    private mutating func fileDigest(_ path: String) -> String {
        if let known = fileDigests[path] { return known }
        let digest = FileManager.default.contents(atPath: path).map { ContentDigest.of([UInt8]($0)) } ?? "missing"
        fileDigests[path] = digest
        return digest
    }

    /// The manifest file of `output`.
    static func path(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".reel-batch").path
    }

    /// Whether `output` exists and was written for `digest`, with the
    /// installed fonts it used unchanged.
    mutating func isCurrent(_ output: String, digest: String) -> Bool {
        guard FileManager.default.fileExists(atPath: output),
              let data = FileManager.default.contents(atPath: Self.path(for: output)) else { return false }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == digest, lines.last == "" else { return false }
        lines = Array(lines.dropFirst().dropLast())
        return lines.allSatisfy { line in
            let parts = line.split(separator: " ", maxSplits: 2)
            return parts.count == 3 && parts[0] == "installed" && fileDigest(String(parts[2])) == parts[1]
        }
    }

    /// Records that `output` is complete for `digest`, drawn with the
    /// installed font files `installedFonts`; a failure only costs a redraw next time.
    mutating func record(_ output: String, digest: String, installedFonts: [String]) {
        let fonts = installedFonts.sorted().map { "installed \(fileDigest($0)) \($0)\n" }.joined()
        try? OutputFile.write(Array((digest + "\n" + fonts).utf8), to: Self.path(for: output))
    }
}
