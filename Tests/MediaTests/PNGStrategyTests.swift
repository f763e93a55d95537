import Testing
@testable import Media
import Pixels

/// zlib strategies reach the encoder: they change the bytes, never the pixels.
@Suite struct PNGStrategyTests {
    /// A flat left half (runs of zeros after the `sub` filter, for RLE) and a
    /// repeating pattern on the right (repeats for zlib's general matching).
    func bands() -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 {
                pixels += x < 32 ? [10, 20, 30, 255] : [UInt8(x % 7 * 30), UInt8(y % 5 * 40), 90, 255]
            }
        }
        return Bitmap(width: 64, height: 48, pixels: pixels)
    }

    @Test func everyStrategyDecodesToTheSamePixels() throws {
        let original = bands()
        for strategy in PNGStrategy.allCases {
            for filter in [PNGFilter.none, .sub, .paeth] {
                let bytes = try PNGCodec.encode(original, level: 3, filter: filter, strategy: strategy)
                #expect(try PNGCodec.decode(bytes, name: "\(strategy)") == original, "\(strategy) \(filter)")
            }
        }
    }

    @Test func strategiesGiveDifferentBytes() throws {
        let original = bands()
        let encoded = try PNGStrategy.allCases.map { try PNGCodec.encode(original, level: 6, filter: .sub, strategy: $0) }
        // automatic = filtered when rows are filtered; RLE and Huffman-only
        // differ from zlib's general matching and from each other.
        #expect(encoded[0] == encoded[2])
        #expect(Set([encoded[1], encoded[3], encoded[4]]).count == 3)
        // Huffman only finds no repeats: the largest.
        #expect(encoded[4].count == encoded.map(\.count).max())
    }

    @Test func defaultsAreLevel3WithoutAFilter() throws {
        let original = bands()
        #expect(try PNGCodec.encode(original) == PNGCodec.encode(original, level: 3, filter: .none, strategy: .automatic))
        #expect(try PNGCodec.encode(original) != PNGCodec.encode(original, level: 1, filter: .none))
    }
}
