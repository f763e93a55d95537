/// How many pieces a curve, a join or a cap is cut into: `n` rounded up,
/// at least 1 and at most `limit` (1 for NaN or an infinity).
///
/// Clamped while still a Double: a curve spanning 1e200 units asks for
/// about 1e100 pieces, and converting that to Int would trap.
@inlinable
func pieceCount(_ n: Double, limit: Int = 1024) -> Int {
    let up = n.rounded(.up)
    guard up.isFinite else { return 1 }
    return Int(Swift.min(Swift.max(up, 1), Double(limit)))
}
