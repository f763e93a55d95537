import CWebP

/// WebP (lossy, lossless, with or without alpha) with libwebp, and its ICC
/// profile (the ICCP chunk) with libwebp's demuxer. A WebP of several
/// frames is refused: scene images are still.
enum WebPDecoding {
    static func decode(_ bytes: [UInt8], name: String) throws -> DecodedImage {
        try bytes.withUnsafeBufferPointer { data in
            var features = WebPBitstreamFeatures()
            try check(WebPGetFeatures(data.baseAddress, data.count, &features), name: name)
            if features.has_animation != 0 { throw MediaError.unsupportedImage(name: name, content: .animatedWebP) }
            let width = Int(features.width), height = Int(features.height)
            try ImageDecoder.checkSize(width: width, height: height, name: name)

            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else {
                throw MediaError.invalidImage(name: name, format: .webP, reason: "libwebp version mismatch")
            }
            let status = pixels.withUnsafeMutableBufferPointer { out in
                config.output.colorspace = MODE_RGBA   // straight alpha
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = out.baseAddress
                config.output.u.RGBA.stride = Int32(width * 4)
                config.output.u.RGBA.size = out.count
                return WebPDecode(data.baseAddress, data.count, &config)
            }
            WebPFreeDecBuffer(&config.output)
            try check(status, name: name)
            return DecodedImage(width: width, height: height, pixels: pixels,
                                colour: iccProfile(data).map { .icc($0) } ?? .sRGB)
        }
    }

    /// The ICCP chunk of an extended (VP8X) file, if any.
    private static func iccProfile(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var webP = WebPData(bytes: data.baseAddress, size: data.count)
        guard let demux = WebPDemux(&webP) else { return nil }
        defer { WebPDemuxDelete(demux) }
        guard WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG.rawValue != 0 else { return nil }
        var chunk = WebPChunkIterator()
        guard WebPDemuxGetChunk(demux, "ICCP", 1, &chunk) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&chunk) }
        return Array(UnsafeBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size))
    }

    private static func check(_ status: VP8StatusCode, name: String) throws {
        switch status {
        case VP8_STATUS_OK: return
        case VP8_STATUS_NOT_ENOUGH_DATA: throw MediaError.truncatedImage(name: name, format: .webP)
        case VP8_STATUS_OUT_OF_MEMORY: throw MediaError.invalidImage(name: name, format: .webP, reason: "out of memory")
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw MediaError.invalidImage(name: name, format: .webP, reason: "unsupported feature")
        default: throw MediaError.invalidImage(name: name, format: .webP, reason: "bitstream error")
        }
    }
}
