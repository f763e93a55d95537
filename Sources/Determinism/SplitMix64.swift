/// SplitMix64's output function (Steele, Lea & Flood 2014; the mixer of
/// `java.util.SplittableRandom`): a bijection on 64-bit words with full
/// avalanche, so nearby keys give unrelated numbers. Reel's random numbers
/// are all hashes of what they belong to (a seed, a key, a particle index)
/// passed through this one function, never the next output of a shared
/// generator, so they do not depend on order, frame or thread.
public enum SplitMix64 {
    /// 2⁶⁴/φ, the generator's increment (Weyl sequence step).
    public static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The mixed value of `x + golden`.
    @inlinable @inline(__always)
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ golden
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) from the top 53 bits of `h`.
    @inlinable @inline(__always)
    public static func unit(_ h: UInt64) -> Double {
        Double(h >> 11) * 0x1p-53
    }
}
