import Foundation
import ProcessRunner
import Testing

/// `reel import lottie` and Lottie files given where scenes go: the
/// imported scene renders exactly what the animation renders directly.
@Suite struct LottieCommandTests {
    let cli = CommandLineTests()
    static let animation = Repository.root.appendingPathComponent("Tests/ReelCommandTests/Lottie/bounce.json").path

    /// Every PNG frame of `input`, rendered into `folder`.
    func frames(_ input: String, into folder: String) throws -> [Data] {
        let result = try Program.reel.run(["render", input, "--format", "png", "-o", folder, "--no-cache", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        return names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0) }
    }

    /// The imported scene and the animation give byte-identical frames,
    /// wherever the scene is written (its asset paths follow it).
    @Test func importedSceneRendersLikeTheAnimation() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let imported = try Program.reel.run(["import", "lottie", Self.animation, "-o", dir + "/bounce.scene.json"])
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported.stderr)")
        let direct = try frames(Self.animation, into: dir + "/direct")
        let viaScene = try frames(dir + "/bounce.scene.json", into: dir + "/scene")
        #expect(direct.count == 10)
        #expect(direct == viaScene)
        // Not every frame alike: the animation moves.
        #expect(Set(direct).count > 5)
    }

    /// Without -o the scene is printed; `validate` and `info` take the animation.
    @Test func importPrintsAndOtherCommandsReadLottie() throws {
        let printed = try Program.reel.run(["import", "lottie", Self.animation])
        #expect(printed.status == 0)
        #expect(printed.stdout.hasPrefix("{\n  \"version\": 1,\n  \"canvas\": {\"width\": 40, \"height\": 30, \"fps\": 10, \"duration\": 1},"), "\(printed.stdout.prefix(200))")
        let validated = try Program.reel.run(["validate", Self.animation])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout.hasPrefix(Self.animation + ": ok"), "\(validated.stdout)")
    }

    /// Problems are located in the Lottie file; an unknown format is a usage error.
    @Test func importErrors() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = dir + "/bad.json"
        try #"{"v": "5", "fr": 30, "ip": 0, "op": 30, "w": 20, "h": 10, "layers": [{"ty": 7, "ks": {}}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try Program.reel.run(["import", "lottie", bad])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(bad + #":1:77: $.layers[0].ty: layer "" (ty 7): layer type 7 is not supported yet"#), "\(result.stderr)")
        let still = try Program.reel.run(["still", bad, "-o", dir + "/x.png"])
        #expect(still.stderr.contains(bad + #":1:77: $.layers[0].ty: layer "" (ty 7): layer type 7 is not supported yet"#), "\(still.stderr)")
        let usage = try Program.reel.run(["import", "svg", bad])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("import: unknown format 'svg'; only 'lottie' can be imported"), "\(usage.stderr)")
    }
}
