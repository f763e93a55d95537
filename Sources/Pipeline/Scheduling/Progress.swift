import Foundation

/// How progress is shown.
public enum ProgressStyle: String, Sendable, CaseIterable {
    /// A line rewritten in place on a terminal; a line per tenth of the work in a log.
    case text
    /// One JSON object per frame and line, for CI tools:
    /// `{"job": …, "frame": …, "total": …, "fps": …, "eta": …}`.
    case json
    /// Nothing but errors.
    case quiet
}

/// Shows how far a render is, on standard error.
///
/// On a terminal, one line rewritten in place (frames, rate, time left); in a
/// log (CI), a line at every tenth of the work, so logs stay short; or JSON
/// lines for tools.
public final class Progress {
    private let label: String
    private let total: Int
    private let style: ProgressStyle
    private var quiet: Bool { style == .quiet }
    private let interactive: Bool
    private let start = DispatchTime.now()
    private var lastTenth = 0
    private var lastDraw: UInt64 = 0

    public init(label: String, total: Int, style: ProgressStyle) {
        self.label = label
        self.total = total
        self.style = style
        self.interactive = isatty(2) == 1
    }

    /// Elapsed seconds since the job started.
    public var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    /// Called after each delivered frame with the count done so far.
    public func update(done: Int) {
        guard !quiet else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = elapsed
        let fps = seconds > 0 ? Double(done) / seconds : 0
        let eta = fps > 0 ? Double(total - done) / fps : 0
        if style == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let job = String(decoding: (try? encoder.encode(label)) ?? Data("\"\"".utf8), as: UTF8.self)
            write("{\"job\": \(job), \"frame\": \(done), \"total\": \(total), \"fps\": \(Self.format(fps)), "
                  + "\"eta\": \(Self.format(eta))}\n")
            return
        }
        let text = "\(label): \(done)/\(total) frames, \(Self.format(fps)) fps, ETA \(Int(eta.rounded(.up))) s"
        if interactive {
            guard now - lastDraw > 100_000_000 || done == total else { return }
            lastDraw = now
            write("\r\u{1B}[K" + text)
        } else {
            let tenth = done * 10 / max(total, 1)
            guard tenth > lastTenth, done < total else { return }
            lastTenth = tenth
            write(text + "\n")
        }
    }

    /// The closing line: what was written and how fast.
    public func finish(summary: String) {
        guard style == .text else { return }
        let seconds = elapsed
        let fps = seconds > 0 ? Double(total) / seconds : 0
        write((interactive ? "\r\u{1B}[K" : "") + "\(summary): \(total) frames in \(Self.format(seconds)) s (\(Self.format(fps)) fps)\n")
    }

    /// The installed font files the render used (fontconfig fallback), after
    /// `finish`: they are not part of the scene, so another machine may draw
    /// its text differently.
    public func reportInstalledFonts(_ paths: [String]) {
        guard style == .text, !paths.isEmpty else { return }
        write("\(label): drawn with installed fonts: \(paths.joined(separator: ", "))\n")
    }

    /// That the output stores no sound although the scene has some, before
    /// the first frame; `reason` says so ("a GIF stores no sound").
    public func reportSoundLeftOut(_ reason: String) {
        guard style == .text else { return }
        write("\(label): note: \(reason); the scene's audio is left out\n")
    }

    /// How much the frame cache saved, after `finish`.
    public func reportCache(reused: Int, savedSeconds: Double?) {
        guard style == .text else { return }
        var line = "\(label): \(total - reused) of \(total) frames drawn, \(reused) reused from the cache"
        if let savedSeconds, reused > 0 { line += " (≈ \(Self.format(savedSeconds)) s of drawing saved)" }
        write(line + "\n")
    }

    /// Removes the progress line before an error message is printed.
    public func abandon() {
        if interactive && style == .text { write("\r\u{1B}[K") }
    }

    private func write(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    static func format(_ v: Double) -> String {
        String(format: "%.1f", v)
    }
}
