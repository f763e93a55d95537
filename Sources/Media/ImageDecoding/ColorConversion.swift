import CLittleCMS

/// The colour space a file declares for its pixels.
enum ImageColour: Equatable {
    /// Untagged, or declared sRGB: used as is.
    case sRGB
    /// An ICC profile (PNG iCCP, JPEG APP2, WebP ICCP, HEIF `colr` prof).
    case icc([UInt8])
    /// Primaries and a transfer curve by code, as HEIF and AVIF `colr` nclx
    /// boxes give them (ITU-T H.273).
    case coded(Chromaticities, TransferCurve)

    /// A profile a C decoder returned, `.sRGB` when there is none.
    init(iccProfile: UnsafePointer<UInt8>?, count: Int) {
        self = iccProfile.map { .icc(Array(UnsafeBufferPointer(start: $0, count: count))) } ?? .sRGB
    }

    /// x, y chromaticities of the red, green and blue primaries and of white.
    struct Chromaticities: Equatable {
        var red: (x: Double, y: Double)
        var green: (x: Double, y: Double)
        var blue: (x: Double, y: Double)
        var white: (x: Double, y: Double)

        static func == (a: Self, b: Self) -> Bool {
            [a.red, a.green, a.blue, a.white].elementsEqual([b.red, b.green, b.blue, b.white]) { $0 == $1 }
        }
    }

    /// The transfer curves Reel builds profiles for (H.273 codes); the BT.709
    /// family and unknown codes are given sRGB's curve (see docs/MEDIA.md).
    enum TransferCurve: Equatable {
        case sRGB
        case linear
        case gamma(Double)
    }
}

/// A Little CMS transform from a file's colour space to sRGB, for straight
/// RGBA8 pixels (alpha copied).
///
/// The intent is perceptual, without black-point compensation, as browsers
/// convert images (for the matrix-and-curves profiles of cameras and phones
/// it equals relative colorimetric): a Display P3 red is clipped to sRGB's
/// red, and a colour inside both gamuts keeps its appearance. A profile lcms
/// cannot read, or one not for RGB (grey, CMYK), is ignored and the pixels are
/// taken as sRGB, as browsers do. So is a profile that is sRGB in effect (it
/// moves no probe colour by more than one level): an sRGB-tagged file then
/// decodes exactly as an untagged one, as in Chromium, which skips profiles
/// approximately equal to sRGB (skcms_ApproximatelyEqualProfiles). Without
/// that, a common sRGB profile with tabulated curves moves 1 % of all values
/// by one level.
final class ColorConversion {
    private let transform: cmsHTRANSFORM

    /// nil when there is nothing to convert, or nothing usable to convert from.
    init?(from colour: ImageColour) {
        guard let source = Self.profile(colour) else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData else { return nil }
        let sRGB = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(sRGB) }
        guard let transform = cmsCreateTransform(source, reel_cms_rgba_8, sRGB, reel_cms_rgba_8,
                                                 cmsUInt32Number(INTENT_PERCEPTUAL),
                                                 cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) else { return nil }
        self.transform = transform
        if isSRGBInEffect { return nil }
    }

    deinit { cmsDeleteTransform(transform) }

    /// Probe colours: the ramps of the primaries, secondaries and grey (256
    /// levels each) and a 9 × 9 × 9 grid through the cube, opaque.
    private static let probes: [UInt8] = {
        var pixels: [UInt8] = []
        for level in 0...255 {
            for (r, g, b) in [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1)] {
                pixels += [UInt8(r * level), UInt8(g * level), UInt8(b * level), 255]
            }
        }
        let steps = (0...8).map { UInt8(min(255, $0 * 32)) }
        for r in steps { for g in steps { for b in steps { pixels += [r, g, b, 255] } } }
        return pixels
    }()

    /// Whether the transform keeps every probe colour within one level.
    private var isSRGBInEffect: Bool {
        var converted = Self.probes
        converted.withUnsafeMutableBufferPointer { convert($0.baseAddress!, count: $0.count / 4) }
        return zip(converted, Self.probes).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    /// Converts `count` pixels in place.
    func convert(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        cmsDoTransform(transform, pixels, pixels, cmsUInt32Number(count))
    }

    private static func profile(_ colour: ImageColour) -> cmsHPROFILE? {
        switch colour {
        case .sRGB:
            return nil
        case .icc(let bytes):
            return bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        case let .coded(primaries, transfer):
            var white = cmsCIExyY(x: primaries.white.x, y: primaries.white.y, Y: 1)
            var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: primaries.red.x, y: primaries.red.y, Y: 1),
                                         Green: cmsCIExyY(x: primaries.green.x, y: primaries.green.y, Y: 1),
                                         Blue: cmsCIExyY(x: primaries.blue.x, y: primaries.blue.y, Y: 1))
            guard let curve = toneCurve(transfer) else { return nil }
            defer { cmsFreeToneCurve(curve) }
            var curves: [OpaquePointer?] = [curve, curve, curve]
            return cmsCreateRGBProfile(&white, &triple, &curves)
        }
    }

    /// sRGB's curve is IEC 61966-2-1's piecewise one: lcms parametric type 4,
    /// Y = ((X + 0.055) / 1.055)^2.4 above 0.04045, X / 12.92 below.
    private static func toneCurve(_ transfer: ImageColour.TransferCurve) -> OpaquePointer? {
        switch transfer {
        case .sRGB:
            let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return cmsBuildParametricToneCurve(nil, 4, parameters)
        case .linear:
            return cmsBuildGamma(nil, 1)
        case .gamma(let gamma):
            return cmsBuildGamma(nil, gamma)
        }
    }
}
