import Foundation

/// What `reel verify` or `reel diff` found, case by case (a scene, a batch
/// row, a pair of videos): the data every report — the summary line, the
/// JSON and JUnit files, the GitHub annotations — is written from.
public struct ComparisonReport: Sendable {
    public enum Command: String, Sendable { case verify, diff }

    public var command: Command
    /// What one case is, for the summary: "scene", "row", "pair".
    public var unit: String
    public var cases: [CaseReport]
    /// Wall-clock seconds of the whole comparison.
    public var seconds: Double

    /// Whether some frame changed beyond its tolerance.
    public var changed: Bool { cases.contains { !$0.changed.isEmpty } }
    /// The cases that could not be compared.
    public var failures: [CaseReport] { cases.filter { $0.error != nil } }
}

/// One scene, row or pair of videos and how its frames compared.
public struct CaseReport: Sendable {
    /// How the case is named in reports: the scene's path, `door.json row 3 (id 7)`, `a.mp4 vs b.mp4`.
    public var name: String
    /// The file and line an annotation points at: the scene (line 1), the
    /// data file and the row's line, or the first of two videos.
    public var file: String
    public var line: Int
    /// The manifest compared with (`reel verify`), or the second video.
    public var reference: String
    public var tolerance: Tolerance
    /// Every digest difference counted as a change.
    public var exact = false
    /// Frames compared, and of them those with equal pixels.
    public var frames = 0
    public var identical = 0
    /// Frames whose pixels differ within the tolerance, and beyond it.
    public var tolerated: [FrameReport] = []
    public var changed: [FrameReport] = []
    /// Why the case could not be compared.
    public var error: VerifyError?
    /// The manifest was (re)written: `record`, or `update` of a changed scene.
    public var recorded = false
    /// The diff sheet written of the changed frames.
    public var sheet: String?
    /// The platform the manifest was recorded on, when not this one.
    public var recordedOn: String?

    public init(name: String, file: String, line: Int, reference: String, tolerance: Tolerance) {
        self.name = name
        self.file = file
        self.line = line
        self.reference = reference
        self.tolerance = tolerance
    }

    /// The changed frames as runs of frames compared one after the other.
    public var runs: [[FrameReport]] { FrameReport.runs(changed) }

    /// "frames 840-899 (28.00-29.97 s)", "frames 12 (0.40 s), 840-899 (28.00-29.97 s)", at most
    /// `limit` runs and "…" after.
    public func runsText(limit: Int = 4) -> String {
        let runs = self.runs
        let shown = runs.prefix(limit).map { run -> String in
            let (a, b) = (run.first!, run.last!)
            return a.frame == b.frame ? "\(a.frame) (\(Self.time(a.time)) s)"
                : "\(a.frame)-\(b.frame) (\(Self.time(a.time))-\(Self.time(b.time)) s)"
        }
        return (runs.count == 1 && runs[0].count == 1 ? "frame " : "frames ") + shown.joined(separator: ", ")
            + (runs.count > limit ? ", … (\(runs.count) runs)" : "")
    }

    static func time(_ t: Double) -> String { String(format: "%.2f", t) }
}

/// One frame whose pixels differ.
public struct FrameReport: Sendable {
    /// The frame's number in its scene (`reel verify`) or its position in
    /// the first video (`reel diff`).
    public var frame: Int
    /// Its position among the frames compared: frames at consecutive
    /// positions form a run.
    public var position: Int
    /// Seconds from the start.
    public var time: Double
    /// How it differs; nil when it has no counterpart to compare with.
    public var difference: FrameDifference?
    public var basis: Basis

    /// What the frame was compared with.
    public enum Basis: String, Sendable {
        /// The reference frame in full.
        case fullFrame
        /// The reference's thumbnail, with the frame reduced alike.
        case thumbnail
        /// Digests only (exact comparison).
        case digest
        /// Nothing: the other side has no frame at this time.
        case missing
    }

    /// `frames` (in order of position) cut where positions are not consecutive.
    static func runs(_ frames: [FrameReport]) -> [[FrameReport]] {
        var runs: [[FrameReport]] = []
        for f in frames {
            if let last = runs.last?.last, last.position + 1 == f.position { runs[runs.count - 1].append(f) } else { runs.append([f]) }
        }
        return runs
    }
}
