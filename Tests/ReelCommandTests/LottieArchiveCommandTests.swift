import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// `.lottie` archives (zipped here with python3's zipfile, as the tests
/// need no committed binary): the manifest's animation or the one named
/// after `#`, images from the archive; bad archives are located errors.
@Suite struct LottieArchiveCommandTests {
    let cli = CommandLineTests()

    /// A 20×20 solid of `color`.
    static func solid(_ color: String) -> String {
        #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 20, "h": 20, "layers": [{"ty": 1, "ind": 1, "sw": 20, "sh": 20, "sc": "\#(color)", "ks": {}, "ip": 0, "op": 10}]}"#
    }

    /// An image layer of images/img_0.png.
    static let picture = #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 20, "h": 20, "assets": [{"id": "image_0", "w": 20, "h": 20, "u": "/images/", "p": "img_0.png", "e": 0}], "layers": [{"ty": 2, "ind": 1, "refId": "image_0", "ks": {}, "ip": 0, "op": 10}]}"#

    /// Zips `entries` (name → text; "PNG:r,g,b" a 20×20 PNG of that colour) into `path`.
    func zip(_ entries: [(String, String)], to path: String, truncatedTo bytes: Int? = nil) throws {
        let dir = PathName.folder(of: path)
        var script = "import zipfile, struct, zlib\n"
        script += "def png(c):\n  raw = b''.join(b'\\x00' + bytes(c + [255]) * 20 for _ in range(20))\n"
        script += "  ch = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)\n"
        script += "  return b'\\x89PNG\\r\\n\\x1a\\n' + ch(b'IHDR', struct.pack('>IIBBBBB', 20, 20, 8, 6, 0, 0, 0)) + ch(b'IDAT', zlib.compress(raw)) + ch(b'IEND', b'')\n"
        script += "z = zipfile.ZipFile('\(path)', 'w', zipfile.ZIP_DEFLATED)\n"
        for (i, (name, text)) in entries.enumerated() {
            try text.write(toFile: "\(dir)/entry\(i)", atomically: true, encoding: .utf8)
            if text.hasPrefix("PNG:") {
                script += "z.writestr('\(name)', png([\(text.dropFirst(4))]))\n"
            } else {
                script += "z.writestr('\(name)', open('\(dir)/entry\(i)').read())\n"
            }
        }
        script += "z.close()\n"
        if let bytes { script += "d = open('\(path)', 'rb').read()[:\(bytes)]\nopen('\(path)', 'wb').write(d)\n" }
        let result = try Program("/usr/bin/env").run(["python3", "-c", script])
        #expect(result.status == 0, "\(result.stderr)")
    }

    func still(_ input: String, _ dir: String) throws -> (status: Int32, stderr: String, pixel: (UInt8, UInt8, UInt8, UInt8)?) {
        let out = dir + "/still.png"
        try? FileManager.default.removeItem(atPath: out)
        let result = try Program.reel.run(["still", input, "--time", "0", "-o", out])
        let frame = try? PNGCodec.read(contentsOf: out)
        return (result.status, result.stderr, frame.map { $0.pixel(x: 10, y: 10) })
    }

    static let manifest = #"{"version": "1", "animations": [{"id": "red"}, {"id": "blue"}, {"id": "picture"}], "activeAnimationId": "blue"}"#

    /// The active animation by default, another by `#name`, images from the archive.
    @Test func archiveAnimationsAndImages() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let archive = dir + "/story.lottie"
        try zip([("manifest.json", Self.manifest), ("animations/red.json", Self.solid("#ff0000")), ("animations/blue.json", Self.solid("#0000ff")),
                 ("animations/picture.json", Self.picture), ("images/img_0.png", "PNG:0,255,0")], to: archive)
        let active = try still(archive, dir)
        #expect(active.status == 0, "\(active.stderr)")
        #expect(active.pixel! == (0, 0, 255, 255))
        #expect(try still(archive + "#red", dir).pixel! == (255, 0, 0, 255))
        #expect(try still(archive + "#picture", dir).pixel! == (0, 255, 0, 255))
        // The imported scene embeds the image, so it renders anywhere.
        let imported = try Program.reel.run(["import", "lottie", archive + "#picture", "-o", dir + "/picture.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try still(dir + "/picture.json", dir).pixel! == (0, 255, 0, 255))
    }

    /// A missing animation (with a suggestion), a truncated archive: errors
    /// located in the entry they concern; an image the archive lacks: a
    /// warning located there, and the animation drawn without it.
    @Test func badArchivesAreLocatedErrors() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let archive = dir + "/story.lottie"
        try zip([("manifest.json", Self.manifest), ("animations/red.json", Self.solid("#ff0000")), ("animations/blue.json", Self.solid("#0000ff")),
                 ("animations/picture.json", Self.picture)], to: archive)
        let missing = try still(archive + "#rde", dir)
        #expect(missing.status == 65)
        #expect(missing.stderr.contains(archive + #"/manifest.json:1:32: $.animations: no animation "rde" in this archive; it has "red", "blue", "picture"; did you mean "red"?"#), "\(missing.stderr)")
        let image = try still(archive + "#picture", dir)
        #expect(image.status == 0)
        #expect(image.pixel.map { $0.3 } == 0)
        #expect(image.stderr.contains(archive + #"/animations/picture.json:1:132: $.assets[0].p: layer "" (ty 2): image file /images/img_0.png not found; the layer is not drawn"#), "\(image.stderr)")
        let truncated = dir + "/cut.lottie"
        try zip([("manifest.json", Self.manifest), ("animations/red.json", Self.solid("#ff0000"))], to: truncated, truncatedTo: 200)
        let cut = try still(truncated, dir)
        #expect(cut.status == 65)
        #expect(cut.stderr.contains(truncated + ": $: not a readable .lottie archive: Not a zip archive"), "\(cut.stderr)")
        let plain = dir + "/red.json"
        try Self.solid("#ff0000").write(toFile: plain, atomically: true, encoding: .utf8)
        let notArchive = try still(plain + "#red", dir)
        #expect(notArchive.status == 65)
        #expect(notArchive.stderr.contains(plain + ": $: '#red' selects an animation of a .lottie archive; this file is not one"), "\(notArchive.stderr)")
        let none = try still(dir + "/gone.lottie#red", dir)
        #expect(none.status == 66)
        #expect(none.stderr.contains("cannot read scene \(dir)/gone.lottie#red: no such file"), "\(none.stderr)")
    }
}
