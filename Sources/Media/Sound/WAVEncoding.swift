extension SoundSamples {
    /// The samples as a WAV file: 16-bit PCM, stereo, 48 kHz, each float
    /// clamped to ±1 and rounded. What a browser's <audio> plays without a
    /// decoder of its own (the studio's sound).
    public var wavBytes: [UInt8] {
        let dataSize = interleaved.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { bytes.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { bytes.append(contentsOf: $0) } }
        bytes += Array("RIFF".utf8); u32(36 + dataSize); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); u32(16); u16(1); u16(Self.channels); u32(Self.sampleRate)
        u32(Self.sampleRate * Self.channels * 2); u16(Self.channels * 2); u16(16)
        bytes += Array("data".utf8); u32(dataSize)
        for v in interleaved {
            let s = Int16((min(max(v, -1), 1) * 32767).rounded())
            withUnsafeBytes(of: s.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }
}
