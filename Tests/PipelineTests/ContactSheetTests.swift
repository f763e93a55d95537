import Foundation
import Geometry
import Media
import Pipeline
import Pixels
import Raster
import Testing

/// The contact sheet: grid measures, thumbnails in place, labels drawn,
/// transparent frames over the checkerboard, the same bytes every time.
@Suite struct ContactSheetTests {
    /// The sheet of `frames`, added in order.
    func sheet(of frames: [(time: Double, bitmap: Bitmap)], columns: Int? = nil, thumbnailWidth: Int) -> Bitmap {
        var cells = ContactSheet.Cells(thumbnailWidth: thumbnailWidth)
        for frame in frames { cells.add(time: frame.time, frame: frame.bitmap) }
        return cells.render(columns: columns)
    }

    @Test func sampleFramesAreEvenlySpaced() {
        #expect(ContactSheet.sampleFrames(count: 3, frameCount: 120) == [0, 60, 119])
        #expect(ContactSheet.sampleFrames(count: 4, frameCount: 10) == [0, 3, 6, 9])
        #expect(ContactSheet.sampleFrames(count: 2, frameCount: 2) == [0, 1])
        #expect(ContactSheet.sampleFrames(count: 1, frameCount: 180) == [89])
        #expect(ContactSheet.sampleFrames(count: 12, frameCount: 5) == [0, 1, 2, 3, 4])
        #expect(ContactSheet.sampleFrames(count: 0, frameCount: 5) == [])
        #expect(ContactSheet.sampleFrames(count: 3, frameCount: 0) == [])
        for frameCount in 1...40 {
            for count in 1...frameCount {
                let s = ContactSheet.sampleFrames(count: count, frameCount: frameCount)
                #expect(s.count == count && zip(s, s.dropFirst()).allSatisfy { $0 < $1 } && s.last! < frameCount)
                if count > 1 { #expect(s.first == 0 && s.last == frameCount - 1) }
            }
        }
    }

    @Test func labels() {
        #expect(ContactSheet.label(forTime: 0) == "0.00 s")
        #expect(ContactSheet.label(forTime: 1.25) == "1.25 s")
        #expect(ContactSheet.label(forTime: 59.994) == "59.99 s")
        #expect(ContactSheet.label(forTime: 125.5) == "2:05.50")
    }

    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255, width: Int = 100, height: Int = 50) -> Bitmap {
        Bitmap(width: width, height: height, pixels: Array([[r, g, b, a]].joined().map { $0 }.repeated(width * height)))
    }

