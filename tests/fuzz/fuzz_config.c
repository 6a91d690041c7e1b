/* fuzz_config: a libFuzzer target for the configuration (make fuzz) — any bytes as the
 * configuration file: it loads, or it is refused with a message naming the problem and the
 * defaults are kept; never a crash, a leak or a read out of bounds. */
#include "fuzz.h"
#include "config/config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    cfg c;
    char *err = NULL;
    int rc = cfg_load_text(&c, text, "/tmp", &err);
    if (rc && (!err || !*err))
        abort();
    if (rc && (c.limits.lines != 5000 || !c.database))
        abort(); /* refused: the defaults, whole */
    free(err);
    cfg_free(&c);
    free(text);
    return 0;
}
