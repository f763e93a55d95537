import DisplayList
import Evaluation
import Foundation
import Geometry
import Pixels
import Raster
import Typesetting

/// A contact sheet: evenly spaced frames of a scene as labelled thumbnails
/// in a grid, to see a whole animation at a glance (`reel preview`,
/// `reel render --format contact`).
///
/// The sheet is drawn the way frames are: a `DisplayList` whose image paints
/// show the thumbnails (registered as rasterizer images) over a checkerboard,
/// with time labels set in the bundled Inter by Reel's own text layout
/// and filled by the same rasterizer. The result depends only on the frames
/// and the parameters: the same bytes on every machine.
public enum ContactSheet {
    /// The sheet's fixed measures, in pixels.
    public enum Metrics {
        /// Around the grid.
        public static let margin = 16
        /// Between cells, both ways.
        public static let gap = 16
        /// From a thumbnail's bottom edge to its label's box.
        public static let labelGap = 6
        /// Side of one checkerboard square behind transparent frames.
        public static let checkerSquare = 8
        /// Dark grey behind everything.
        public static let background = Color(r: 0.11, g: 0.11, b: 0.12)
        /// Light grey labels.
        public static let labelColor = Color(r: 0.86, g: 0.86, b: 0.88)
    }

    /// `count` frame indices out of `frameCount`, evenly spaced, increasing
    /// and distinct: the first and last frame and equal steps between them
    /// (rounded to the nearest frame); the middle frame for a count of 1;
    /// every frame when `count` ≥ `frameCount`; none when either is < 1.
    public static func sampleFrames(count: Int, frameCount: Int) -> [Int] {
        guard count >= 1, frameCount >= 1 else { return [] }
        if count >= frameCount { return Array(0..<frameCount) }
        if count == 1 { return [(frameCount - 1) / 2] }
        // i × (frameCount − 1) / (count − 1), rounded half up; the step is
        // ≥ 1 because count ≤ frameCount, so the indices are distinct.
        let span = frameCount - 1, steps = count - 1
        return (0..<count).map { (2 * $0 * span + steps) / (2 * steps) }
    }

    /// A time as a label: "1.25 s" below a minute, "2:05.50" from one.
    public static func label(forTime t: Double) -> String {
        let hundredths = Int((max(t, 0) * 100).rounded())
        if hundredths < 6000 { return String(format: "%d.%02d s", hundredths / 100, hundredths % 100) }
        let seconds = hundredths / 100
        return String(format: "%d:%02d.%02d", seconds / 60, seconds % 60, hundredths % 100)
    }

    /// Columns for `count` cells of `cellWidth` × `cellHeight` pixels: the
    /// grid whose shape is closest to 4:3 landscape (fewer columns on a tie).
    public static func defaultColumns(count: Int, cellWidth: Int, cellHeight: Int) -> Int {
        guard count > 1 else { return 1 }
        func badness(_ c: Int) -> Double {
            let rows = (count + c - 1) / c
            return abs(log(Double(c * cellWidth) / Double(rows * cellHeight) / (4.0 / 3.0)))
        }
        return (1...count).min { badness($0) < badness($1) }!
    }

    /// A sheet: one cell per frame, left to right and top to bottom, each
    /// the frame scaled to `thumbnailWidth` pixels wide (height in the first
    /// frame's proportions; every frame is fitted to that size) by area
    /// averaging, over a checkerboard where it is transparent, with its time
    /// centred below.
    ///
    /// Cells are collected as frames arrive: each frame is reduced to its
    /// thumbnail at once, so a render keeps only thumbnails and the sheet
    /// costs little more than its layout once the last frame is in.
    public struct Cells: Sendable {
        private let thumbnailWidth: Int
        private var size: (width: Int, height: Int)?
        private var thumbnails: [(label: String, bitmap: Bitmap)] = []

