#include <fribidi.h>

// Macros Swift cannot import, as functions.

/// FRIBIDI_PAR_ON: let the first strong character decide the paragraph direction (rules P2, P3).
static inline FriBidiParType reel_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
/// FRIBIDI_PAR_RTL.
static inline FriBidiParType reel_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
