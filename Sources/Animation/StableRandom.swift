import Determinism

/// `random(k)`: a number in [0, 1) fixed by the scene's seed and a key,
/// identical on every platform, thread and frame.
///
/// A counter-based generator: the key is hashed with `SplitMix64`, so no
/// state is carried between calls.
public enum StableRandom {
    public static func unit(seed: Int, key: Double) -> Double {
        // −0 and every NaN payload (which differ between x86 and ARM) hash alike.
        let k = key.isNaN ? Double.nan : (key == 0 ? 0 : key)
        let h = SplitMix64.mix(SplitMix64.mix(UInt64(bitPattern: Int64(seed)) &+ SplitMix64.golden) ^ k.bitPattern)
        return SplitMix64.unit(h)
    }
}
