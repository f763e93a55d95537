import Foundation
import Media
import Testing

@Suite struct OutputFormatTests {
    @Test func extensionsChooseTheFormat() {
        #expect(OutputFormat(pathExtension: "mp4") == .mp4)
        #expect(OutputFormat(pathExtension: "MOV") == .mov)
        #expect(OutputFormat(pathExtension: "WebM") == .webm)
        #expect(OutputFormat(pathExtension: "gif") == .gif)
        #expect(OutputFormat(pathExtension: "png") == nil)
        #expect(OutputFormat(pathExtension: "") == nil)
        #expect(OutputFormat(path: "Output/clip.final.webm") == .webm)
        #expect(OutputFormat(path: "/tmp/a.b/clip") == nil)
        #expect(OutputFormat(path: "Output/.gif") == nil)
        #expect(OutputFormat(path: "clip.GIF") == .gif)
    }

    @Test func alphaSupportIsStated() {
        #expect(OutputFormat.allCases.map(\.alpha) == [.none, .full, .full, .binary])
    }

    @Test func factoryOpensTheWriterForTheExtension() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let expected: [(String, any FrameSink.Type)] = [("a.mp4", MP4Writer.self), ("b.mov", MOVWriter.self),
                                                       ("c.webm", WebMWriter.self), ("d.gif", GIFWriter.self)]
        for (name, type) in expected {
            let writer = try makeWriter(path: folder.file(name), width: 32, height: 24, fps: 25)
            #expect(Swift.type(of: writer) == type, "\(name)")
            for _ in 0..<3 { try writer.write(.solid(width: 32, height: 24, 200, 100, 50)) }
            try writer.finish()
        }
        #expect(try folder.entries() == ["a.mp4", "b.mov", "c.webm", "d.gif"])
        // An explicit format wins over the extension.
        let writer = try makeWriter(path: folder.file("e.bin"), width: 32, height: 24, fps: 25, format: .gif)
        #expect(writer is GIFWriter)
        writer.cancel()
    }

    @Test func unknownExtensionAndBadSettingsAreRefused() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let avi = folder.file("clip.avi")
        #expect(throws: MediaError.invalidSettings(
            path: avi, reason: "unknown video format; the file name must end in .mp4, .mov, .webm, .gif")) {
            try makeWriter(path: avi, width: 32, height: 24, fps: 25)
        }
        // crf and preset are checked for every format, even where unused.
        for name in ["a.mp4", "b.mov", "c.webm", "d.gif"] {
            let path = folder.file(name)
            #expect(throws: MediaError.invalidSettings(path: path, reason: "crf must be 0…51, not 52")) {
                try makeWriter(path: path, width: 32, height: 24, fps: 25, crf: 52)
            }
            let error = #expect(throws: MediaError.self) {
                try makeWriter(path: path, width: 32, height: 24, fps: 25, preset: "quick")
            }
            #expect(error?.description.contains("\"quick\"") == true)
        }
        #expect(try folder.entries() == [])
    }

    @Test func x264SettingsMapOntoVP9() {
        #expect(WebMWriter.crf(forX264CRF: 0) == 0)
        #expect(WebMWriter.crf(forX264CRF: 20) == 25)
        #expect(WebMWriter.crf(forX264CRF: 23) == 28)
        #expect(WebMWriter.crf(forX264CRF: 51) == 63)
        #expect(MP4Writer.presets.map(WebMWriter.speed(forX264Preset:)) == [5, 5, 4, 4, 3, 2, 1, 0, 0, 0])
    }
}
