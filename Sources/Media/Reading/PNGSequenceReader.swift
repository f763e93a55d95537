#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a folder of PNG frames in order: the `.png` files directly in it
/// (hidden ones and subfolders left out), sorted by name with runs of
/// digits compared as numbers, so `frame_99999.png` comes before
/// `frame_100000.png` as `PNGSequenceWriter` numbers them.
///
/// A frame's time is the number at the end of its name divided by the frame
/// rate, when every name ends in one (a render of frames 120…180 starts at
/// 120 ÷ fps, where its frames belong); else its position in the folder.
public final class PNGSequenceReader: FrameSource {
    public let path: String
    public let frameRate: Double?
    /// The files, in the order they are read.
    public let files: [String]
    private let numbers: [Int]?
    private var index = 0

    /// Lists the folder; nothing is decoded yet. `fps`: frames per second the
    /// frames' times are counted in.
    /// - Throws: `MediaError.cannotRead` when the folder cannot be listed or holds no PNG file.
    public init(directory: String, fps: Double) throws {
        path = directory
        frameRate = fps
        guard let stream = opendir(directory) else { throw MediaError.cannotRead(path: directory, reason: FileSystem.errorText(errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), name.lowercased().hasSuffix(".png") { names.append(name) }
        }
        guard !names.isEmpty else { throw MediaError.cannotRead(path: directory, reason: "no PNG files in the folder") }
        names.sort { Self.key($0).lexicographicallyPrecedes(Self.key($1)) }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        files = names.map { folder + $0 }
        let trailing = names.map(Self.trailingNumber)
        numbers = trailing.contains(nil) || Set(trailing).count != trailing.count ? nil : trailing.map { $0! }
    }

    public func next() throws -> TimedFrame? {
        guard index < files.count else { return nil }
        defer { index += 1 }
        let number = numbers?[index] ?? index
        return TimedFrame(time: Double(number) / (frameRate ?? 1), bitmap: try PNGCodec.read(contentsOf: files[index]))
    }

    /// The name as runs: text compared as text, digits compared as numbers.
    private static func key(_ name: String) -> [Run] {
        var runs: [Run] = [], digits = "", text = ""
        for c in name {
            if c.isASCII, c.isNumber {
                if !text.isEmpty { runs.append(.text(text)); text = "" }
                digits.append(c)
            } else {
                if !digits.isEmpty { runs.append(.number(digits)); digits = "" }
                text.append(c)
            }
        }
        if !digits.isEmpty { runs.append(.number(digits)) }
        if !text.isEmpty { runs.append(.text(text)) }
        return runs
    }

    private enum Run: Comparable {
        case number(String), text(String)

        static func < (a: Run, b: Run) -> Bool {
            switch (a, b) {
            case let (.number(x), .number(y)):
                let (p, q) = (x.drop { $0 == "0" }, y.drop { $0 == "0" })
                return p.count != q.count ? p.count < q.count : (p != q ? p < q : x.count < y.count)
            case let (.text(x), .text(y)): return x < y
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
    }

    /// The digits just before the extension: 42 for `frame_00042.png`.
    private static func trailingNumber(_ name: String) -> Int? {
        let stem = name.dropLast(4)
        let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(String(digits.reversed()))
    }
}
