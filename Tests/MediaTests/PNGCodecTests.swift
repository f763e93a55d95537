import Foundation
import Media
import Pixels
import Testing

/// A 64×48 bitmap of valid premultiplied pixels (each channel ≤ alpha),
/// covering alpha 0, 255 and many values between.
private func gradient() -> Bitmap {
    var bitmap = Bitmap(width: 64, height: 48)
    for y in 0..<48 {
        for x in 0..<64 {
            let a = (x * 4 + y * 5) % 256
            let i = (y * 64 + x) * 4
            bitmap.pixels[i] = UInt8(a * x / 63)
            bitmap.pixels[i + 1] = UInt8(a * y / 47)
            bitmap.pixels[i + 2] = UInt8(a * (x + y) / 110)
            bitmap.pixels[i + 3] = UInt8(a)
        }
    }
    bitmap.pixels.replaceSubrange(0..<8, with: [255, 128, 0, 255, 0, 0, 0, 0])
    return bitmap
}

@Suite struct PNGCodecTests {
    @Test func roundTripKeepsPixelsWithinOne() throws {
        let original = gradient()
        let decoded = try PNGCodec.decode(PNGCodec.encode(original), name: "gradient")
        #expect(decoded.width == 64 && decoded.height == 48)
        // Tolerance ±1 per channel: premultiplied → straight → premultiplied
        // rounds twice. Alpha itself is stored exactly.
        #expect(maxDifference(decoded.pixels, original.pixels) <= 1)
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == original.pixels[$0] })
        #expect(decoded.pixel(x: 0, y: 0) == (255, 128, 0, 255))
        #expect(decoded.pixel(x: 1, y: 0) == (0, 0, 0, 0))
    }

    /// Opaque images are stored as RGB (colour type 2), others as RGBA (6);
    /// both decode to the exact pixels (opaque ones need no rounding).
    @Test func opaqueImagesAreWrittenAsRGB() throws {
        var opaque = Bitmap(width: 5, height: 3)
        for i in 0..<15 { opaque.pixels.replaceSubrange(i * 4..<(i * 4 + 4), with: [UInt8(i * 17), UInt8(255 - i), 7, 255]) }
        var translucent = opaque
        translucent.pixels.replaceSubrange(20..<24, with: [10, 20, 30, 128])
        for (bitmap, colourType) in [(opaque, UInt8(2)), (translucent, UInt8(6))] {
            let bytes = try PNGCodec.encode(bitmap)
            // Signature (8), IHDR length and type (8), width and height (8), bit depth, colour type.
            #expect(bytes[24] == 8 && bytes[25] == colourType)
            #expect(try PNGCodec.decode(bytes, name: "colour type \(colourType)") == bitmap)
        }
    }

    @Test func encodingIsByteIdenticalAndHasNoMachineDependentChunks() throws {
        let first = try PNGCodec.encode(gradient())
        let second = try PNGCodec.encode(gradient())
        #expect(first == second)
        #expect(PNGBuilder.chunkTypes(first).filter { $0 != "IDAT" } == ["IHDR", "sRGB", "IEND"])
    }

    @Test func everyFilterAndLevelDecodesToTheSamePixels() throws {
        let original = gradient()
        let reference = try PNGCodec.decode(PNGCodec.encode(original), name: "reference")
        for filter in PNGFilter.allCases {
            for level in [0, 6, 9] {
                let bytes = try PNGCodec.encode(original, level: level, filter: filter)
                #expect(try PNGCodec.decode(bytes, name: "\(filter) \(level)") == reference)
            }
        }
    }

    @Test func invalidLevelIsRefused() {
        #expect(throws: MediaError.invalidSettings(path: "PNG image", reason: "PNG compression level must be 0…9, not 12")) {
            try PNGCodec.encode(gradient(), level: 12)
        }
    }

    @Test func truncatedOrCorruptDataThrows() throws {
        let bytes = try PNGCodec.encode(gradient())
        for cut in [0, 7, 20, 40, bytes.count / 2, bytes.count - 1] {
            #expect(throws: MediaError.self) { try PNGCodec.decode(Array(bytes.prefix(cut)), name: "cut") }
        }
        var corrupt = bytes
        corrupt[bytes.count / 2] ^= 0xFF   // inside IDAT: CRC mismatch
        let error = #expect(throws: MediaError.self) { try PNGCodec.decode(corrupt, name: "corrupt.png") }
        #expect(error?.description.hasPrefix("cannot decode corrupt.png, a PNG file: ") == true)
        #expect(throws: MediaError.invalidImage(name: "text", format: .png, reason: "bad signature")) {
            try PNGCodec.decode(Array("hello, world".utf8), name: "text")
        }
    }

    @Test func headerClaimingHugeDimensionsIsRefused() throws {
        // 1,000,000 × 1,000,000 in a ~70-byte file: refused by libpng's user
        // limits while reading IHDR, before any allocation.
        let huge = PNGBuilder.png(width: 1_000_000, height: 1_000_000, bitDepth: 8, colorType: 6, rows: [[0, 0, 0, 0]])
        #expect(huge.count < 100)
        let error = #expect(throws: MediaError.self) { try PNGCodec.decode(huge, name: "huge.png") }
        #expect(error?.description.contains("limit") == true)
        // Within the per-side limit but over the pixel budget.
        let wide = PNGBuilder.png(width: 16_000, height: 16_000, bitDepth: 8, colorType: 6, rows: [[0, 0, 0, 0]])
        #expect(throws: MediaError.imageTooLarge(name: "wide.png", width: 16_000, height: 16_000)) {
            try PNGCodec.decode(wide, name: "wide.png")
        }
        #expect(MediaError.imageTooLarge(name: "wide.png", width: 16_000, height: 16_000).description
            == "cannot decode wide.png: an image of 16000×16000 pixels; the limit is 16384 per side and 67108864 in total (see docs/LIMITS.md)")
    }

    @Test func otherColourTypesDecodeToPremultipliedRGBA() throws {
        // 8-bit grey: opaque.
        let grey = PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[0, 200]])
        #expect(try PNGCodec.decode(grey, name: "grey").pixels == [0, 0, 0, 255, 200, 200, 200, 255])
        // 1-bit grey expands to 0 / 255.
        let bits = PNGBuilder.png(width: 3, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000]])
        #expect(try PNGCodec.decode(bits, name: "bits").pixels == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        // Grey + alpha: 200 at alpha 128 → round(200 × 128 / 255) = 100.
        let greyAlpha = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 4, rows: [[200, 128]])
        #expect(try PNGCodec.decode(greyAlpha, name: "grey alpha").pixels == [100, 100, 100, 128])
        // Palette with tRNS: entry 1 is red at alpha 51 → 255 × 51 / 255 = 51.
        let palette = PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: 3,
                                     before: [("PLTE", [0, 0, 255, 255, 0, 0]), ("tRNS", [255, 51])],
                                     rows: [[0, 1]])
        #expect(try PNGCodec.decode(palette, name: "palette").pixels == [0, 0, 255, 255, 51, 0, 0, 51])
        // 16-bit RGB scales to 8 bits with rounding: 0x8080 → 128, 0xFFFF → 255.
        let deep = PNGBuilder.png(width: 1, height: 1, bitDepth: 16, colorType: 2,
                                  rows: [[0x80, 0x80, 0xFF, 0xFF, 0x00, 0x00]])
        #expect(try PNGCodec.decode(deep, name: "deep").pixels == [128, 255, 0, 255])
    }

    @Test func fileRoundTripAndErrorsNameThePath() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("image.png")
        try PNGCodec.write(gradient(), to: path)
        #expect(try folder.entries() == ["image.png"])
        #expect(try PNGCodec.read(contentsOf: path) == PNGCodec.decode(PNGCodec.encode(gradient()), name: "x"))

        let missing = folder.file("missing.png")
        #expect(throws: MediaError.cannotRead(path: missing, reason: "No such file or directory")) {
            try PNGCodec.read(contentsOf: missing)
        }
        try folder.write("garbage.png", [1, 2, 3])
        let error = #expect(throws: MediaError.self) { try PNGCodec.read(contentsOf: folder.file("garbage.png")) }
        #expect(error?.description.contains(folder.file("garbage.png")) == true)
    }
}
