import Media
import Pipeline
import Testing

/// How many encoders a render uses by default: a pure function of the
/// cores (one per 2, as the encoder model in docs/BENCHMARKS.md says), for
/// an MP4 that can be split; one for everything else.
@Suite struct EncoderCountTests {
    @Test func autoIsOneEncoderPerTwoCores() {
        #expect([1, 2, 3, 4, 7, 16, 64].map { ChunkCount.auto.resolved(cores: $0) } == [1, 1, 1, 2, 3, 8, 32])
        #expect(ChunkCount.count(3).resolved(cores: 64) == 3)
    }

    @Test func anMP4WithoutChunksIsSplitAutomatically() {
        var request = RenderRequest(scenePath: "a.json", videoPath: "a.mp4")
        #expect(request.encoders == .auto)
        request.chunks = .count(2)
        #expect(request.encoders == .count(2))
        request.chunks = nil
        request.shard = Shard(index: 0, of: 2)
        #expect(request.encoders == nil, "a shard is split already")
        request.shard = nil
        request.contactSheetPath = "sheet.png"
        #expect(request.encoders == nil, "a contact sheet needs one render")
    }

    @Test(arguments: ["a.webm", "a.mov", "a.gif"]) func otherFormatsKeepOneEncoder(video: String) {
        #expect(RenderRequest(scenePath: "a.json", videoPath: video).encoders == nil)
        #expect(RenderRequest(scenePath: "a.json", pngDirectory: "frames").encoders == nil)
    }
}
