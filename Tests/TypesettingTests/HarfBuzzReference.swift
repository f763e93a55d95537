import Foundation
import ProcessRunner

/// HarfBuzz's own shaper, `hb-shape` (libharfbuzz-bin), run as a separate
/// process: the independent reference Reel's shaping is checked against.
/// Positions are font units (hb-shape's default scale is the em).
enum HarfBuzzReference {
    struct Glyph: Equatable {
        var glyph: UInt32
        var cluster: Int
        var xOffset: Int
        var yOffset: Int
        var advance: Int
    }

    static func shape(_ text: String, font path: String, options: [String] = []) -> [Glyph] {
        let shaped: ProcessResult
        do {
            shaped = try Program("/usr/bin/hb-shape").run(["--no-glyph-names", "--output-format=json", "--bot", "--eot",
                                                           "--remove-default-ignorables"] + options + [path, text])
        } catch {
            fatalError("hb-shape cannot run (install libharfbuzz-bin): \(error)")
        }
        guard let list = try? JSONSerialization.jsonObject(with: Data(shaped.stdout.utf8)) as? [[String: Int]] else { return [] }
        return list.map {
            Glyph(glyph: UInt32($0["g"]!), cluster: $0["cl"]!, xOffset: $0["dx"]!, yOffset: $0["dy"]!, advance: $0["ax"]!)
        }
    }

    /// The sum of the advances, font units.
    static func width(_ glyphs: [Glyph]) -> Int { glyphs.reduce(0) { $0 + $1.advance } }
}
