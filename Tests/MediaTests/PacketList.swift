import CFFmpeg

/// The video packets of a file as the demuxer gives them, read independently
/// of Reel's writers: to check where keyframes sit and which timestamps
/// frames get.
struct PacketList {
    struct Packet: Equatable {
        /// Presentation time in seconds.
        var time: Double
        var isKeyframe: Bool
        /// Bytes of coded data.
        var size: Int
    }

    /// In presentation order.
    let packets: [Packet]

    init(path: String) throws {
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, path, nil, nil) >= 0 else {
            throw VideoProbe.Failure(description: "cannot open \(path)")
        }
        defer { avformat_close_input(&format) }
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0 else { throw VideoProbe.Failure(description: "no video in \(path)") }
        let timeBase = format!.pointee.streams[Int(index)]!.pointee.time_base
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var packets: [Packet] = []
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == index else { continue }
            packets.append(Packet(time: Double(packet!.pointee.pts) * av_q2d(timeBase),
                                  isKeyframe: packet!.pointee.flags & AV_PKT_FLAG_KEY != 0,
                                  size: Int(packet!.pointee.size)))
        }
        self.packets = packets.sorted { $0.time < $1.time }
    }

    /// Indices (in presentation order) of the keyframes.
    var keyframes: [Int] { packets.indices.filter { packets[$0].isKeyframe } }
}

/// Peak signal-to-noise ratio of two equally sized 8-bit images, in dB
/// (infinity when identical).
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count)
    var sum = 0.0
    for (x, y) in zip(a, b) { let d = Double(Int(x) - Int(y)); sum += d * d }
    guard sum > 0 else { return .infinity }
    let mse = sum / Double(a.count)
    return 10 * log10(255 * 255 / mse)
}
