#include <lcms2.h>

/* Pixel formats are built by function-like macros Swift cannot import. */
static const cmsUInt32Number reel_cms_rgba_8 = TYPE_RGBA_8;
