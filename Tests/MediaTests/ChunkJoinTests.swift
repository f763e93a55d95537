import Foundation
import Media
import Pixels
import Testing

/// Frame i of a test clip: a bar moving over a smooth gradient, so P and B
/// frames carry real motion (smooth like rendered motion graphics: the
/// 45 dB bound between two encodings is for such content, not for noise).
private func movingFrame(_ i: Int, width: Int = 64, height: Int = 48) -> Bitmap {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let p = (y * width + x) * 4
            let bar = abs(x - 8 - i) < 6
            pixels[p] = bar ? 250 : UInt8(x * 2)
            pixels[p + 1] = bar ? 240 : UInt8(y * 3)
            pixels[p + 2] = bar ? 20 : UInt8(100 + (x + y) / 2)
        }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
}

private let total = 40, gop = 10

private func tag(part: Int, parts: Int = 3, first: Int, count: Int, scene: String = "s1",
                 settings: String = "mp4 crf20 gop10") -> ChunkTag {
    ChunkTag(part: part, parts: parts, first: first, count: count, total: total,
             scene: scene, parameters: "frames=all", settings: settings)
}

/// Writes frames `range` of the clip as one MP4 with `tag`.
private func writeChunk(_ path: String, _ range: Range<Int>, tag: ChunkTag?, crf: Int = 20,
                        format: OutputFormat = .mp4) throws {
    let writer = try makeWriter(path: path, width: 64, height: 48, fps: 30, crf: crf, format: format,
                                gop: gop, tags: tag.map { [$0.pair] } ?? [])
    for i in range { try writer.write(movingFrame(i)) }
    try writer.finish()
}

/// The three chunks of the clip (20 + 10 + 10 frames) in `folder`.
private func writeChunks(_ folder: ScratchFolder, format: OutputFormat = .mp4) throws -> [String] {
    let ranges = [0..<20, 20..<30, 30..<40]
    return try ranges.enumerated().map { k, range in
        let path = folder.file(ChunkJoin.fileName(name: "clip", part: k, of: 3, format: format))
        try writeChunk(path, range, tag: tag(part: k, first: range.lowerBound, count: range.count), format: format)
        return path
    }
}

