#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H
#include FT_TRUETYPE_TABLES_H

// Macros Swift cannot import, as functions.

/// The sfnt tag of the TrueType 'kern' table (FT_MAKE_TAG('k','e','r','n')).
static inline FT_ULong reel_ft_tag_kern(void) { return FT_MAKE_TAG('k', 'e', 'r', 'n'); }

/// FT_IS_SCALABLE: the face has outlines (not only bitmap strikes).
static inline int reel_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// FT_HAS_KERNING: the face has kerning FT_Get_Kerning can read (a 'kern' table).
static inline int reel_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
