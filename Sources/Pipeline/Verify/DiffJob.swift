import Dispatch
import Foundation
import Media
import Pixels

/// `reel diff A B`: two videos (MP4, MOV, WebM, GIF, anything FFmpeg
/// reads) or PNG folders compared frame by frame, aligned by presentation
/// time (`FrameAlignment`), with the report `reel verify` gives. A is the
/// reference; each of its frames is compared with the frame B shows at its
/// time. Frames with equal pixels are identical; others are measured
/// (`FrameDifference`) and held against the tolerance; a frame either side
/// has and the other lacks is a change.
public struct DiffJob {
    public var first: String
    public var second: String
    /// Frames per second of a PNG folder; nil for the other side's rate (30 when both are folders).
    public var fps: Double?
    public var tolerance = Tolerance.encoded
    /// Every frame whose pixels differ at all is a change.
    public var exact = false
    /// Where the diff sheet of the changed frames goes.
    public var sheetPath: String

    public init(first: String, second: String, sheetPath: String) {
        self.first = first
        self.second = second
        self.sheetPath = sheetPath
    }

    public func run() throws(RenderError) -> ComparisonReport {
        let start = DispatchTime.now().uptimeNanoseconds
        var report = CaseReport(name: "\(first) vs \(second)", file: first, line: 1, reference: second, tolerance: tolerance)
        report.exact = exact
        var sheet = DiffSheet()
        do {
            let (a, b) = try openSources()
            var alignment = FrameAlignment(a, b)
            var position = 0
            while let (reference, now) = try alignment.next() {
                defer { position += 1 }
                report.frames += 1
                let time = reference?.time ?? now!.time
                guard let reference, let now else {
                    let result = FrameReport(frame: position, position: position, time: time, difference: nil, basis: .missing)
                    report.changed.append(result)
                    sheet.add(result, reference: reference?.bitmap, now: now?.bitmap, threshold: tolerance.threshold)
                    continue
                }
                let (r, n) = try Self.sameSize(reference.bitmap, now.bitmap, first: first, second: second)
                if r.pixels == n.pixels {
                    report.identical += 1
                    continue
                }
                let difference = FrameDifference(r, n, threshold: tolerance.threshold)
                let result = FrameReport(frame: position, position: position, time: time, difference: difference, basis: .fullFrame)
                if !exact && tolerance.accepts(difference) {
                    report.tolerated.append(result)
                } else {
                    report.changed.append(result)
                    sheet.add(result, reference: r, now: n, threshold: tolerance.threshold)
                }
            }
            if !sheet.isEmpty {
                try OutputFile.makeFolder(for: sheetPath)
                try PNGCodec.write(sheet.render(), to: sheetPath)
                report.sheet = sheetPath
            }
        } catch let error as VerifyError {
            throw .verify(error)
        } catch let error as MediaError {
            switch error {
            case let .cannotRead(path, reason), let .cannotDecode(path, reason), let .invalidImage(path, _, reason):
                throw .verify(.unreadableInput(path: path, reason: reason))
            case .truncatedImage(let path, _), .unsupportedImage(let path, _):
                throw .verify(.unreadableInput(path: path, reason: error.description))
            default:
                throw .output(error)
            }
        } catch {
            throw .output(.cannotWrite(path: sheetPath, reason: "\(error)"))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return ComparisonReport(command: .diff, unit: "pair", cases: [report], seconds: seconds)
    }

    /// The two sources; a folder is read as PNG frames at `fps`, else at the video's rate.
    private func openSources() throws -> (FrameSource, FrameSource) {
        let videos = [first, second].map { Self.isFolder($0) ? nil : $0 }
        let a = try videos[0].map { try VideoFrameReader(path: $0) }, b = try videos[1].map { try VideoFrameReader(path: $0) }
        let rate = fps ?? a?.frameRate ?? b?.frameRate ?? 30
        return (try a ?? PNGSequenceReader(directory: first, fps: rate), try b ?? PNGSequenceReader(directory: second, fps: rate))
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The two frames at one size: an MP4 of an odd-sized frame stores it
    /// padded to even sides, so a side one pixel larger is cropped; other
    /// sizes do not compare.
    static func sameSize(_ a: Bitmap, _ b: Bitmap, first: String, second: String) throws(VerifyError) -> (Bitmap, Bitmap) {
        if (a.width, a.height) == (b.width, b.height) { return (a, b) }
        let (w, h) = (min(a.width, b.width), min(a.height, b.height))
        guard abs(a.width - b.width) <= 1, abs(a.height - b.height) <= 1, w % 2 == 1 || h % 2 == 1 else {
            throw .sizesDiffer(first: first, firstWidth: a.width, firstHeight: a.height, second: second, secondWidth: b.width, secondHeight: b.height)
        }
        return (crop(a, width: w, height: h), crop(b, width: w, height: h))
    }

    /// The top left `width` × `height` pixels of `b`.
    private static func crop(_ b: Bitmap, width: Int, height: Int) -> Bitmap {
        guard (b.width, b.height) != (width, height) else { return b }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height { pixels += b.pixels[(y * b.width * 4)..<(y * b.width + width) * 4] }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