    /// Three 100×50 frames as 40×20 thumbnails in one row: margins, gaps and
    /// a label line below.
    @Test func thumbnailsSitInTheirCells() throws {
        let frames = [(0.0, Self.solid(255, 0, 0)), (1.5, Self.solid(0, 255, 0)), (3.0, Self.solid(0, 0, 255))]
        let sheet = self.sheet(of: frames.map { (time: $0.0, bitmap: $0.1) }, columns: 3, thumbnailWidth: 40)
        let m = ContactSheet.Metrics.self
        #expect(sheet.width == 2 * m.margin + 3 * 40 + 2 * m.gap)
        #expect(sheet.height > 2 * m.margin + 20 + m.labelGap + 8)
        let background = sheet.pixel(x: 2, y: 2)
        #expect(background == (28, 28, 31, 255))
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
        for (i, c) in colours.enumerated() {
            let x0 = m.margin + i * (40 + m.gap), y0 = m.margin
            // Every thumbnail pixel, and nothing of it outside its box.
            for y in y0..<(y0 + 20) { for x in x0..<(x0 + 40) { #expect(sheet.pixel(x: x, y: y) == (c.0, c.1, c.2, 255)) } }
            #expect(sheet.pixel(x: x0 - 1, y: y0 + 10) == background)
            #expect(sheet.pixel(x: x0 + 40, y: y0 + 10) == background)
            #expect(sheet.pixel(x: x0 + 20, y: y0 + 20) == background)
            // The label: light pixels below the thumbnail, centred.
            var light: [Int] = []
            for y in (y0 + 20)..<(sheet.height - m.margin) {
                for x in (x0 - m.gap / 2)..<(x0 + 40 + m.gap / 2) where sheet.pixel(x: x, y: y).r > 150 { light.append(x) }
            }
            #expect(light.count > 20, "label \(i)")
            if let lo = light.min(), let hi = light.max() { #expect(abs((lo + hi) / 2 - (x0 + 20)) <= 2, "label \(i) centred") }
        }
        #expect(self.sheet(of: frames.map { (time: $0.0, bitmap: $0.1) }, columns: 3, thumbnailWidth: 40) == sheet)
    }

    /// Different times give different labels: the label is the time, drawn.
    @Test func labelShowsTheTime() {
        let frame = Self.solid(0, 0, 0)
        let a = self.sheet(of: [(time: 1.25, bitmap: frame)], thumbnailWidth: 60)
        let b = self.sheet(of: [(time: 7.5, bitmap: frame)], thumbnailWidth: 60)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a != b)
    }

    @Test func transparentFramesShowTheCheckerboard() {
        let sheet = self.sheet(of: [(time: 0, bitmap: Self.solid(0, 0, 0, 0))], thumbnailWidth: 32)
        let m = ContactSheet.Metrics.self
        let n = m.checkerSquare
        #expect(sheet.pixel(x: m.margin, y: m.margin) == (0x66, 0x66, 0x66, 255))
        #expect(sheet.pixel(x: m.margin + n, y: m.margin) == (0x4D, 0x4D, 0x4D, 255))
        #expect(sheet.pixel(x: m.margin + n, y: m.margin + n) == (0x66, 0x66, 0x66, 255))
    }

    @Test func gridWrapsIntoRows() {
        let frames = (0..<5).map { (time: Double($0), bitmap: Self.solid(255, 255, 255)) }
        let sheet = self.sheet(of: frames, columns: 2, thumbnailWidth: 20)
        let m = ContactSheet.Metrics.self
        #expect(sheet.width == 2 * m.margin + 2 * 20 + m.gap)
        let cell = (sheet.height - 2 * m.margin + m.gap) / 3
        #expect(sheet.height == 2 * m.margin + 3 * cell - m.gap)
        // The fifth thumbnail starts the third row; the sixth cell is empty.
        #expect(sheet.pixel(x: m.margin + 5, y: m.margin + 2 * cell + 5) == (255, 255, 255, 255))
        #expect(sheet.pixel(x: m.margin + 20 + m.gap + 5, y: m.margin + 2 * cell + 5) == sheet.pixel(x: 2, y: 2))
    }

    /// A scene's frames as a sheet, through PNG: the size a caller gets.
    @Test func sheetOfASceneEncodesAsPNG() throws {
        let prepared = try PreparedScene.load(Repository.root.appendingPathComponent("Scenes/hello.json").path, canvas: CanvasOverrides(scale: 0.25))
        let count = prepared.scene.canvas.frameCount
        let rasterizer = prepared.makeRasterizer()
        let frames = ContactSheet.sampleFrames(count: 6, frameCount: count).map { i in
            (time: prepared.scene.canvas.time(ofFrame: i), bitmap: rasterizer.render(prepared.evaluator.displayList(frame: i)))
        }
        let sheet = self.sheet(of: frames, thumbnailWidth: 80)
        #expect(ContactSheet.defaultColumns(count: 6, cellWidth: 96, cellHeight: 96) == 3)
        let decoded = try PNGCodec.decode(try PNGCodec.encode(sheet), name: "sheet")
        #expect(decoded == sheet)
    }
}

extension Array {
    func repeated(_ n: Int) -> [Element] { Array([[Element]](repeating: self, count: n).joined()) }
}
