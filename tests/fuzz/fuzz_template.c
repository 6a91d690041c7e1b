/* fuzz_template: a libFuzzer target for the template renderer (make fuzz) — any bytes as a
 * template, rendered as text and as HTML with a context of every kind of value (strings with
 * markup, numbers, lists, objects, nested sections): it renders or says why it cannot, and
 * never crashes, leaks or reads out of bounds; in HTML mode no context string's markup comes
 * out unescaped through {{ }} (a page whose template has no '<' and no unescaped tag has none). */
#include "fuzz.h"
#include "report/template.h"

#include <cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static cJSON *context(void)
{
    static const char *const json =
        "{\"name\": \"<b>evil</b> & co\", \"n\": 3, \"yes\": true, \"no\": false, "
        "\"list\": [{\"a\": \"x\"}, {\"a\": \"<y>\"}], \"words\": [\"p\", \"q\"], "
        "\"obj\": {\"inner\": {\"deep\": \"d\"}}, \"empty\": [], \"null\": null}";
    return cJSON_Parse(json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *src = fuzz_string(data, size);
    cJSON *ctx = context();
    for (int mode = 0; mode < 2; mode++) {
        char *err = NULL;
        char *out = tpl_render(src, ctx, mode ? TPL_HTML : TPL_TEXT, &err);
        if (!out && !err)
            abort(); /* a refusal says why */
        /* without a '<' of its own or an unescaped tag, a page's '<' can only be a value's:
         * it must have been escaped */
        if (out && mode == 1 && !strchr(src, '<') && !strstr(src, "{{{") &&
            !strstr(src, "{{&") && strchr(out, '<'))
            abort();
        free(out);
        free(err);
    }
    cJSON_Delete(ctx);
    free(src);
    return 0;
}
