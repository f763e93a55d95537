/// Counter-based random numbers for particles: every value is a hash of
/// what it belongs to, never the next output of a shared generator, so a
/// particle's values do not depend on how many others were drawn before it,
/// on the frame, or on the thread.
///
/// Keys form a tree: scene seed → emitter (its `id`, else its JSON path, and
/// its `seed`) → cell (its `name`, else its index among its siblings) →
/// particle index (for a sub-cell's particle, the parent particle's key
/// too) → attribute. Adding an emitter or a cell therefore changes no other
/// emitter's or cell's particles, and an attribute's values do not move when
/// another attribute's range changes. The mixer is SplitMix64's finaliser
/// (Steele, Lea & Flood 2014), as `StableRandom` uses, a bijection with full
/// avalanche, so neighbouring keys give unrelated numbers.
struct ParticleStream: Sendable, Equatable {
    let key: UInt64

    init(key: UInt64) { self.key = key }

    /// The stream of an emitter.
    init(sceneSeed: Int, emitterName: String, emitterSeed: Int) {
        let seeded = Self.mix(UInt64(bitPattern: Int64(sceneSeed)) &+ Self.golden)
        let named = Self.mix(seeded ^ Self.hash(emitterName))
        key = Self.mix(named ^ Self.mix(UInt64(bitPattern: Int64(emitterSeed)) &+ 0x632B_E59B_D9B4_E019))
    }

    /// The stream of a cell among this stream's cells.
    func cell(name: String?, index: Int) -> ParticleStream {
        ParticleStream(key: Self.mix(key ^ Self.hash(name.map { "name:" + $0 } ?? "index:\(index)")))
    }

    /// The stream of particle `index` of the cell this stream belongs to.
    @inline(__always)
    func particle(_ index: Int) -> ParticleStream {
        ParticleStream(key: Self.mix(key &+ UInt64(bitPattern: Int64(index)) &* Self.golden))
    }

    /// The stream of the sub-cell particles a particle (this stream) emits
    /// for the cell whose stream is `cell`.
    @inline(__always)
    func children(of cell: ParticleStream) -> ParticleStream {
        ParticleStream(key: Self.mix(key ^ cell.key))
    }

    /// A number in [0, 1) for `attribute`.
    @inline(__always)
    func unit(_ attribute: ParticleAttribute) -> Double {
        let h = Self.mix(key &+ attribute.rawValue &* 0xD1B5_4A32_D192_ED03)
        return Double(h >> 11) * 0x1p-53
    }

    /// A number in [−½, ½) for `attribute`: a range R around M is M + R × this.
    @inline(__always)
    func centred(_ attribute: ParticleAttribute) -> Double { unit(attribute) - 0.5 }

    static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ golden
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a over the UTF-8 bytes: a stable hash of a name (Swift's own
    /// `Hasher` is seeded per process).
    static func hash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in s.utf8 {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return mix(h)
    }
}

/// The random choices of one particle, each its own stream. Values are
/// fixed: changing them would change every scene's particles.
enum ParticleAttribute: UInt64 {
    case birth = 1, lifetime, shapeA, shapeB, velocity, direction, scale, spin, alpha, red, green, blue, shapeC
}
