/// The image file formats Reel reads.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png = "PNG"
    case jpeg = "JPEG"
    case webP = "WebP"
    /// HEIF with HEVC-coded images (an iPhone's .heic).
    case heif = "HEIF"
    /// HEIF with AV1-coded images.
    case avif = "AVIF"

    public var description: String { rawValue }

    /// With its article, as messages say it: "an AVIF file".
    var phrase: String { self == .avif ? "an AVIF file" : "a \(rawValue) file" }
}

/// What a file holds, judged by its first bytes (its signature) and never by
/// its name; decoding adds the two kinds of a readable format that Reel
/// does not convert.
public enum ImageContent: Sendable, Equatable {
    /// A format Reel reads.
    case image(ImageFormat)
    /// Another image or document format, by its usual name ("GIF", "JPEG XL").
    case otherFormat(String)
    /// A CMYK or YCCK JPEG, made for print (found while decoding).
    case cmykJPEG
    /// A WebP with several frames (found while decoding).
    case animatedWebP
    /// Text (UTF-8 without control characters), e.g. a note saved as .jpg.
    case text
    case empty
    case unrecognised

    /// Signatures of formats Reel does not read, by name: GIF, the usual
    /// camera, web and design formats, and documents mistaken for them. Each
    /// is a list of (offset, bytes) that must all match.
    private static let otherSignatures: [(parts: [(Int, [UInt8])], name: String)] = [
        ([(0, Array("GIF87a".utf8))], "GIF"), ([(0, Array("GIF89a".utf8))], "GIF"),
        ([(0, Array("BM".utf8)), (6, [0, 0, 0, 0])], "BMP"),   // the header's reserved bytes
        ([(0, [0x49, 0x49, 0x2A, 0x00])], "TIFF"), ([(0, [0x4D, 0x4D, 0x00, 0x2A])], "TIFF"),
        ([(0, [0xFF, 0x0A])], "JPEG XL"), ([(0, [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20])], "JPEG XL"),
        ([(0, [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20])], "JPEG 2000"), ([(0, [0xFF, 0x4F, 0xFF, 0x51])], "JPEG 2000"),
        ([(0, [0x00, 0x00, 0x01, 0x00])], "ICO"),
        ([(0, Array("8BPS".utf8))], "Photoshop"),
        ([(0, Array("qoif".utf8))], "QOI"),
        ([(0, Array("%PDF".utf8))], "PDF"),
        ([(4, Array("ftyp".utf8))], "MP4 or QuickTime"),
        ([(0, [0x1A, 0x45, 0xDF, 0xA3])], "Matroska or WebM"),
    ]

    /// HEIF brands of HEVC-coded images; AVIF's are "avif" and "avis".
    private static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]

    /// Judges `bytes` by their signature.
    public init(sniffing bytes: [UInt8]) {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && bytes[offset..<offset + signature.count].elementsEqual(signature)
        }
        if bytes.isEmpty { self = .empty; return }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .image(.png); return }
        if starts([0xFF, 0xD8, 0xFF]) { self = .image(.jpeg); return }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .image(.webP); return }
        if let format = Self.heifFormat(bytes) { self = .image(format); return }
        if let other = Self.otherSignatures.first(where: { $0.parts.allSatisfy { starts($0.1, at: $0.0) } }) {
            self = .otherFormat(other.name)
            return
        }
        self = Self.textContent(bytes) ?? .unrecognised
    }

    /// AVIF or HEIF from an ISO base media file's `ftyp` box: its major brand,
    /// else its compatible brands (AVIF first: an AVIF may list "mif1").
    private static func heifFormat(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 16, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(max(boxSize, 16), bytes.count)
        let brands = stride(from: 8, to: end - 3, by: 4)
            .filter { $0 != 12 }   // the minor version
            .map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
        if ["avif", "avis"].contains(brands[0]) { return .avif }
        if heifBrands.contains(brands[0]) && !["mif1", "msf1"].contains(brands[0]) { return .heif }
        if brands.contains("avif") || brands.contains("avis") { return .avif }
        if brands.contains(where: heifBrands.contains) { return .heif }
        return nil
    }

    /// `.text` (or SVG, which is text) when the first 512 bytes are UTF-8
    /// without control characters other than tab, line feed, carriage return
    /// and form feed; a character cut at the end is allowed.
    private static func textContent(_ bytes: [UInt8]) -> ImageContent? {
        let head = Array(bytes.prefix(512))
        guard !head.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) || $0 == 0x7F }) else { return nil }
        let whole = (0...3).contains { cut in
            cut <= head.count && String(validating: head.dropLast(cut), as: UTF8.self) != nil
        }
        guard whole else { return nil }
        return String(decoding: head, as: UTF8.self).contains("<svg") ? .otherFormat("SVG") : .text
    }

    /// What the file is, with its article, as messages say it.
    var phrase: String {
        switch self {
        case .image(let format): return format.phrase
        case .otherFormat(let name): return (["SVG", "ICO", "MP4 or QuickTime"].contains(name) ? "an " : "a ") + name + " file"
        case .cmykJPEG: return "a CMYK JPEG file"
        case .animatedWebP: return "an animated WebP file"
        case .text: return "a text file"
        case .empty: return "empty"
        case .unrecognised: return "not in an image format Reel knows"
        }
    }

    /// What Reel reads instead, as messages say it.
    var requirement: String {
        switch self {
        case .cmykJPEG: return "JPEG images must be RGB or greyscale"
        case .animatedWebP: return "images must be still (a WebP of one frame)"
        default: return "images must be PNG, JPEG, WebP, HEIF or AVIF"
        }
    }
}
