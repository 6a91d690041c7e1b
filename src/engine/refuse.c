/* refuse: a refusal a player can read (see refuse.h). */
#include "engine/refuse.h"

#include <stdarg.h>
#include <stdio.h>

int eng_refuse(char *why, size_t len, const char *fmt, ...)
{
    if (why && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return -1;
}
