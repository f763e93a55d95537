import Determinism

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
/// another attribute's range changes. The mixer is `SplitMix64`, as
/// `StableRandom` uses.
struct ParticleStream: Sendable, Equatable {
    let key: UInt64

    init(key: UInt64) { self.key = key }

    /// The stream of an emitter.
    init(sceneSeed: Int, emitterName: String, emitterSeed: Int) {
        let seeded = SplitMix64.mix(UInt64(bitPattern: Int64(sceneSeed)) &+ SplitMix64.golden)
        let named = SplitMix64.mix(seeded ^ Self.hash(emitterName))
        key = SplitMix64.mix(named ^ SplitMix64.mix(UInt64(bitPattern: Int64(emitterSeed)) &+ 0x632B_E59B_D9B4_E019))
    }

    /// The stream of a cell among this stream's cells.
    func cell(name: String?, index: Int) -> ParticleStream {
        ParticleStream(key: SplitMix64.mix(key ^ Self.hash(name.map { "name:" + $0 } ?? "index:\(index)")))
    }

    /// The stream of particle `index` of the cell this stream belongs to.
    @inline(__always)
    func particle(_ index: Int) -> ParticleStream {
        ParticleStream(key: SplitMix64.mix(key &+ UInt64(bitPattern: Int64(index)) &* SplitMix64.golden))
    }

    /// The stream of the sub-cell particles a particle (this stream) emits
    /// for the cell whose stream is `cell`.
    @inline(__always)
    func children(of cell: ParticleStream) -> ParticleStream {
        ParticleStream(key: SplitMix64.mix(key ^ cell.key))
    }

    /// A number in [0, 1) for `attribute`.
    @inline(__always)
    func unit(_ attribute: ParticleAttribute) -> Double {
        SplitMix64.unit(SplitMix64.mix(key &+ attribute.rawValue &* 0xD1B5_4A32_D192_ED03))
    }

    /// A number in [−½, ½) for `attribute`: a range R around M is M + R × this.
    @inline(__always)
    func centred(_ attribute: ParticleAttribute) -> Double { unit(attribute) - 0.5 }

    /// FNV-1a over the UTF-8 bytes: a stable hash of a name (Swift's own
    /// `Hasher` is seeded per process).
    static func hash(_ s: String) -> UInt64 {
        var h = FNV1a()
        h.combine(bytes: s.utf8)
        return SplitMix64.mix(h.value)
    }
}

/// The random choices of one particle, each its own stream. Values are
/// fixed: changing them would change every scene's particles.
enum ParticleAttribute: UInt64 {
    case birth = 1, lifetime, shapeA, shapeB, velocity, direction, scale, spin, alpha, red, green, blue, shapeC
}
