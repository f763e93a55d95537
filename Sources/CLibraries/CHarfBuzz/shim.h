#include <hb.h>
#include <hb-ot.h>

// Macros Swift cannot import, as functions.

/// HB_TAG(a, b, c, d) for a four-letter script or feature tag.
static inline hb_tag_t reel_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
