/// The block structure of a GIF file, parsed independently of FFmpeg: what
/// a browser reads for size, palette, looping and per-frame timing.
/// (Pixel data is skipped; `VideoProbe` decodes it.)
struct GIFStructure {
    struct Failure: Error, CustomStringConvertible { let description: String }

    struct Frame {
        /// Delay after this frame, in centiseconds.
        var delay = 0
        /// 0 unspecified, 1 keep, 2 restore to background, 3 restore to previous.
        var disposal = 0
        /// The transparent palette index, when the frame has one.
        var transparentIndex: Int?
        var left = 0, top = 0, width = 0, height = 0
        var hasLocalPalette = false
    }

    let version: String
    let width: Int
    let height: Int
    /// Entries in the global colour table (0 when there is none).
    let globalPaletteSize: Int
    /// The NETSCAPE2.0 loop count (0 = forever); nil when the block is absent.
    let loopCount: Int?
    let frames: [Frame]
    /// The sum of all frame delays, in seconds.
    var duration: Double { Double(frames.reduce(0) { $0 + $1.delay }) / 100 }

    init(_ bytes: [UInt8]) throws {
        var offset = 0
        func byte() throws -> Int {
            guard offset < bytes.count else { throw Failure(description: "truncated at \(offset)") }
            defer { offset += 1 }
            return Int(bytes[offset])
        }
        func le16() throws -> Int { try byte() | (try byte() << 8) }
        func skipSubBlocks() throws -> [[UInt8]] {
            var blocks: [[UInt8]] = []
            while true {
                let size = try byte()
                if size == 0 { return blocks }
                guard offset + size <= bytes.count else { throw Failure(description: "truncated sub-block") }
                blocks.append(Array(bytes[offset..<offset + size]))
                offset += size
            }
        }

        guard bytes.count >= 13, bytes[0..<3] == [0x47, 0x49, 0x46] else { throw Failure(description: "not a GIF") }
        version = String(decoding: bytes[3..<6], as: UTF8.self)
        offset = 6
        width = try le16()
        height = try le16()
        let flags = try byte()
        _ = try byte()   // background colour index
        _ = try byte()   // pixel aspect
        globalPaletteSize = flags & 0x80 != 0 ? 1 << ((flags & 7) + 1) : 0
        offset += globalPaletteSize * 3

        var loop: Int?
        var frames: [Frame] = []
        var pending = Frame()
        parsing: while true {
            switch try byte() {
            case 0x21:
                let label = try byte()
                let blocks = try skipSubBlocks()
                if label == 0xF9, let gce = blocks.first, gce.count == 4 {
                    pending.disposal = Int(gce[0] >> 2) & 7
                    pending.delay = Int(gce[1]) | Int(gce[2]) << 8
                    pending.transparentIndex = gce[0] & 1 != 0 ? Int(gce[3]) : nil
                } else if label == 0xFF, blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8),
                          blocks[1].count == 3, blocks[1][0] == 1 {
                    loop = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                }
            case 0x2C:
                pending.left = try le16()
                pending.top = try le16()
                pending.width = try le16()
                pending.height = try le16()
                let imageFlags = try byte()
                pending.hasLocalPalette = imageFlags & 0x80 != 0
                if pending.hasLocalPalette { offset += 3 << ((imageFlags & 7) + 1) }
                _ = try byte()   // LZW minimum code size
                _ = try skipSubBlocks()
                frames.append(pending)
                pending = Frame()
            case 0x3B:
                break parsing
            case let other:
                throw Failure(description: "unexpected block 0x\(String(other, radix: 16)) at \(offset - 1)")
            }
        }
        loopCount = loop
        self.frames = frames
    }
}
