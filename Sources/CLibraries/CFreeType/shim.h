#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H
#include FT_TRUETYPE_TABLES_H

// Macros Swift cannot import, as functions.

/// FT_IS_SCALABLE: the face has outlines (not only bitmap strikes).
static inline int reel_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// FT_HAS_COLOR: the face has colour glyphs (CBDT/sbix bitmaps or COLR layers).
static inline int reel_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
