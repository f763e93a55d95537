import Testing
import Determinism

@Suite struct FNV1aTests {
    /// The published FNV-1a 64-bit test vectors.
    @Test(arguments: [("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)] as [(String, UInt64)])
    func bytesGiveThePublishedValues(text: String, expected: UInt64) {
        var h = FNV1a()
        h.combine(bytes: text.utf8)
        #expect(h.value == expected)
    }

    /// Words are little-endian 8-byte steps, and the bytes after the last whole word a step each.
    @Test func wordsAreEightByteStepsThenTheRestByByte() {
        let bytes: [UInt8] = Array(1...11)
        var words = FNV1a()
        bytes.withUnsafeBytes { words.combine(words: $0) }
        var steps = FNV1a()
        steps.combine(0x0807_0605_0403_0201)
        steps.combine(bytes: bytes[8...])
        #expect(words.value == steps.value)
    }
}
