import Testing
import Pixels
import Raster
import SceneModel

/// The built-in images' names and natural sizes are stated twice: by the
/// scene model (`BuiltInImage`, which the decoder, evaluation and the
/// scene's image sizes read) and by the rasterizer that generates them
/// (`BuiltInSprites`). Neither stage may import the other, so this keeps
/// the two in step: a particle laid out for a 64-point dot must be drawn
/// from a 64-pixel one.
@Suite struct BuiltInImageTests {
    @Test func everyBuiltInImageOfTheModelIsGeneratedAtItsNaturalSize() throws {
        for image in BuiltInImage.allCases {
            let bitmap = try #require(BuiltInSprites.bitmap(named: image.rawValue), "\(image) is not generated")
            #expect(bitmap.width == image.pixelSize, "\(image)")
            #expect(bitmap.height == image.pixelSize, "\(image)")
        }
    }
}
