import Dispatch
import Testing
import Geometry
import Locking
@testable import Typesetting

@Suite struct ConcurrencyTests {
    let texts = ["The quick brown fox jumps over the lazy dog 0123456789",
                 "Съешь же ещё этих мягких французских булок",
                 "AVATAR WAVE Tomorrow\nsecond line, wrapped somewhere",
                 "ɐ ɓ ɔ ɗ ǝ ɠ ɥ ɨ",
                 "مرحبا بالعالم 123 office",
                 "שלום עולם office"]

    func work(_ library: FontLibrary, _ i: Int) -> (TextLayout, Path) {
        let s = style(size: Double(12 + i % 3 * 10), weight: i % 2 == 0 ? .regular : .bold,
                      alignment: .center, width: 300, tracking: 0.5)
        let layout = library.layout(texts[i % texts.count], style: s)
        return (layout, layout.path(library: library))
    }

    /// Two threads laying out and extracting outlines at once (from a cold
    /// cache: both race to fill it) give what one thread gives.
    @Test func twoThreadsGiveIdenticalResults() {
        let serialLibrary = try! FontLibrary()
        let expected = (0..<16).map { work(serialLibrary, $0) }

        let library = try! FontLibrary()
        let results = Locked<[Int: (TextLayout, Path)]>([:])   // NSLock: TSan-visible, unlike Mutex
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            // Thread 0 goes forwards, thread 1 backwards: the same and
            // different texts at the same time.
            for n in 0..<16 {
                let i = thread == 0 ? n : 15 - n
                let r = work(library, i)
                results.withLock { all in
                    if let previous = all[i] {
                        precondition(previous.0 == r.0 && previous.1 == r.1, "threads disagree on \(i)")
                    }
                    all[i] = r
                }
            }
        }
        let got = results.withLock { all in (0..<16).map { all[$0]! } }
        for i in 0..<16 {
            #expect(got[i].0 == expected[i].0)
            #expect(got[i].1 == expected[i].1)
        }
    }

    /// Colour glyph bitmaps, loaded through the locked FreeType faces, come
    /// out the same on two threads racing to fill the cache.
    @Test func colourGlyphsFromTwoThreads() throws {
        let text = "😀👍🏽🇯🇵🎉"
        let library = try FontLibrary(systemFallbackFor: [TextSample(text: text, weight: .regular)])
        let keys = library.layout(text, style: style()).glyphs.map(\.key)
        let serial = try FontLibrary(systemFallbackFor: [TextSample(text: text, weight: .regular)])
        let expected = keys.map { serial.colorImage(of: $0) }
        #expect(expected.allSatisfy { $0 != nil })
        let results = Locked<[[ColorGlyphImage?]]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let got = (thread == 0 ? keys : keys.reversed()).map { library.colorImage(of: $0) }
            results.withLock { $0.append(thread == 0 ? got : got.reversed()) }
        }
        for got in results.withLock({ $0 }) { #expect(got == expected) }
    }
}
