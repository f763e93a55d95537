import Media
import Pixels
import Raster
import Typesetting

/// Image, sound, video and font files read (and glyphs drawn) once for many scenes: a batch prepares every
/// row's scene through one of these, so a thousand rows that show the same
/// four card images decode four PNGs. Used by one thread while scenes are
/// prepared, before any frame is drawn.
public final class SharedAssets {
    /// Decoded images by the path they were read from.
    var bitmaps: [String: Bitmap] = [:]
    /// Decoded sounds by how far they were decoded and the path they were read from.
    var sounds: [String: SoundSamples] = [:]
    /// Video clips opened and checked, by path.
    var videos: [String: VideoClip] = [:]
    /// Font libraries by their name → path table.
    var fontLibraries: [[String: String]: FontLibrary] = [:]
    /// Glyph masks are pure functions of outline, size and offset, so rows
    /// that write the same characters share them.
    let glyphMasks = GlyphMaskCache()
}
