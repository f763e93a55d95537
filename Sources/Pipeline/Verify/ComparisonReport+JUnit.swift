import Foundation

extension ComparisonReport {
    /// The report as JUnit XML, the test-result format CI systems show:
    /// one test case per scene, row or pair of videos; a case with frames
    /// beyond tolerance is a failure naming the runs of frames, one that
    /// could not be compared an error.
    public var junit: String {
        let failures = cases.filter { $0.error == nil && !$0.changed.isEmpty }.count
        let errors = self.failures.count
        let suite = "reel \(command.rawValue)"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(Self.escaped(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            + "time=\"\(String(format: "%.3f", seconds))\">\n"
        xml += "  <testsuite name=\"\(Self.escaped(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            + "time=\"\(String(format: "%.3f", seconds))\">\n"
        for c in cases {
            xml += "    <testcase classname=\"\(Self.escaped(suite))\" name=\"\(Self.escaped(c.name))\" file=\"\(Self.escaped(c.file))\">"
            if let error = c.error {
                xml += "\n      <error message=\"\(Self.escaped(error.description))\"/>\n    "
            } else if !c.changed.isEmpty {
                let message = "\(c.changed.count) of \(c.frames) frames changed beyond tolerance: \(c.runsText())"
                xml += "\n      <failure message=\"\(Self.escaped(message))\">\(Self.escaped(Self.details(c)))</failure>\n    "
            }
            xml += "</testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// A line per changed frame: number, time, how it differs.
    private static func details(_ c: CaseReport) -> String {
        var lines = ["compared with \(c.reference); tolerance: \(Self.words(c.tolerance))"]
        if let sheet = c.sheet { lines.append("diff sheet: \(sheet)") }
        for f in c.changed { lines.append("frame \(f.frame) at \(CaseReport.time(f.time)) s: \(Self.words(f))") }
        return lines.joined(separator: "\n")
    }

    /// "pixels within 2 levels, at most 0 % beyond" and, with a PSNR bound, ", PSNR at least 35 dB".
    static func words(_ t: Tolerance) -> String {
        "pixels within \(t.threshold) levels, at most \(percent(t.maxShare)) beyond" + (t.minPSNR.map { ", PSNR at least \(String(format: "%.1f", $0)) dB" } ?? "")
    }

    /// "3.12 % of pixels differ (largest 255), PSNR 24.1 dB, against the thumbnail".
    static func words(_ f: FrameReport) -> String {
        guard let d = f.difference else {
            return f.basis == .missing ? "no frame to compare with at this time" : "its digest differs"
        }
        let psnr = d.psnr.isFinite ? String(format: "%.1f dB", d.psnr) : "∞"
        return "\(percent(d.share)) of pixels differ (largest \(d.largest)), PSNR \(psnr)"
            + (f.basis == .thumbnail ? ", against the thumbnail" : "")
    }

    static func percent(_ share: Double) -> String {
        share == 0 ? "0 %" : share < 0.0001 ? "<0.01 %" : String(format: "%.2f %%", share * 100)
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case _ where c.value < 0x20 && c != "\t": out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
