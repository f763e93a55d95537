import CExif

/// How stored pixels are turned for display: the EXIF/TIFF Orientation tag
/// (values 1–8), which cameras write instead of rotating the pixels. Browsers
/// apply it to JPEGs (CSS `image-orientation: from-image`), and so does Reel.
enum ImageOrientation: Int, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned a quarter turn clockwise (a phone held upright).
    case right = 6
    /// 7: mirrored across the other diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned a quarter turn anticlockwise.
    case left = 8

    /// The Orientation tag of IFD0 in an EXIF block (a JPEG's APP1 payload,
    /// from its "Exif\0\0" header on), read with libexif; `.up` when the
    /// block, the tag or its value is missing or unusable, as in browsers.
    init(exif: UnsafeRawBufferPointer) {
        self = .up
        guard let base = exif.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let data = exif_data_new_from_data(base, UInt32(exif.count)) else { return }
        defer { exif_data_unref(data) }
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, entry.pointee.size >= 2,
              let value = entry.pointee.data else { return }
        self = ImageOrientation(rawValue: Int(exif_get_short(value, exif_data_get_byte_order(data)))) ?? .up
    }

    /// Whether width and height trade places.
    var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel shown at (x, y) of the displayed image, for a stored
    /// image of `width × height`.
    func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (width - 1 - x, y)
        case .down: return (width - 1 - x, height - 1 - y)
        case .downMirrored: return (x, height - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, height - 1 - x)
        case .rightMirrored: return (width - 1 - y, height - 1 - x)
        case .left: return (width - 1 - y, x)
        }
    }

    /// Stored RGBA8 pixels of `width × height` → displayed pixels and size.
    func apply(to pixels: [UInt8], width: Int, height: Int) -> (pixels: [UInt8], size: (width: Int, height: Int)) {
        guard self != .up else { return (pixels, (width, height)) }
        let size = swapsSides ? (width: height, height: width) : (width: width, height: height)
        var turned = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeBytes { raw in
            let stored = raw.bindMemory(to: UInt32.self)
            turned.withUnsafeMutableBufferPointer { out in
                for y in 0..<size.height {
                    for x in 0..<size.width {
                        let s = source(x: x, y: y, width: width, height: height)
                        out[y * size.width + x] = stored[s.y * width + s.x]
                    }
                }
            }
        }
        return (turned.withUnsafeBytes { Array($0) }, size)
    }
}