@Suite struct ChunkJoinTests {
    @Test func keyframesSitExactlyEveryGOP() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try writeChunk(folder.file("whole.mp4"), 0..<total, tag: nil)
        let packets = try PacketList(path: folder.file("whole.mp4"))
        #expect(packets.keyframes == [0, 10, 20, 30])
    }

    @Test func joinedChunksMatchTheOneProcessVideo() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try writeChunk(folder.file("whole.mp4"), 0..<total, tag: nil)
        let parts = try writeChunks(folder)
        #expect(try ChunkJoin.parts(inFolder: folder.path) == parts)
        let summary = try ChunkJoin.join(parts, to: folder.file("joined.mp4"))
        #expect(summary.frames == total && summary.parts == 3)

        let whole = try VideoProbe(path: folder.file("whole.mp4")), joined = try VideoProbe(path: folder.file("joined.mp4"))
        #expect(joined.frameCount == total)
        #expect(joined.duration == whole.duration)
        #expect(try PacketList(path: folder.file("joined.mp4")).packets.map(\.time)
                == PacketList(path: folder.file("whole.mp4")).packets.map(\.time))
        #expect(try PacketList(path: folder.file("joined.mp4")).keyframes == [0, 10, 20, 30])
        // Stream copy: the joined video decodes to exactly the chunks' frames.
        // (That they are the 1-process file's frames is tested through `reel`,
        // which fixes the content of reused memory — see MemoryReuse; x264 in
        // this test process, beside the other tests' encoders, may vary.)
        let chunkFrames = try parts.flatMap { try VideoProbe(path: $0).frames }
        #expect(joined.frames == chunkFrames)
        let boxes = VideoProbe.topLevelBoxes(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("joined.mp4")))))
        #expect(boxes.firstIndex(of: "moov")! < boxes.firstIndex(of: "mdat")!, "\(boxes)")
        try ChunkJoin.join(parts, to: folder.file("again.mp4"))
        #expect(FileManager.default.contentsEqual(atPath: folder.file("joined.mp4"), andPath: folder.file("again.mp4")))
    }

    /// Regression: the joined MP4's `btrt` box (buffer size, peak and
    /// average bit rate) said the first part's average bit rate was the
    /// peak — the demuxer puts each part's average on its stream parameters,
    /// and the join copied them — so a join's bytes depended on how the first
    /// chunk compressed, not only on the joined stream, and differed from
    /// the 1-process video's box (which has no peak: CRF).
    @Test func joinedBitRateBoxDescribesTheJoinedStreamNotTheFirstPart() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        // A first part of noise (costly to code) before smooth motion: its
        // average bit rate is well above the whole video's.
        var noise: UInt32 = 15
        let first = folder.file(ChunkJoin.fileName(name: "clip", part: 0, of: 2, format: .mp4))
        let writer = try makeWriter(path: first, width: 64, height: 48, fps: 30, crf: 20, format: .mp4, gop: gop,
                                    tags: [tag(part: 0, parts: 2, first: 0, count: gop).pair])
        for _ in 0..<gop {
            try writer.write(Bitmap(width: 64, height: 48, pixels: (0..<64 * 48 * 4).map { _ in
                noise = noise &* 1_664_525 &+ 1_013_904_223   // a linear congruential generator
                return UInt8(noise >> 24)
            }))
        }
        try writer.finish()
        let rest = folder.file(ChunkJoin.fileName(name: "clip", part: 1, of: 2, format: .mp4))
        try writeChunk(rest, gop..<total, tag: tag(part: 1, parts: 2, first: gop, count: total - gop))
        try ChunkJoin.join([first, rest], to: folder.file("joined.mp4"))

        let part = try bitRateBox(first), joined = try bitRateBox(folder.file("joined.mp4"))
        #expect(part.average > joined.average, "\(part) \(joined)")
        #expect(joined.peak == joined.average && joined.buffer == 0, "\(joined) (first part: \(part))")
        let bytes = try PacketList(path: folder.file("joined.mp4")).packets.reduce(0) { $0 + $1.size }
        #expect(joined.average == bytes * 8 * 30 / total, "\(joined): \(bytes) bytes in \(total) frames at 30 fps")
    }

    @Test(arguments: [OutputFormat.mov, .webm])
    func otherContainersJoinToo(format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let parts = try writeChunks(folder, format: format)
        let output = folder.file("joined.\(format.rawValue)")
        try ChunkJoin.join(parts, to: output)
        let probe = try VideoProbe(path: output)
        #expect(probe.frameCount == total)
        #expect(abs(probe.duration - Double(total) / 30) < 0.002)
        #expect(probe.frames == (try parts.flatMap { try VideoProbe(path: $0).frames }))
    }

    /// Each refusal, by its exact message; none leaves an output.
    @Test func mismatchedPartsAreRefusedWithTheirMessage() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let parts = try writeChunks(folder)
        let f = folder.path
        func refusal(_ paths: [String]) -> String {
            do {
                try ChunkJoin.join(paths, to: folder.file("out.mp4"))
                return "joined"
            } catch {
                return "\(error)"
            }
        }
        try writeChunk(folder.file("other-scene.mp4"), 20..<30, tag: tag(part: 1, first: 20, count: 10, scene: "s2"))
        try writeChunk(folder.file("other-crf.mp4"), 20..<30, tag: tag(part: 1, first: 20, count: 10, settings: "mp4 crf30 gop10"), crf: 30)
        try writeChunk(folder.file("overlap.mp4"), 15..<30, tag: tag(part: 1, first: 15, count: 15))
        try writeChunk(folder.file("plain.mp4"), 20..<30, tag: nil)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: parts[1]))
        try bytes.prefix(bytes.count - 200).write(to: URL(fileURLWithPath: folder.file("cut.mp4")))
        try bytes.prefix(600).write(to: URL(fileURLWithPath: folder.file("cut-index.mp4")))

        #expect(refusal([parts[0], folder.file("other-scene.mp4"), parts[2]])
                == "cannot join \(f)/other-scene.mp4: it is a chunk of another scene than \(parts[0])")
        #expect(refusal([parts[0], folder.file("other-crf.mp4"), parts[2]])
                == "cannot join \(f)/other-crf.mp4: it was encoded with mp4 crf30 gop10, \(parts[0]) with mp4 crf20 gop10")
        #expect(refusal([parts[0], parts[2]]) == "cannot join: chunk 1 of 0-2 is missing")
        #expect(refusal([parts[0], parts[1], parts[1], parts[2]])
                == "cannot join: chunk 1 is given twice (\(parts[1]) and \(parts[1]))")
        #expect(refusal([parts[0], folder.file("overlap.mp4"), parts[2]])
                == "cannot join \(f)/overlap.mp4: its frames 15-29 overlap frames 0-19 of \(parts[0])")
        #expect(refusal([parts[0], folder.file("plain.mp4"), parts[2]])
                == "cannot join \(f)/plain.mp4: not a chunk of a Reel render (it has no reel_chunk tag)")
        #expect(refusal([parts[0], folder.file("cut.mp4"), parts[2]])
                == "cannot join \(f)/cut.mp4: it is truncated (4 of 10 frames readable)")
        #expect(refusal([parts[0], folder.file("cut-index.mp4"), parts[2]])
                == "cannot join \(f)/cut-index.mp4: it is truncated (its index cannot be read: End of file)")
        #expect(refusal([parts[0], parts[1], folder.file("clip.gif")])
                == "cannot join \(f)/clip.gif: GIF is not supported for chunks; use mp4, mov or webm")
        #expect(!folder.exists("out.mp4"))
        #expect(try folder.entries().filter { $0.contains("partial") }.isEmpty)
    }
}

/// The `btrt` box of the MP4 at `path`: decoding buffer size, peak and
/// average bit rate (ISO/IEC 14496-12 8.5.2), the first one in the file.
private func bitRateBox(_ path: String) throws -> (buffer: Int, peak: Int, average: Int) {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let name = Array("btrt".utf8)
    guard let at = (0..<bytes.count - 16).first(where: { Array(bytes[$0..<$0 + 4]) == name }) else {
        throw VideoProbe.Failure(description: "\(path): no btrt box")
    }
    func field(_ k: Int) -> Int { bytes[at + 4 + 4 * k..<at + 8 + 4 * k].reduce(0) { $0 << 8 | Int($1) } }
    return (field(0), field(1), field(2))
}
