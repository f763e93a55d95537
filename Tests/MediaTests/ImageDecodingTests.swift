import Foundation
@testable import Media
import Pixels
import Testing

/// Image files beyond PNG: formats told by content, JPEG's EXIF orientation,
/// ICC colour converted to sRGB, WebP alpha, HEIF and AVIF, and the exact
/// texts for files that cannot be read. Fixtures are made at test time
/// (`ImageFixtures`).
@Suite struct ImageDecodingTests {
    typealias Fixture = ImageFixtures.Pixels

    /// Six colours in 16-pixel blocks, three across and two down (48 × 32):
    /// every turn and mirror of it is a different picture.
    static let colours: [[UInt8]] = [[230, 30, 30], [30, 200, 30], [30, 30, 230],
                                     [240, 240, 40], [40, 220, 220], [250, 250, 250]]
    static let picture = Fixture.blocks(colours, columns: 3, block: 16)

    /// The RGBA of the pixel at the centre of block (column, row).
    func centre(_ bitmap: Bitmap, column: Int, row: Int, block: Int = 16) -> [UInt8] {
        let p = bitmap.pixel(x: column * block + block / 2, y: row * block + block / 2)
        return [p.r, p.g, p.b, p.a]
    }

    /// Whether every channel of `a` is within `tolerance` of `b`.
    func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    // MARK: - Formats

