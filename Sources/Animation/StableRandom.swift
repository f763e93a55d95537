/// `random(k)`: a number in [0, 1) fixed by the scene's seed and a key,
/// identical on every platform, thread and frame.
///
/// A counter-based generator: the key is hashed with SplitMix64's finaliser
/// (Steele, Lea & Flood 2014; the mixer of `java.util.SplittableRandom`), a
/// bijection with full avalanche, so nearby keys give unrelated numbers and
/// no state is carried between calls.
public enum StableRandom {
    public static func unit(seed: Int, key: Double) -> Double {
        // −0 and every NaN payload (which differ between x86 and ARM) hash alike.
        let k = key.isNaN ? Double.nan : (key == 0 ? 0 : key)
        let h = mix(mix(UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15) ^ k.bitPattern)
        return Double(h >> 11) * 0x1p-53
    }

    /// SplitMix64's output function.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
