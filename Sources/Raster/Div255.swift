/// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255·255, without a division
/// (Jim Blinn's "Three Wrongs Make a Right"): the standard trick of 8-bit
/// compositing, and identical on every machine.
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let y = x + 128
    return (y + (y >> 8)) >> 8
}
