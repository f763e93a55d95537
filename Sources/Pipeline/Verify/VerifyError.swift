/// Why `reel verify` or `reel diff` could not compare frames, as data; the
/// command line adds what to do about it (which flag records a manifest).
public enum VerifyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No golden manifest at `path`.
    case manifestMissing(path: String)
    /// The manifest is not JSON, e.g. cut short: where reading stopped.
    case manifestSyntax(path: String, line: Int, column: Int, message: String)
    /// A member of the manifest is missing or of the wrong kind; `field` is
    /// its JSON path.
    case manifestField(path: String, line: Int, column: Int, field: String, message: String)
    /// The manifest was recorded with other settings than the frames now
    /// rendered: comparing them frame by frame would mean nothing.
    case settingsDiffer(path: String, differences: [SettingDifference])
    /// The manifest records none of these frames (a shard's partial
    /// manifest, asked for the whole scene or another shard's frames).
    case framesNotRecorded(path: String, missing: [ClosedRange<Int>], recorded: [ClosedRange<Int>])
    /// A reference file of the manifest is missing or damaged.
    case referencesDamaged(path: String, reason: String)
    /// Shard manifests that do not combine into one.
    case cannotMerge(path: String, reason: String)
    /// A video or PNG folder to compare cannot be read.
    case unreadableInput(path: String, reason: String)
    /// The two sides of a comparison have frames of different sizes.
    case sizesDiffer(first: String, firstWidth: Int, firstHeight: Int, second: String, secondWidth: Int, secondHeight: Int)

    public var description: String {
        switch self {
        case .manifestMissing(let path):
            return "no golden manifest at \(path)"
        case let .manifestSyntax(path, line, column, message):
            let cut = message.hasSuffix("end of file") || message == "unterminated string" ? " (the manifest is cut short)" : ""
            return "\(path):\(line):\(column): \(message)\(cut)"
        case let .manifestField(path, line, column, field, message):
            return "\(path):\(line):\(column): \(field): \(message)"
        case let .settingsDiffer(path, differences):
            return "\(path) was recorded with other settings, so its frames cannot be compared: "
                + differences.map(\.description).joined(separator: "; ")
        case let .framesNotRecorded(path, missing, recorded):
            return "\(path) records frames \(Self.ranges(recorded)), not \(Self.ranges(missing))"
        case let .referencesDamaged(path, reason):
            return "\(path): \(reason)"
        case let .cannotMerge(path, reason):
            return "cannot merge \(path): \(reason)"
        case let .unreadableInput(path, reason):
            return "cannot read \(path): \(reason)"
        case let .sizesDiffer(first, fw, fh, second, sw, sh):
            return "\(first) has frames of \(fw)×\(fh) pixels and \(second) of \(sw)×\(sh); only frames of one size compare"
        }
    }

    /// "0-224, 450-899".
    static func ranges(_ ranges: [ClosedRange<Int>]) -> String {
        ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    }

    /// Sorted frame numbers as ranges of consecutive numbers.
    static func ranges(of frames: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for f in frames {
            if let last = result.last, last.upperBound + 1 == f { result[result.count - 1] = last.lowerBound...f } else { result.append(f...f) }
        }
        return result
    }
}

/// One setting that differs between a manifest and the render now.
public struct SettingDifference: Sendable, Equatable, CustomStringConvertible {
    /// What differs: "frame size", "renderer version", "parameter day".
    public var setting: String
    public var recorded: String
    public var now: String

    public var description: String { "\(setting) \(recorded) recorded, \(now) now" }
}
