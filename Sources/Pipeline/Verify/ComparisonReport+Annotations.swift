import Foundation

extension ComparisonReport {
    /// GitHub Actions workflow commands, one a line: an `::error` at each
    /// case that changed or could not be compared, a `::warning` where
    /// frames differ only within tolerance. GitHub shows them on the file
    /// and line (the scene, or the data file's row) in the run and the pull
    /// request.
    public var githubAnnotations: [String] {
        cases.compactMap { c in
            let place = "file=\(Self.property(c.file)),line=\(c.line),title=\(Self.property("reel \(command.rawValue): \(c.name)"))"
            if let error = c.error { return "::error \(place)::\(Self.message(error.description))" }
            if !c.changed.isEmpty {
                var text = "\(c.changed.count) of \(c.frames) frames changed beyond tolerance: \(c.runsText())"
                if let sheet = c.sheet { text += "; diff sheet \(sheet)" }
                if let on = c.recordedOn { text += " (recorded on \(on))" }
                return "::error \(place)::\(Self.message(text))"
            }
            if !c.tolerated.isEmpty {
                return "::warning \(place)::\(Self.message("\(c.tolerated.count) frames differ within tolerance"))"
            }
            return nil
        }
    }

    /// A message, with the characters workflow commands reserve escaped.
    private static func message(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value, escaped further for `:` and `,`.
    private static func property(_ s: String) -> String {
        message(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