    @Test func contentIsJudgedBySignatureNotName() throws {
        let jpeg = ImageFixtures.jpeg(Self.picture)
        let cases: [([UInt8], ImageContent)] = [
            (try PNGCodec.encode(.solid(width: 1, height: 1, 1, 2, 3)), .image(.png)),
            (jpeg, .image(.jpeg)),
            (ImageFixtures.webP(Self.picture), .image(.webP)),
            (Array("GIF89a".utf8) + [1, 0, 1, 0], .otherFormat("GIF")),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .otherFormat("TIFF")),
            (Array("BM".utf8) + [70, 0, 0, 0, 0, 0, 0, 0, 54, 0], .otherFormat("BMP")),
            ([0xFF, 0x0A, 0xFA], .otherFormat("JPEG XL")),
            (Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8), .otherFormat("SVG")),
            (Array("BMW 3 series\n".utf8), .text),
            (Array("Grüße, café\n".utf8), .text),
            ([], .empty),
            ([0, 1, 2, 3, 4, 5, 6, 7], .unrecognised),
        ]
        for (bytes, content) in cases {
            #expect(ImageContent(sniffing: bytes) == content, "\(bytes.prefix(8))")
        }
        // ISO base media files by brand: HEIF, AVIF (also when "mif1" leads), and video.
        func ftyp(_ brands: String...) -> [UInt8] {
            let body = Array("ftyp".utf8) + Array(brands[0].utf8) + [0, 0, 0, 0] + brands.dropFirst().flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(body.count + 4)] + body
        }
        #expect(ImageContent(sniffing: ftyp("heic", "mif1", "heic")) == .image(.heif))
        #expect(ImageContent(sniffing: ftyp("mif1", "mif1", "heic")) == .image(.heif))
        #expect(ImageContent(sniffing: ftyp("avif", "mif1", "miaf")) == .image(.avif))
        #expect(ImageContent(sniffing: ftyp("mif1", "mif1", "avif")) == .image(.avif))
        #expect(ImageContent(sniffing: ftyp("isom", "isom", "mp41")) == .otherFormat("MP4 or QuickTime"))
        // A JPEG named .png is read as the JPEG it is.
        #expect(try ImageDecoder.decode(jpeg, name: "photo.png").width == 48)
    }

    @Test func jpegDecodesToOpaqueRGBA() throws {
        let decoded = try ImageDecoder.decode(ImageFixtures.jpeg(Self.picture), name: "blocks.jpg")
        #expect(decoded.width == 48 && decoded.height == 32 && decoded.isOpaque)
        for (i, colour) in Self.colours.enumerated() {
            // Quality 100, 4:4:4: flat blocks come back within 2 of their colour.
            #expect(near(centre(decoded, column: i % 3, row: i / 3), colour + [255], 2), "block \(i)")
        }
        let progressive = try ImageDecoder.decode(ImageFixtures.jpeg(Self.picture, progressive: true), name: "progressive.jpg")
        #expect(maxDifference(progressive.pixels, decoded.pixels) <= 1)
        let grey = try ImageDecoder.decode(ImageFixtures.jpeg(Self.picture, colour: .grey), name: "grey.jpg")
        let g = centre(grey, column: 0, row: 0)
        #expect(g[0] == g[1] && g[1] == g[2] && abs(Int(g[0]) - 230) <= 2 && g[3] == 255)
    }

    // MARK: - EXIF orientation

    /// Where the stored picture's first row and first column are shown, per
    /// orientation value, as the EXIF 2.32 specification's table says.
    static let exifTable: [Int: (row0: String, column0: String)] = [
        1: ("top", "left"), 2: ("top", "right"), 3: ("bottom", "right"), 4: ("bottom", "left"),
        5: ("left", "top"), 6: ("right", "top"), 7: ("right", "bottom"), 8: ("left", "bottom"),
    ]

    /// The stored picture that shows `Self.picture` when turned by `value`
    /// (each stored pixel placed as the table says, then read back).
    static func stored(for value: Int) -> Fixture {
        let (row0, column0) = exifTable[value]!
        let shown = picture
        let transposed = row0 == "left" || row0 == "right"
        let width = transposed ? shown.height : shown.width
        let height = transposed ? shown.width : shown.height
        var rgba = [UInt8](repeating: 0, count: shown.rgba.count)
        for sy in 0..<height {
            for sx in 0..<width {
                let dx, dy: Int
                if transposed {   // stored rows run down the shown picture's columns
                    dx = row0 == "left" ? sy : shown.width - 1 - sy
                    dy = column0 == "top" ? sx : shown.height - 1 - sx
                } else {
                    dy = row0 == "top" ? sy : shown.height - 1 - sy
                    dx = column0 == "left" ? sx : shown.width - 1 - sx
                }
                let s = (sy * width + sx) * 4, d = (dy * shown.width + dx) * 4
                rgba[s..<s + 4] = shown.rgba[d..<d + 4]
            }
        }
        return Fixture(width: width, height: height, rgba: rgba)
    }

    @Test(arguments: 1...8)
    func exifOrientationShowsThePictureUpright(value: Int) throws {
        let jpeg = ImageFixtures.jpeg(Self.stored(for: value))
        let tagged = ImageFixtures.inserting(marker: 0xE1, payload: ImageFixtures.exifOrientation(UInt16(value)), into: jpeg)
        let decoded = try ImageDecoder.decode(tagged, name: "turned.jpg")
        #expect(decoded.width == 48 && decoded.height == 32)
        for (i, colour) in Self.colours.enumerated() {
            #expect(near(centre(decoded, column: i % 3, row: i / 3), colour + [255], 2), "orientation \(value), block \(i)")
        }
    }

    @Test func exifOrientationReadsBothByteOrdersAndIgnoresNonsense() throws {
        let jpeg = ImageFixtures.jpeg(Self.stored(for: 6))
        let little = ImageFixtures.inserting(marker: 0xE1, payload: ImageFixtures.exifOrientation(6, bigEndian: false), into: jpeg)
        #expect(try ImageDecoder.decode(little, name: "ii.jpg").width == 48)
        // Values outside 1…8 and a broken EXIF block leave the pixels as stored.
        for payload in [ImageFixtures.exifOrientation(0), ImageFixtures.exifOrientation(9), Array("Exif".utf8) + [0, 0, 1, 2]] {
            let decoded = try ImageDecoder.decode(ImageFixtures.inserting(marker: 0xE1, payload: payload, into: jpeg), name: "odd.jpg")
            #expect(decoded.width == 32 && decoded.height == 48)
        }
    }

    // MARK: - Colour

    /// Display P3 samples and the sRGB values Little CMS 2.14 gives for them
    /// (perceptual intent, 8-bit). Red is outside sRGB and clips to its red;
    /// the in-gamut colours agree with the exact matrix conversion
    /// (P3 → XYZ → sRGB, both D65) to within 0.4: 161.80, 99.11, 38.30 and
    /// 214.90, 92.61, 151.91; grey stays grey.
    static let displayP3: [(p3: [UInt8], sRGB: [UInt8])] = [
        ([255, 0, 0], [255, 0, 0]),
        ([153, 102, 51], [162, 99, 38]),
        ([200, 100, 150], [215, 93, 152]),
        ([128, 128, 128], [128, 128, 128]),
    ]
    static let p3Picture = Fixture.blocks(displayP3.map(\.p3), columns: 4, block: 16)

    /// Checks the four blocks of a decoded `p3Picture` against `displayP3`.
    func expectSRGB(_ decoded: Bitmap, within tolerance: Int, _ what: String) {
        for (i, sample) in Self.displayP3.enumerated() {
            let found = centre(decoded, column: i, row: 0)
            #expect(near(found, sample.sRGB + [255], tolerance), "\(what): P3 \(sample.p3) gave \(found)")
        }
    }

    @Test func displayP3PNGIsConvertedToSRGB() throws {
        let p3 = Self.p3Picture
        let rows = (0..<p3.height).map { y in Array(p3.rgba[y * p3.width * 4..<(y + 1) * p3.width * 4]) }
        let iccp = Array("Display P3".utf8) + [0, 0] + PNGBuilder.zlibStored(ImageFixtures.displayP3)
        let tagged = PNGBuilder.png(width: p3.width, height: p3.height, bitDepth: 8, colorType: 6, before: [("iCCP", iccp)], rows: rows)
        expectSRGB(try ImageDecoder.decode(tagged, name: "p3.png"), within: 1, "PNG iCCP")
        // Untagged, the same samples are taken as sRGB, unchanged.
        let plain = PNGBuilder.png(width: p3.width, height: p3.height, bitDepth: 8, colorType: 6, rows: rows)
        #expect(try ImageDecoder.decode(plain, name: "plain.png").pixels == p3.rgba)
    }

    /// A profile that is sRGB but for rounding moves some values by one level
    /// when applied; the decoder leaves pixels tagged with it as they are
    /// (as Chromium does), so they match an untagged file's exactly.
    @Test func sRGBTaggedPNGDecodesAsUntagged() throws {
        // Row c ramps channel c up and the other two down.
        var rgba: [UInt8] = []
        for channel in 0..<3 {
            for v in 0...255 {
                for c in 0..<3 { rgba.append(c == channel ? UInt8(v) : UInt8(255 - v)) }
                rgba.append(255)
            }
        }
        let ramp = Fixture(width: 256, height: 3, rgba: rgba)
        let rows = (0..<3).map { y in Array(ramp.rgba[y * 1024..<(y + 1) * 1024]) }
        let moved = zip(ImageFixtures.convertedBylcms(ramp.rgba, from: ImageFixtures.nearlySRGB), ramp.rgba).filter { $0 != $1 }.count
        #expect(moved > 0)
        let iccp = Array("sRGB".utf8) + [0, 0] + PNGBuilder.zlibStored(ImageFixtures.nearlySRGB)
        let tagged = PNGBuilder.png(width: 256, height: 3, bitDepth: 8, colorType: 6, before: [("iCCP", iccp)], rows: rows)
        #expect(try ImageDecoder.decode(tagged, name: "srgb.png").pixels == ramp.rgba)
    }

    @Test func displayP3JPEGIsConvertedToSRGB() throws {
        let jpeg = ImageFixtures.jpeg(Self.p3Picture)
        let tagged = ImageFixtures.inserting(marker: 0xE2, payload: ImageFixtures.iccMarker(ImageFixtures.displayP3), into: jpeg)
        // JPEG's own rounding (±2 on flat blocks) plus the conversion's ±1.
        expectSRGB(try ImageDecoder.decode(tagged, name: "p3.jpg"), within: 3, "JPEG APP2")
        // A profile lcms cannot read is ignored, as browsers do: pixels as stored.
        let broken = ImageFixtures.inserting(marker: 0xE2, payload: ImageFixtures.iccMarker(Array(repeating: 7, count: 200)), into: jpeg)
        #expect(try ImageDecoder.decode(broken, name: "broken.jpg") == ImageDecoder.decode(jpeg, name: "plain.jpg"))
    }

    @Test func displayP3WebPIsConvertedToSRGB() throws {
        let p3 = Self.p3Picture
        let tagged = ImageFixtures.extendedWebP(ImageFixtures.webP(p3), width: p3.width, height: p3.height,
                                                flags: 0x20, chunks: [("ICCP", ImageFixtures.displayP3)])
        expectSRGB(try ImageDecoder.decode(tagged, name: "p3.webp"), within: 1, "WebP ICCP")
    }

    // MARK: - WebP alpha

    @Test func webPKeepsAlpha() throws {
        let translucent: [[UInt8]] = [[200, 100, 50, 255], [200, 100, 50, 128], [200, 100, 50, 64], [200, 100, 50, 0]]
        let image = Fixture.blocks(translucent, columns: 4, block: 16)
        /// Premultiplied as `Bitmap` keeps it: round(c × a / 255).
        func premultiplied(_ c: [UInt8]) -> [UInt8] {
            c.prefix(3).map { UInt8((Double(Int($0) * Int(c[3])) / 255).rounded()) } + [c[3]]
        }
        let lossless = try ImageDecoder.decode(ImageFixtures.webP(image), name: "alpha.webp")
        for (i, colour) in translucent.enumerated() {
            #expect(centre(lossless, column: i, row: 0) == premultiplied(colour), "lossless block \(i)")
        }
        // Lossy colour, but alpha is coded losslessly by default.
        let lossy = try ImageDecoder.decode(ImageFixtures.webP(image, lossless: false), name: "lossy.webp")
        for (i, colour) in translucent.enumerated() {
            let found = centre(lossy, column: i, row: 0)
            #expect(found[3] == colour[3] && near(found, premultiplied(colour), 6), "lossy block \(i): \(found)")
        }
    }

    // MARK: - HEIF and AVIF

    /// Debian 12's libheif 1.15 decodes HEVC with libde265 and AV1 with dav1d
    /// (or libaom), and encodes with x265 and libaom, which these fixtures need.
    @Test(.enabled(if: ImageFixtures.heifSupported(avif: false)))
    func heifDecodes() throws {
        try expectHEIFFamily(avif: false)
    }

    @Test(.enabled(if: ImageFixtures.heifSupported(avif: true)))
    func avifDecodes() throws {
        try expectHEIFFamily(avif: true)
    }

    func expectHEIFFamily(avif: Bool) throws {
        let format = avif ? "AVIF" : "HEIF"
        // Lossy at quality 90 with 4:2:0 chroma: flat blocks within 8.
        let decoded = try ImageDecoder.decode(ImageFixtures.heif(Self.picture, avif: avif), name: "blocks")
        #expect(decoded.width == 48 && decoded.height == 32 && decoded.isOpaque, "\(format)")
        for (i, colour) in Self.colours.enumerated() {
            let found = centre(decoded, column: i % 3, row: i / 3)
            #expect(near(found, colour + [255], 8), "\(format) block \(i): \(found)")
        }
        // Alpha: a coded auxiliary image, premultiplied on decoding.
        let halves = Fixture.blocks([[40, 200, 120, 255], [40, 200, 120, 128]], columns: 2, block: 16)
        let translucent = try ImageDecoder.decode(ImageFixtures.heif(halves, avif: avif), name: "alpha")
        let opaque = centre(translucent, column: 0, row: 0), half = centre(translucent, column: 1, row: 0)
        #expect(opaque[3] == 255 && abs(Int(half[3]) - 128) <= 2, "\(format) alpha: \(opaque) \(half)")
        #expect(near(half, [20, 100, 60, half[3]], 6), "\(format) premultiplied: \(half)")
        // Display P3 as an ICC profile, as an iPhone writes it, within 8.
        let p3ICC = try ImageFixtures.heif(Self.p3Picture, avif: avif, icc: ImageFixtures.displayP3)
        expectSRGB(try ImageDecoder.decode(p3ICC, name: "p3"), within: 8, "\(format) ICC")
        // And as nclx codes (primaries 12: SMPTE EG 432-1, transfer 13: sRGB)
        // in a `colr` box, which libheif 1.15 writes for AV1 only: for HEVC it
        // puts them in the bitstream, where its API does not show them.
        if avif {
            let p3Codes = try ImageFixtures.heif(Self.p3Picture, avif: avif, nclx: (12, 13))
            expectSRGB(try ImageDecoder.decode(p3Codes, name: "p3"), within: 8, "\(format) nclx")
        }
    }

    // MARK: - Unreadable files

    static let readable = "images must be PNG, JPEG, WebP, HEIF or AVIF"
    /// The smallest GIF: one white pixel.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 255, 255, 255, 0, 0, 0, 0x2C, 0, 0, 0, 0,
                                                       1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]

    @Test func unreadableFilesGiveExactMessages() throws {
        let jpeg = ImageFixtures.jpeg(Self.picture)
        let webP = ImageFixtures.webP(Self.picture, lossless: false)
        let png = try PNGCodec.encode(.solid(width: 64, height: 64, 9, 99, 199))
        var precision12 = jpeg
        let sof = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        precision12[sof + 4] = 12
        let animated = ImageFixtures.extendedWebP(ImageFixtures.webP(Self.picture), width: 48, height: 32, flags: 0x02,
                                                  chunks: [("ANIM", [0, 0, 0, 0, 0, 0])])
        let cases: [(name: String, bytes: [UInt8], message: String)] = [
            ("cut.jpg", Array(jpeg.prefix(jpeg.count / 2)), "cut.jpg is truncated: its JPEG data ends early"),
            ("header.jpg", Array(jpeg.prefix(120)), "header.jpg is truncated: its JPEG data ends early"),
            ("cut.webp", Array(webP.prefix(webP.count / 2)), "cut.webp is truncated: its WebP data ends early"),
            ("cut.png", Array(png.prefix(png.count - 20)), "cut.png is truncated: its PNG data ends early"),
            ("notes.jpg", Array("Buy milk.\nCall Ann.\n".utf8), "notes.jpg is a text file; \(Self.readable)"),
            ("pixel.gif", Self.gif, "pixel.gif is a GIF file; \(Self.readable)"),
            ("pixel.jpg", Self.gif, "pixel.jpg is a GIF file; \(Self.readable)"),
            ("logo.png", Array(#"<svg xmlns="http://www.w3.org/2000/svg"></svg>"#.utf8), "logo.png is an SVG file; \(Self.readable)"),
            ("empty.png", [], "empty.png is empty; \(Self.readable)"),
            ("noise.jpg", [0, 1, 2, 3, 4, 5, 6, 7, 8], "noise.jpg is not in an image format Reel knows; \(Self.readable)"),
            ("print.jpg", ImageFixtures.jpeg(Fixture.blocks([[0, 0, 0, 0]], columns: 1, block: 8), colour: .cmyk),
             "print.jpg is a CMYK JPEG file; JPEG images must be RGB or greyscale"),
            ("anim.webp", animated, "anim.webp is an animated WebP file; images must be still (a WebP of one frame)"),
            ("deep.jpg", precision12, "cannot decode deep.jpg, a JPEG file: Unsupported JPEG data precision 12"),
        ]
        for (name, bytes, message) in cases {
            let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(bytes, name: name) }
            #expect(error?.description == message)
        }
    }

    @Test(.enabled(if: ImageFixtures.heifSupported(avif: false) && ImageFixtures.heifSupported(avif: true)))
    func truncatedHEIFAndAVIF() throws {
        for avif in [false, true] {
            let file = try ImageFixtures.heif(Self.picture, avif: avif)
            let format = avif ? "AVIF" : "HEIF"
            // Cut inside the metadata box, and inside the coded image.
            for cut in [file.count * 2 / 3, file.count - 10] {
                let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(Array(file.prefix(cut)), name: "cut") }
                #expect(error?.description == "cut is truncated: its \(format) data ends early", "\(format) cut at \(cut) of \(file.count)")
            }
        }
    }

    /// The references of a HEIF file are read as libheif reads them, each
    /// from where the last ended, whatever size its header claims: a `dimg`
    /// claiming the rest of the `iref` box hid the `auxl` that closes a
    /// cycle (grid 2's alpha is grid 4, made of grid 2), and libheif then
    /// recursed through a thread a level, 32,000 threads deep.
    @Test func heifReferenceBoxClaimingTheRestHidACycle() throws {
        func box(_ type: String, _ body: [UInt8], size: UInt32? = nil) -> [UInt8] {
            let size = size ?? UInt32(8 + body.count)
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) } + Array(type.utf8) + body
        }
        func reference(_ type: String, from: UInt8, to: UInt8, size: UInt32? = nil) -> [UInt8] {
            box(type, [0, from, 0, 1, 0, to], size: size)
        }
        func file(firstSize: UInt32?) -> [UInt8] {
            let iref = box("iref", [0, 0, 0, 0] + reference("dimg", from: 2, to: 1, size: firstSize)
                + reference("dimg", from: 4, to: 2) + reference("auxl", from: 4, to: 2))
            return box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + box("meta", [0, 0, 0, 0] + iref)
        }
        #expect(HEIFReferences.haveCycle(file(firstSize: nil)))
        #expect(HEIFReferences.haveCycle(file(firstSize: 0xF50E)))
        let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(file(firstSize: 0xF50E), name: "grids.heic") }
        #expect(error?.description == "cannot decode grids.heic, a HEIF file: its images refer to each other in a cycle")
    }

    // MARK: - Limits

    /// Every decoder refuses a header over the pixel budget before it
    /// allocates pixels: 16,000² is within the per-side limit, 20,000 is not.
    @Test func everyDecoderHasThePixelBudget() throws {
        func tooLarge(_ bytes: [UInt8], _ name: String, _ side: Int) {
            #expect(throws: MediaError.imageTooLarge(name: name, width: side, height: side)) {
                try ImageDecoder.decode(bytes, name: name)
            }
        }
        let jpeg = ImageFixtures.jpeg(Self.picture)
        let sof = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        for side in [16_000, 20_000] {
            var huge = jpeg
            huge.replaceSubrange(sof + 5..<sof + 9, with: [UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF)])
            tooLarge(huge, "huge.jpg", side)
        }
        // VP8L header: after the 0x2F signature, width − 1 and height − 1 in 14 bits each.
        var webP = ImageFixtures.webP(Self.picture)
        let bits = UInt32(16_000 - 1) | UInt32(16_000 - 1) << 14
        webP.replaceSubrange(21..<25, with: [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF),
                                             UInt8(bits >> 24) | (webP[24] & 0xF0)])
        tooLarge(webP, "huge.webp", 16_000)
        if ImageFixtures.heifSupported(avif: true) {
            // Every `ispe` box (image size) claims 16,000 × 16,000.
            var avif = try ImageFixtures.heif(Self.picture, avif: true)
            for i in 0..<avif.count - 16 where avif[i..<i + 4].elementsEqual("ispe".utf8) {
                avif.replaceSubrange(i + 8..<i + 16, with: [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80])
            }
            tooLarge(avif, "huge.avif", 16_000)
        }
    }

    @Test func progressiveJPEGScansAreLimited() throws {
        let progressive = ImageFixtures.jpeg(Self.picture, progressive: true)
        #expect(throws: MediaError.invalidImage(name: "scans.jpg", format: .jpeg, reason: "more than 3 progressive scans")) {
            try JPEGDecoding.decode(progressive, name: "scans.jpg", maxScans: 3)
        }
        #expect(try JPEGDecoding.decode(progressive, name: "scans.jpg").width == 48)
    }
}
