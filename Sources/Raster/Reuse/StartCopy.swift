import Pixels

/// Copies of a frame's start (`FrameReuse`) limited to the box its items
/// drew: everywhere else the start is the frame's clear colour (the clear is
/// written before the start is kept), so that part is filled, not copied.
/// A thermometer or a title over a plain background then copies its few
/// drawn rows instead of the whole frame, twice.
enum StartCopy {
    /// Puts the kept start into `frame`: its `drawn` box from `start`, the rest `clear`.
    static func restore(_ start: Bitmap, into frame: inout Bitmap, drawn: PixelBox, clear: UInt32) {
        let width = frame.width, height = frame.height
        let box = drawn.intersection(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height))
        frame.pixels.withUnsafeMutableBytes { dstRaw in
            start.pixels.withUnsafeBytes { srcRaw in
                let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
                let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                guard !box.isEmpty else { return PixelFill.fill(dst, with: clear, count: width * height) }
                PixelFill.fill(dst, with: clear, count: box.minY * width + box.minX)
                for y in box.minY..<box.maxY {
                    let row = y * width
                    (dst + row + box.minX).update(from: src + row + box.minX, count: box.maxX - box.minX)
                    // From the box's right edge to its left edge on the next row.
                    let gap = y + 1 < box.maxY ? width - (box.maxX - box.minX) : width - box.maxX
                    PixelFill.fill(dst + row + box.maxX, with: clear, count: gap)
                }
                PixelFill.fill(dst + box.maxY * width, with: clear, count: (height - box.maxY) * width)
            }
        }
    }

    /// Copies the `drawn` box of `frame` into `start` (same size); what
    /// lies outside it is never read back.
    static func keep(_ frame: Bitmap, into start: inout Bitmap, drawn: PixelBox) {
        let width = frame.width
        let box = drawn.intersection(PixelBox(minX: 0, minY: 0, maxX: width, maxY: frame.height))
        guard !box.isEmpty else { return }
        start.pixels.withUnsafeMutableBytes { dstRaw in
            frame.pixels.withUnsafeBytes { srcRaw in
                let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
                let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                for y in box.minY..<box.maxY {
                    let row = y * width + box.minX
                    (dst + row).update(from: src + row, count: box.maxX - box.minX)
                }
            }
        }
    }
}
