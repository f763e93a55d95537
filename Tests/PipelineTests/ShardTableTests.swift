import Pipeline
import Testing

/// The split of a video into keyframe-aligned chunks.
@Suite struct ShardTableTests {
    private func ranges(_ frames: Int, gop: Int, shards: Int) -> [Range<Int>]? {
        ShardTable(frameCount: frames, gop: gop, shards: shards)?.chunks.map(\.frames)
    }

    @Test func chunksStartOnGOPsAndAreAsEvenAsTheGOPsAllow() {
        #expect(ranges(480, gop: 120, shards: 4) == [0..<120, 120..<240, 240..<360, 360..<480])
        #expect(ranges(660, gop: 120, shards: 4) == [0..<120, 120..<360, 360..<480, 480..<660])
        // The last GOP is short; every chunk still holds one.
        #expect(ranges(100, gop: 30, shards: 4) == [0..<30, 30..<60, 60..<90, 90..<100])
        #expect(ranges(48, gop: 12, shards: 4) == [0..<12, 12..<24, 24..<36, 36..<48])
        #expect(ranges(7, gop: 1, shards: 3) == [0..<2, 2..<5, 5..<7])
        #expect(ranges(5, gop: 10, shards: 1) == [0..<5])
    }

    @Test func everyFrameIsInExactlyOneChunk() {
        for frames in [1, 13, 119, 120, 121, 1000] {
            for gop in [1, 7, 120] {
                for shards in 1...8 {
                    guard let table = ShardTable(frameCount: frames, gop: gop, shards: shards) else {
                        #expect(shards > (frames + gop - 1) / gop)
                        continue
                    }
                    let chunks = table.chunks.map(\.frames)
                    #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == frames)
                    #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                    #expect(chunks.allSatisfy { !$0.isEmpty && $0.lowerBound % gop == 0 })
                }
            }
        }
    }

    @Test func moreShardsThanGOPsIsNoSplit() {
        #expect(ShardTable(frameCount: 180, gop: 120, shards: 3) == nil)
        #expect(ShardTable(frameCount: 0, gop: 1, shards: 1) == nil)
        #expect(ShardTable(frameCount: 10, gop: 1, shards: 0) == nil)
    }
}
