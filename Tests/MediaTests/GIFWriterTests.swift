import Foundation
import Media
import Pixels
import Testing

/// A frame whose colour varies smoothly in both directions: 64 × 48 = 3072
/// distinct colours, far more than a GIF palette holds. `shift` moves it.
private func gradient(shift: Int = 0, width: Int = 64, height: Int = 48) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let r = UInt8((x + shift) % width * 255 / (width - 1))
            let g = UInt8(y * 255 / (height - 1))
            let b = UInt8(255 - Int(r) / 2)
            bitmap.pixels.replaceSubrange(i..<i + 4, with: [r, g, b, 255])
        }
    }
    return bitmap
}

private func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

@Suite struct GIFWriterTests {
    @Test func structureTimingAndLoop() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("clip.gif")
        // 30 fps: 3.33 cs per frame, so delays must alternate to keep time.
        let writer = try GIFWriter(path: path, width: 64, height: 48, fps: 30)
        for i in 0..<20 { try writer.write(gradient(shift: i)) }
        try writer.finish()

        let gif = try GIFStructure(bytes(path))
        #expect(gif.version == "89a")
        #expect(gif.width == 64 && gif.height == 48)
        #expect(gif.globalPaletteSize == 256)
        #expect(gif.loopCount == 0)
        #expect(gif.frames.count == 20)
        // FFmpeg's encoder gives the first frame a (shrunk) local copy of the palette.
        #expect(gif.frames.dropFirst().allSatisfy { !$0.hasLocalPalette })
        #expect(gif.frames.allSatisfy { $0.delay == 3 || $0.delay == 4 }, "\(gif.frames.map(\.delay))")
        // Frame n starts at round(n × 100 / 30) cs; 20 frames end at 67 cs.
        #expect(gif.frames.map(\.delay).reduce(0, +) == 67)
        for n in 1...20 {
            let start = gif.frames.prefix(n).map(\.delay).reduce(0, +)
            #expect(start == Int((Double(n) * 100 / 30).rounded()), "frame \(n)")
        }

        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.codecName == "gif")
        #expect(probe.frameCount == 20)
        #expect(probe.width == 64 && probe.height == 48)
    }

    @Test func paletteHoldsAtMost256ColoursAndDitheringKeepsAverages() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("gradient.gif")
        let writer = try GIFWriter(path: path, width: 64, height: 48, fps: 25)
        for i in 0..<20 { try writer.write(gradient(shift: i)) }
        try writer.finish()

        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.frameCount == 20)
        for index in [0, 7, 19] {
            let source = gradient(shift: index)
            var colours = Set<UInt32>()
            var worst = 0
            for y in 0..<48 {
                for x in 0..<64 {
                    let p = probe.rgba(frame: index, x: x, y: y)
                    colours.insert(UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3]))
                    #expect(p[3] == 255)
                    _ = source
                }
            }
            // Dithering trades per-pixel error for correct local averages:
            // compare 8 × 8 block means with the source's.
            for by in stride(from: 0, to: 48, by: 8) {
                for bx in stride(from: 0, to: 64, by: 8) {
                    var sums = [0, 0, 0], expected = [0, 0, 0]
                    for y in by..<by + 8 {
                        for x in bx..<bx + 8 {
                            let p = probe.rgba(frame: index, x: x, y: y)
                            let s = source.pixel(x: x, y: y)
                            for c in 0..<3 { sums[c] += Int(p[c]) }
                            expected[0] += Int(s.r); expected[1] += Int(s.g); expected[2] += Int(s.b)
                        }
                    }
                    worst = max(worst, (0..<3).map { abs(sums[$0] - expected[$0]) / 64 }.max()!)
                }
            }
            #expect(colours.count <= 256, "frame \(index): \(colours.count) colours")
            #expect(colours.count > 64, "frame \(index): only \(colours.count) colours")
            #expect(worst <= 6, "frame \(index): block means off by up to \(worst)")
        }
    }

    @Test func flatColoursComeBackExactly() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("flat.gif")
        let writer = try GIFWriter(path: path, width: 64, height: 48, fps: 10)
        let colours: [[UInt8]] = [[255, 0, 0], [0, 128, 255], [17, 34, 51], [250, 250, 250]]
        for colour in colours {
            for _ in 0..<3 { try writer.write(.solid(width: 64, height: 48, colour[0], colour[1], colour[2])) }
        }
        try writer.finish()
        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.frameCount == 12)
        for (n, colour) in colours.enumerated() {
            for (x, y) in [(0, 0), (63, 47), (31, 20)] {
                let pixel = probe.rgba(frame: n * 3 + 1, x: x, y: y)
                #expect(maxDifference(pixel, colour + [255]) <= 1, "frame \(n * 3 + 1) (\(x), \(y)): \(pixel)")
            }
        }
    }

    @Test func transparencyRoundTrip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("alpha.gif")
        try AlphaClip.write(to: GIFWriter(path: path, width: AlphaClip.width, height: AlphaClip.height, fps: 24))

        let gif = try GIFStructure(bytes(path))
        #expect(gif.frames.count == AlphaClip.frameCount)
        // Every frame is cleared to transparent before the next, so no
        // transparent pixel can show an earlier frame.
        #expect(gif.frames.allSatisfy { $0.disposal == 2 }, "\(gif.frames.map(\.disposal))")
        #expect(gif.frames.allSatisfy { $0.transparentIndex != nil })
        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.frameCount == AlphaClip.frameCount)
        for index in AlphaClip.sampleFrames {
            for (x, y) in AlphaClip.points {
                let pixel = probe.rgba(frame: index, x: x, y: y)
                // GIF alpha is on/off at 128: 50 % → opaque, 25 % → transparent.
                let straight = AlphaClip.straight(index, x: x, y: y)
                if straight[3] >= 128 {
                    #expect(maxDifference(pixel, Array(straight[0..<3]) + [255]) <= 1,
                            "frame \(index) (\(x), \(y)): \(pixel)")
                } else {
                    #expect(pixel[3] == 0, "frame \(index) (\(x), \(y)): \(pixel)")
                }
            }
        }
    }

    @Test func alphaThresholdIs128() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("threshold.gif")
        // Left half alpha 127, right half alpha 128 (premultiplied white).
        var frame = Bitmap(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let a: UInt8 = x < 32 ? 127 : 128
                frame.pixels.replaceSubrange((y * 64 + x) * 4..<(y * 64 + x) * 4 + 4, with: [a, a, a, a])
            }
        }
        let writer = try GIFWriter(path: path, width: 64, height: 48, fps: 10)
        try writer.write(frame)
        try writer.write(.solid(width: 64, height: 48, 0, 0, 255))
        try writer.write(frame)
        try writer.finish()
        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.frameCount == 3)
        for index in [0, 2] {
            #expect(probe.rgba(frame: index, x: 10, y: 10)[3] == 0)
            #expect(probe.rgba(frame: index, x: 50, y: 10) == [255, 255, 255, 255])
        }
        #expect(probe.rgba(frame: 1, x: 10, y: 10) == [0, 0, 255, 255])
    }

    @Test func sameFramesGiveIdenticalBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["a.gif", "b.gif"] {
            let writer = try GIFWriter(path: folder.file(name), width: 64, height: 48, fps: 25)
            for i in 0..<20 { try writer.write(gradient(shift: i)) }
            try writer.finish()
        }
        for name in ["c.gif", "d.gif"] {
            try AlphaClip.write(to: GIFWriter(path: folder.file(name), width: 64, height: 48, fps: 25))
        }
        let (a, b) = (try bytes(folder.file("a.gif")), try bytes(folder.file("b.gif")))
        let (c, d) = (try bytes(folder.file("c.gif")), try bytes(folder.file("d.gif")))
        #expect(!a.isEmpty && !c.isEmpty)
        #expect(a == b)
        #expect(c == d)
    }

    @Test func settingsAreCheckedBeforeAnyFileExists() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("bad.gif")
        let error = #expect(throws: MediaError.self) { try GIFWriter(path: path, width: 64, height: 48, fps: 60) }
        #expect(error?.description.contains("at most 50") == true)
        #expect(throws: MediaError.self) { try GIFWriter(path: path, width: 70000, height: 48, fps: 10) }
        #expect(try folder.entries() == [])
    }
}