        /// `thumbnailWidth`: pixels, at least 16; frames narrower than this
        /// keep their own width (a preview's small frames are not enlarged).
        public init(thumbnailWidth: Int = 320) {
            self.thumbnailWidth = thumbnailWidth
        }

        /// Adds the frame shown at `time` seconds, as the next cell.
        public mutating func add(time: Double, frame: Bitmap) {
            add(label: label(forTime: time), frame: frame)
        }

        /// Adds `frame` as the next cell, with `label` below it (a diff
        /// sheet's "ref 842 · 28.07 s").
        public mutating func add(label: String, frame: Bitmap) {
            let size = self.size ?? {
                let w = max(16, min(thumbnailWidth, frame.width))
                return (w, max(1, Int((Double(w) * Double(frame.height) / Double(frame.width)).rounded())))
            }()
            self.size = size
            thumbnails.append((label, frame.resized(width: size.width, height: size.height)))
        }

        /// The sheet of the frames added so far, in the order added: an
        /// opaque bitmap; for no frames, just the margins' square.
        /// `columns`: cells per row; nil picks a grid near 4:3 (`defaultColumns`).
        public func render(columns: Int? = nil) -> Bitmap {
            let m = Metrics.self
            guard let (w, h) = size else {
                return Rasterizer().render(DisplayList(width: 2 * m.margin, height: 2 * m.margin, background: m.background))
            }
            let fonts = TextSetter.bundledFonts
            let style = TextStyle(size: min(max(Double(w) / 20, 10), 24))
            let labelHeight = Int(fonts.metrics(for: style).lineHeight.rounded(.up)) + m.labelGap
            let cellHeight = h + labelHeight
            let c = min(max(columns ?? defaultColumns(count: thumbnails.count, cellWidth: w + m.gap,
                                                      cellHeight: cellHeight + m.gap), 1),
                        thumbnails.count)
            let rows = (thumbnails.count + c - 1) / c
            var list = DisplayList(width: 2 * m.margin + c * w + (c - 1) * m.gap,
                                   height: 2 * m.margin + rows * cellHeight + (rows - 1) * m.gap,
                                   background: m.background)
            var images = ["checker": checkerboard()]
            for (i, cell) in thumbnails.enumerated() {
                let x = Double(m.margin + (i % c) * (w + m.gap)), y = Double(m.margin + (i / c) * (cellHeight + m.gap))
                let box = Path.roundedRect(Rect(origin: Point(x, y), size: Size(Double(w), Double(h))), radii: (0, 0, 0, 0))
                let name = "frame \(i)"
                images[name] = cell.bitmap
                let place = Transform.translation(x, y)
                if !cell.bitmap.isOpaque {
                    list.items.append(.fill(path: box, transform: .identity,
                                            paint: .image(name: "checker", transform: place, tile: true, opacity: 1),
                                            rule: .nonzero))
                }
                list.items.append(.fill(path: box, transform: .identity,
                                        paint: .image(name: name, transform: place, tile: false, opacity: 1), rule: .nonzero))
                let text = fonts.layout(cell.label, style: style)
                let textX = (x + (Double(w) - text.bounds.width) / 2).rounded()
                list.items.append(.fill(path: text.path(library: fonts),
                                        transform: .translation(textX, y + Double(h + m.labelGap)),
                                        paint: .solid(m.labelColor), rule: .nonzero))
            }
            return Rasterizer(images: images).render(list)
        }
    }

    /// Two greys in squares of `Metrics.checkerSquare`, one tile of the
    /// checkerboard (opaque, premultiplied).
    static func checkerboard() -> Bitmap {
        let n = Metrics.checkerSquare, side = 2 * n
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let grey: UInt8 = (x / n + y / n) % 2 == 0 ? 0x66 : 0x4D
                let i = (y * side + x) * 4
                pixels[i] = grey; pixels[i + 1] = grey; pixels[i + 2] = grey
            }
        }
        return Bitmap(width: side, height: side, pixels: pixels)
    }
}
