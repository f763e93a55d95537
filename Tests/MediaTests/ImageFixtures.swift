import CHeif
import CJPEG
import CLittleCMS
import CWebP
import Foundation

/// Image files made at test time with the formats' own encoders (libjpeg,
/// libwebp, libheif) and Little CMS, and the metadata the decoders read
/// (EXIF orientation, ICC profiles) spliced in by hand as the formats
/// specify. Pixels are straight RGBA8 rows, top to bottom.
enum ImageFixtures {
    /// An image in memory: `width × height × 4` bytes of straight RGBA8.
    struct Pixels {
        var width: Int
        var height: Int
        var rgba: [UInt8]

        /// Blocks of solid colour, `block` pixels square, `colours` row by row
        /// (`columns` blocks across): flat areas survive lossy coding nearly
        /// unchanged at their centres.
        static func blocks(_ colours: [[UInt8]], columns: Int, block: Int) -> Pixels {
            let rows = colours.count / columns
            var rgba: [UInt8] = []
            for y in 0..<rows * block {
                for x in 0..<columns * block {
                    let c = colours[(y / block) * columns + x / block]
                    rgba += c.count == 4 ? c : c + [255]
                }
            }
            return Pixels(width: columns * block, height: rows * block, rgba: rgba)
        }
    }

    // MARK: - JPEG

    enum JPEGColour { case rgb, grey, cmyk }

