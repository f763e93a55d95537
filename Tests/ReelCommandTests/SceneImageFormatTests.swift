import Foundation
import Media
import ProcessRunner
import Testing

/// Scene images in every format Reel reads, through the `reel` executable:
/// photos render whatever their format and name, and a file that is not a
/// readable image is a scene error at its `assets` entry (exit 65, nothing
/// written).
@Suite struct SceneImageFormatTests {
    let cli = CommandLineTests()

    /// A 32 × 16 picture, red on the left half and blue on the right, written
    /// by ffmpeg as `name` (its format from the extension).
    func photo(_ name: String, in dir: String, _ options: [String] = []) throws {
        var rgb: [UInt8] = []
        for _ in 0..<16 { for x in 0..<32 { rgb += x < 16 ? [220, 20, 30] : [20, 40, 210] } }
        try Data(rgb).write(to: URL(fileURLWithPath: dir + "/picture.rgb"))
        let r = try Program("/usr/bin/ffmpeg").run(["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "32x16",
                                                     "-i", dir + "/picture.rgb", "-frames:v", "1"] + options + [dir + "/" + name])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// A scene of one 32 × 16 image filling its canvas.
    func scene(images: [String: String], variables: String = "", show: String) -> String {
        let assets = images.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        return """
            {"canvas": {"width": 32, "height": 16, "fps": 10, "duration": 0.1, "background": "white"},
             "assets": {"images": {\(assets)}},\(variables)
             "layers": [{"type": "image", "image": "\(show)", "position": [16, 8]}]}
            """
    }

    @Test func photosRenderWhateverTheirFormatAndName() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try photo("photo.jpg", in: dir, ["-q:v", "1"])
        try photo("photo.webp", in: dir, ["-c:v", "libwebp", "-lossless", "1"])
        try photo("jpeg-named.png", in: dir, ["-f", "mjpeg", "-q:v", "1"])
        let variants: [(String, String)] = [
            ("jpeg", scene(images: ["p": "photo.jpg"], show: "p")),
            ("webp", scene(images: ["p": "photo.webp"], show: "p")),
            ("misnamed", scene(images: ["p": "jpeg-named.png"], show: "p")),
            // An image parameter may name a path of any image type.
            ("parameter", scene(images: [:], variables: #" "variables": {"pic": {"image": "photo.webp"}},"#, show: "pic")),
        ]
        for (name, json) in variants {
            try json.write(toFile: "\(dir)/\(name).json", atomically: true, encoding: .utf8)
            let r = try Program.reel.run(["still", "\(dir)/\(name).json", "-o", "\(dir)/\(name).png"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let frame = try PNGCodec.read(contentsOf: "\(dir)/\(name).png")
            let left = frame.pixel(x: 8, y: 8), right = frame.pixel(x: 24, y: 8)
            // ffmpeg's JPEG (4:4:4 at best quality) comes back within 6.
            #expect(abs(Int(left.r) - 220) <= 6 && abs(Int(left.g) - 20) <= 6 && abs(Int(left.b) - 30) <= 6, "\(name): \(left)")
            #expect(abs(Int(right.r) - 20) <= 6 && abs(Int(right.g) - 40) <= 6 && abs(Int(right.b) - 210) <= 6, "\(name): \(right)")
        }
    }

    @Test func unreadableImagesAreSceneErrorsAndNothingIsWritten() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try photo("whole.jpg", in: dir, ["-q:v", "1"])
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.jpg"))
        try jpeg.prefix(jpeg.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.jpg"))
        try "Remember the milk.\n".write(toFile: dir + "/notes.jpg", atomically: true, encoding: .utf8)
        // The smallest GIF: one white pixel.
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 255, 255, 255, 0, 0, 0, 0x2C, 0, 0, 0, 0,
                                           1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]
        try Data(gif).write(to: URL(fileURLWithPath: dir + "/anim.gif"))
        let json = scene(images: ["a": "cut.jpg", "b": "notes.jpg", "c": "anim.gif"], show: "a")
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)

        let r = try Program.reel.run(["render", dir + "/s.json", "--png-dir", dir + "/frames", "-o", dir + "/s.mp4"])
        #expect(r.status == 65)
        let must = "images must be PNG, JPEG, WebP, HEIF or AVIF"
        #expect(r.stderr == """
            \(dir)/s.json:2:29: $.assets.images.a: \(dir)/cut.jpg is truncated: its JPEG data ends early
            \(dir)/s.json:2:45: $.assets.images.b: \(dir)/notes.jpg is a text file; \(must)
            \(dir)/s.json:2:63: $.assets.images.c: \(dir)/anim.gif is a GIF file; \(must)

            """)
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.mp4"))
    }
}
