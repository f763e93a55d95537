import CImageCodecs

/// JPEG with libjpeg-turbo (through `cjpeg_decode`, which owns its
/// `setjmp`): the pixels as stored, the ICC profile of its APP2 markers, and
/// the EXIF orientation of its APP1 marker (read with libexif).
enum JPEGDecoding {
    /// Most scans a progressive JPEG may have: each is a pass over the whole
    /// image, and a small file of thousands of scans would take minutes.
    /// libjpeg-turbo's own tools suggest a limit of this order; cameras and
    /// encoders write about 10.
    static let maxScans: UInt32 = 500

    static func decode(_ bytes: [UInt8], name: String, maxScans: UInt32 = maxScans) throws -> DecodedImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var icc: UnsafeMutablePointer<UInt8>?, exif: UnsafeMutablePointer<UInt8>?
        var iccSize = 0, exifSize = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            cjpeg_decode(data.baseAddress, data.count, UInt32(ImageDecoder.maxDimension), UInt32(ImageDecoder.maxDimension),
                         UInt64(ImageDecoder.maxPixels), maxScans, &pixels, &width, &height,
                         &icc, &iccSize, &exif, &exifSize, &message, message.count)
        }
        defer { cimage_free(pixels); cimage_free(icc); cimage_free(exif) }
        guard status == CIMAGE_OK, let pixels else {
            throw ImageDecoder.error(status, format: .jpeg, name: name, width: width, height: height, message: message)
        }
        return DecodedImage(
            width: Int(width), height: Int(height),
            pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)),
            colour: ImageColour(iccProfile: icc, count: iccSize),
            orientation: exif.map { ImageOrientation(exif: UnsafeRawBufferPointer(start: $0, count: exifSize)) } ?? .up)
    }
}
