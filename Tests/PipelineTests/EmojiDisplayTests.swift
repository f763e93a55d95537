import DisplayList
import Foundation
import Pipeline
import Testing

/// Colour emoji in the display list: sprites of the glyph's own pixels,
/// scaled with the text, tinted by the node's opacity, inside the shadow's
/// layer like the rest of the text.
@Suite struct EmojiDisplayTests {
    func items(_ layer: String) throws -> [DisplayItem] {
        let json = #"{"canvas": {"width": 100, "height": 60, "duration": 1, "scale": 2}, "layers": [\#(layer)]}"#
        let prepared = try TextReferenceTests.prepare(json, name: "emoji")
        return prepared.evaluator.displayList(at: 0).items
    }

    func sprites(_ items: [DisplayItem]) -> [SpriteBatch] {
        items.compactMap { if case .sprites(let b) = $0 { return b } else { return nil } }
    }

    @Test func emojiIsASpriteScaledWithTheText() throws {
        let small = sprites(try items(#"{"type": "text", "text": "a😀", "size": 10}"#))
        let large = sprites(try items(#"{"type": "text", "text": "a😀", "size": 30}"#))
        #expect(small.count == 1 && large.count == 1)
        guard case .pixels(let image) = small[0].sources[0] else { Issue.record("not pixels"); return }
        #expect(small[0].sources == large[0].sources)   // one bitmap, any size
        #expect(image.width > 100)                     // Noto Color Emoji's 109-ppem strike
        // Pixels per bitmap pixel: size × canvas scale ÷ strike ppem.
        #expect(abs(Double(small[0].sprites[0].a) - 10 * 2 / 109) < 1e-4)
        #expect(abs(Double(large[0].sprites[0].a) - 30 * 2 / 109) < 1e-4)
        #expect(small[0].sprites[0].tint == 0xFFFF_FFFF)
    }

    @Test func opacityTintsAndShadowWrapsTheEmoji() throws {
        let list = try items(#"{"type": "text", "text": "😀", "size": 20, "opacity": 0.5, "shadow": {"radius": 2, "offset": [1, 1]}}"#)
        guard case .beginLayer(let layer) = list.first else { Issue.record("no layer: \(list)"); return }
        #expect(layer.shadow != nil)
        let batch = try #require(sprites(list).first)
        let tint = batch.sprites[0].tint
        #expect(layer.opacity * Double(tint >> 24) / 255 > 0.49 && layer.opacity * Double(tint >> 24) / 255 < 0.51)
    }
}
