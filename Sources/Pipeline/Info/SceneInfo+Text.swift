import Foundation

extension SceneInfo {
    /// Lines for people, `reel info`'s output: the file, then one labelled
    /// line per figure.
    ///
    ///     Scenes/hello.json
    ///       frames    180 (3 s at 60 fps)
    ///       canvas    390×844 pt at 2× = 780×1688 px
    ///       layers    4 top-level, 9 nodes
    ///       emitters  none
    ///       cost      8.1 ms per frame on one core, 1.5 CPU-s in all
    ///                 ≈ 0.7 s on 2 cores, rendering only; encoding extra
    public var text: String {
        var lines = [file]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
        }
        row("frames", "\(frames) (\(Self.number(duration)) s" + (start.map { " from \(Self.number($0)) s" } ?? "") + " at \(Self.number(fps)) fps)")
        row("canvas", "\(Self.number(width))×\(Self.number(height)) pt at \(Self.number(scale))× = \(pixelWidth)×\(pixelHeight) px")
        row("layers", "\(layers) top-level, " + SceneSummary.plural(nodes, "node"))
        if emitters == 0 {
            row("emitters", "none")
        } else {
            let at = peakParticlesFrame.map { "frame \($0)" } ?? "no frame"
            row("emitters", "\(emitters), at most " + SceneSummary.plural(peakParticles, "particle")
                + " drawn (\(at); \(particleSamples) frames sampled)")
        }
        row("fonts", systemFonts.isEmpty ? "bundled and declared only"
            : "installed: " + systemFonts.joined(separator: ", "))
        for (i, t) in tracks.enumerated() {
            var line = "\(t.file): at \(Self.number(t.start)) s for \(Self.seconds(t.duration)) s, "
                + "file \(Self.seconds(t.trimIn))–\(Self.seconds(t.trimOut)) s"
            if t.loop { line += ", looped" }
            line += ", gain \(Self.number(t.gain)) dB"
            if t.volumeAnimated { line += ", volume animated" }
            if let p = t.parameter { line += " (parameter \(p))" }
            if i == 0 { row("sound", line) } else { lines.append(String(repeating: " ", count: 12) + line) }
        }
        for (i, v) in videos.enumerated() {
            var line = "\(v.file): \(v.width)×\(v.height), \(SceneSummary.plural(v.frames, "frame")) in \(Self.seconds(v.clipDuration)) s; "
                + "at \(Self.number(v.begin)) s, file \(Self.seconds(v.trimIn))–\(Self.seconds(v.trimOut)) s"
            if v.rate != 1 { line += " at \(Self.number(v.rate))×" }
            line += v.loop ? ", looped" : ", last frame held"
            if v.audio { line += ", its sound mixed" }
            if let p = v.parameter { line += " (parameter \(p))" }
            if i == 0 { row("video", line) } else { lines.append(String(repeating: " ", count: 12) + line) }
        }
        if !parameters.isEmpty {
            row("params", parameters.map { "\($0.name) (\($0.kind)) = \($0.value?.text ?? "keyframes")" }.joined(separator: ", "))
        }
        if let e = estimate {
            row("cost", String(format: "%.1f ms per frame on one core, %.1f CPU-s in all", e.msPerFrame, e.cpuSeconds))
            lines.append(String(repeating: " ", count: 12)
                         + String(format: "≈ %.1f s on ", e.wallSeconds) + SceneSummary.plural(e.cores, "core")
                         + ", rendering only; encoding extra")
        }
        return lines.joined(separator: "\n")
    }

    /// Seconds to the millisecond, without trailing zeros ("1.5", "3.03").
    static func seconds(_ v: Double) -> String {
        number((v * 1000).rounded() / 1000)
    }

    /// Whole numbers without a fraction ("60", "2.5").
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
