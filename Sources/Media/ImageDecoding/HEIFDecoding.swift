import CHeif

/// HEIF and AVIF with libheif (HEVC through libde265, AV1 through dav1d or
/// libaom, as Debian builds it): the primary image, with the file's crop,
/// rotation and mirroring applied by libheif (HEIF's own orientation, which
/// takes the place of EXIF's), alpha, and its `colr` box (ICC or nclx).
enum HEIFDecoding {
    /// libheif's plugin registry, set up once per process and never torn down.
    private static let initialised: Void = { _ = heif_init(nil) }()

    static func decode(_ bytes: [UInt8], name: String, format: ImageFormat) throws -> DecodedImage {
        _ = initialised
        guard !HEIFReferences.haveCycle(bytes) else {
            throw MediaError.invalidImage(name: name, format: format, reason: "its images refer to each other in a cycle")
        }
        guard let context = heif_context_alloc() else {
            throw MediaError.invalidImage(name: name, format: format, reason: "out of memory")
        }
        defer { heif_context_free(context) }
        // libheif refuses larger sides itself while parsing (its limit
        // counts from 0); the pixel budget is checked below from the header.
        heif_context_set_maximum_image_size_limit(context, Int32(ImageDecoder.maxDimension + 1))
        func check(_ error: heif_error) throws { try HEIFDecoding.check(error, bytes, name: name, format: format) }
        try check(bytes.withUnsafeBytes { heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil) })
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        defer { heif_image_handle_release(handle) }
        try ImageDecoder.checkSize(width: Int(heif_image_handle_get_width(handle)),
                                   height: Int(heif_image_handle_get_height(handle)), name: name)

        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1   // 10- and 12-bit images to 8 bits
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options))
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw MediaError.invalidImage(name: name, format: format, reason: "no RGBA image after decoding")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                (out.baseAddress! + y * width * 4).update(from: plane + y * Int(stride), count: width * 4)
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels, colour: colour(of: handle),
                            premultiplied: heif_image_handle_has_alpha_channel(handle) != 0
                                && heif_image_handle_is_premultiplied_alpha(handle) != 0)
    }

    /// The `colr` box: an ICC profile; or nclx codes, sRGB unless they name
    /// other primaries or a linear or gamma curve; or none (sRGB).
    private static func colour(of handle: OpaquePointer?) -> ImageColour {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            var profile = [UInt8](repeating: 0, count: heif_image_handle_get_raw_color_profile_size(handle))
            let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return error.code == heif_error_Ok && !profile.isEmpty ? .icc(profile) : .sRGB
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let n = nclx?.pointee else { return .sRGB }
            defer { heif_nclx_color_profile_free(nclx) }
            let transfer: ImageColour.TransferCurve = switch n.transfer_characteristics {
            case heif_transfer_characteristic_linear: .linear
            case heif_transfer_characteristic_ITU_R_BT_470_6_System_M: .gamma(2.2)
            case heif_transfer_characteristic_ITU_R_BT_470_6_System_B_G: .gamma(2.8)
            default: .sRGB
            }
            let sRGBPrimaries = [heif_color_primaries_ITU_R_BT_709_5, heif_color_primaries_unspecified].contains(n.color_primaries)
            if sRGBPrimaries && transfer == .sRGB { return .sRGB }
            return .coded(.init(red: (Double(n.color_primary_red_x), Double(n.color_primary_red_y)),
                                green: (Double(n.color_primary_green_x), Double(n.color_primary_green_y)),
                                blue: (Double(n.color_primary_blue_x), Double(n.color_primary_blue_y)),
                                white: (Double(n.color_primary_white_x), Double(n.color_primary_white_y))),
                          transfer)
        default:
            return .sRGB
        }
    }

    /// Whether the file's last top-level box claims more bytes than
    /// remain. libheif says only what it then misses ("No 'meta' box").
    static func endsInsideABox(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while bytes.count - offset >= 8 {
            guard let header = ISOBoxHeader(bytes, at: offset, end: bytes.count) else { return true }
            guard let size = header.size else { return false }
            guard size >= 8, size <= UInt64(bytes.count - offset) else { return size >= 8 }
            offset += Int(size)
        }
        return offset != bytes.count
    }

    /// Throws for a failed libheif call: data that ends early is truncated,
    /// anything else a file libheif cannot decode, in its words.
    private static func check(_ error: heif_error, _ bytes: [UInt8], name: String, format: ImageFormat) throws {
        guard error.code != heif_error_Ok else { return }
        if error.subcode == heif_suberror_End_of_data || endsInsideABox(bytes) {
            throw MediaError.truncatedImage(name: name, format: format)
        }
        throw MediaError.invalidImage(name: name, format: format, reason: error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
    }
}
