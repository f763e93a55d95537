#include <fontconfig/fontconfig.h>

// The property names are string macros Swift imports only as text; as functions.

static inline const char *reel_fc_file(void) { return FC_FILE; }
static inline const char *reel_fc_index(void) { return FC_INDEX; }
static inline const char *reel_fc_family(void) { return FC_FAMILY; }
static inline const char *reel_fc_charset(void) { return FC_CHARSET; }
static inline const char *reel_fc_lang(void) { return FC_LANG; }
static inline const char *reel_fc_weight(void) { return FC_WEIGHT; }
static inline const char *reel_fc_color(void) { return FC_COLOR; }
static inline const char *reel_fc_scalable(void) { return FC_SCALABLE; }
static inline const char *reel_fc_postscript_name(void) { return FC_POSTSCRIPT_NAME; }
static inline const char *reel_fc_style(void) { return FC_STYLE; }