    /// A baseline (or progressive) JPEG at `quality`: RGB with
    /// full-resolution chroma (4:4:4), greyscale from the red channel, or
    /// CMYK from the four bytes of each pixel.
    static func jpeg(_ image: Pixels, quality: Int32 = 100, progressive: Bool = false, colour: JPEGColour = .rgb) -> [UInt8] {
        let info = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
        let errors = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        defer { info.deallocate(); errors.deallocate() }
        info.initialize(to: jpeg_compress_struct())
        errors.initialize(to: jpeg_error_mgr())
        info.pointee.err = jpeg_std_error(errors)
        jpeg_CreateCompress(info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        jpeg_mem_dest(info, &output, &size)
        info.pointee.image_width = JDIMENSION(image.width)
        info.pointee.image_height = JDIMENSION(image.height)
        let components = colour == .grey ? 1 : colour == .rgb ? 3 : 4
        info.pointee.input_components = Int32(components)
        info.pointee.in_color_space = colour == .grey ? JCS_GRAYSCALE : colour == .rgb ? JCS_RGB : JCS_CMYK
        jpeg_set_defaults(info)
        jpeg_set_quality(info, quality, 1)
        if colour == .rgb { info.pointee.comp_info[0].h_samp_factor = 1; info.pointee.comp_info[0].v_samp_factor = 1 }
        if progressive { jpeg_simple_progression(info) }
        jpeg_start_compress(info, 1)
        var row = [UInt8](repeating: 0, count: image.width * components)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = (y * image.width + x) * 4
                row[x * components..<(x + 1) * components] = image.rgba[p..<p + components]
            }
            row.withUnsafeMutableBufferPointer { buffer in
                var pointer: JSAMPROW? = buffer.baseAddress
                _ = jpeg_write_scanlines(info, &pointer, 1)
            }
        }
        jpeg_finish_compress(info)
        jpeg_destroy_compress(info)
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with a marker segment (e.g. APP1, APP2) inserted after SOI.
    static func inserting(marker: UInt8, payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    /// An APP1 EXIF payload whose IFD0 holds one entry, Orientation = `value`,
    /// in big-endian ("MM") or little-endian ("II") TIFF.
    static func exifOrientation(_ value: UInt16, bigEndian: Bool = true) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { bigEndian ? (0..<4).map { UInt8(v >> (24 - 8 * $0) & 0xFF) } : (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        let tiff = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
            + u16(1)                                              // one entry
            + u16(0x0112) + u16(3) + u32(1) + u16(value) + u16(0)  // Orientation, SHORT, 1 value
            + u32(0)                                              // no next IFD
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    /// An APP2 ICC payload holding a whole profile (one of one chunk).
    static func iccMarker(_ profile: [UInt8]) -> [UInt8] {
        Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
    }

    // MARK: - ICC

    /// Display P3 as Apple's profile defines it: P3 primaries, D65 white and
    /// sRGB's curve, written by Little CMS as an ICC v4 profile.
    static let displayP3 = rgbProfile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))

    /// sRGB with its red primary 0.0005 off in x, as rounded colorants leave
    /// many sRGB profiles in the wild: converting through it moves about 1 %
    /// of all values by one level.
    static let nearlySRGB = rgbProfile(red: (0.6405, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06))

    /// An RGB profile with D65 white, the given primaries and sRGB's curve
    /// (lcms parametric type 4).
    static func rgbProfile(red: (Double, Double), green: (Double, Double), blue: (Double, Double)) -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.0, y: red.1, Y: 1),
                                        Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
                                        Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, parameters)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&white, &primaries, &curves)
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &bytes, &size)
        return bytes
    }

    /// `rgba` converted from `profile` to sRGB by Little CMS directly
    /// (perceptual, 8-bit), for comparison with the decoder's result.
    static func convertedBylcms(_ rgba: [UInt8], from profile: [UInt8]) -> [UInt8] {
        let source = cmsOpenProfileFromMem(profile, cmsUInt32Number(profile.count))
        let sRGB = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(source); cmsCloseProfile(sRGB) }
        let transform = cmsCreateTransform(source, reel_cms_rgba_8, sRGB, reel_cms_rgba_8, 0, cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
        defer { cmsDeleteTransform(transform) }
        var out = rgba
        cmsDoTransform(transform, rgba, &out, cmsUInt32Number(rgba.count / 4))
        return out
    }

    // MARK: - WebP

    /// A lossless WebP (exact pixels and alpha) or a lossy one at `quality`.
    static func webP(_ image: Pixels, lossless: Bool = true, quality: Float = 90) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = lossless
            ? WebPEncodeLosslessRGBA(image.rgba, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
            : WebPEncodeRGBA(image.rgba, Int32(image.width), Int32(image.height), Int32(image.width * 4), quality, &output)
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A simple-format WebP rewritten in the extended format: a VP8X chunk
    /// with `flags`, then `chunks` (e.g. ICCP), then the image chunk.
    static func extendedWebP(_ simple: [UInt8], width: Int, height: Int, flags: UInt8, chunks: [(String, [UInt8])]) -> [UInt8] {
        func le(_ v: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(v >> (8 * $0) & 0xFF) } }
        func chunk(_ tag: String, _ data: [UInt8]) -> [UInt8] {
            Array(tag.utf8) + le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }
        var body = Array("WEBP".utf8) + chunk("VP8X", [flags, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
        for (tag, data) in chunks { body += chunk(tag, data) }
        body += simple[12...]
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    // MARK: - HEIF and AVIF

    /// A HEIF (HEVC, x265) or AVIF (AV1, libaom) file, lossy at `quality`,
    /// with an alpha plane when any pixel is translucent, and an ICC profile
    /// or nclx colour codes when given.
    static func heif(_ image: Pixels, avif: Bool, quality: Int32 = 90, icc: [UInt8]? = nil,
                     nclx: (primaries: UInt16, transfer: UInt16)? = nil) throws -> [UInt8] {
        _ = heif_init(nil)
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, avif ? heif_compression_AV1 : heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        heif_encoder_set_logging_level(encoder, 0)
        try check(heif_encoder_set_lossy_quality(encoder, quality))
        if avif { _ = heif_encoder_set_parameter_integer(encoder, "speed", 8) }

        let alpha = stride(from: 3, to: image.rgba.count, by: 4).contains { image.rgba[$0] != 255 }
        var picture: OpaquePointer?
        try check(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB,
                                    alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &picture))
        defer { heif_image_release(picture) }
        try check(heif_image_add_plane(picture, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8))
        var stride: Int32 = 0
        let plane = heif_image_get_plane(picture, heif_channel_interleaved, &stride)!
        let channels = alpha ? 4 : 3
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<channels { plane[y * Int(stride) + x * channels + c] = image.rgba[(y * image.width + x) * 4 + c] }
            }
        }
        if let icc { try check(heif_image_set_raw_color_profile(picture, "prof", icc, icc.count)) }
        if let nclx {
            let profile = heif_nclx_color_profile_alloc()!
            defer { heif_nclx_color_profile_free(profile) }
            _ = heif_nclx_color_profile_set_color_primaries(profile, nclx.primaries)
            _ = heif_nclx_color_profile_set_transfer_characteristics(profile, nclx.transfer)
            _ = heif_nclx_color_profile_set_matrix_coefficients(profile, 6)
            profile.pointee.full_range_flag = 1
            try check(heif_image_set_nclx_color_profile(picture, profile))
        }
        try check(heif_context_encode_image(context, picture, encoder, nil, nil))
        let path = NSTemporaryDirectory() + "reel-heif-fixture-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        try check(heif_context_write_to_file(context, path))
        return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    struct LibheifFailure: Error, CustomStringConvertible { var description: String }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw LibheifFailure(description: String(cString: error.message))
    }

    /// Whether this libheif has an encoder and a decoder for the format.
    static func heifSupported(avif: Bool) -> Bool {
        _ = heif_init(nil)
        let format = avif ? heif_compression_AV1 : heif_compression_HEVC
        return heif_have_decoder_for_format(format) != 0 && heif_have_encoder_for_format(format) != 0
    }
}
