import Pixels

/// Copies of a frame's start (`FrameReuse`) limited to the box its items
/// drew: everywhere else the start is the frame's clear colour (the clear is
/// written before the start is kept), so that part is filled, not copied.
/// A thermometer or a title over a plain background then copies its few
/// drawn rows instead of the whole frame, twice, and keeps no more memory
/// than they hold.
enum StartCopy {
    /// Puts the kept start into `frame`: its `drawn` box from `start` (the
    /// box's pixels, row after row), the rest `clear`.
    static func restore(_ start: [UInt32], into frame: inout Bitmap, drawn: PixelBox, clear: UInt32) {
        let width = frame.width, height = frame.height
        let box = within(frame, drawn), count = box.maxX - box.minX
        frame.pixels.withUnsafeMutableBytes { dstRaw in
            start.withUnsafeBufferPointer { src in
                let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
                guard !box.isEmpty else { return PixelFill.fill(dst, with: clear, count: width * height) }
                PixelFill.fill(dst, with: clear, count: box.minY * width + box.minX)
                for y in box.minY..<box.maxY {
                    let row = y * width
                    (dst + row + box.minX).update(from: src.baseAddress! + (y - box.minY) * count, count: count)
                    // From the box's right edge to its left edge on the next row.
                    let gap = y + 1 < box.maxY ? width - count : width - box.maxX
                    PixelFill.fill(dst + row + box.maxX, with: clear, count: gap)
                }
                PixelFill.fill(dst + box.maxY * width, with: clear, count: (height - box.maxY) * width)
            }
        }
    }

    /// The `drawn` box of `frame`, row after row; what lies outside it is
    /// never read back.
    static func keep(_ frame: Bitmap, drawn: PixelBox) -> [UInt32] {
        let width = frame.width, box = within(frame, drawn)
        guard !box.isEmpty else { return [] }
        let count = box.maxX - box.minX
        return frame.pixels.withUnsafeBytes { srcRaw in
            let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
            return [UInt32](unsafeUninitializedCapacity: count * (box.maxY - box.minY)) { dst, initialized in
                for y in box.minY..<box.maxY {
                    (dst.baseAddress! + (y - box.minY) * count).initialize(from: src + y * width + box.minX, count: count)
                }
                initialized = count * (box.maxY - box.minY)
            }
        }
    }

    private static func within(_ frame: Bitmap, _ drawn: PixelBox) -> PixelBox {
        drawn.intersection(PixelBox(minX: 0, minY: 0, maxX: frame.width, maxY: frame.height))
    }
}
