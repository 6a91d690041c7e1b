/* export_write: an 18xx.games action begun — its type, who takes it (a player by the id the
 * file's players list gives, a corporation, a minor or a private by its name there: its
 * entity_type "corporation", "minor", "company") and its id, in the order 18xx.games writes
 * them — and added to the file's actions. */
#include "xgames/export_internal.h"

cJSON *xg_new_action(xg_writer *x, const char *type, int player, int company)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", type);
    if (company == ENG_NONE) {
        cJSON_AddNumberToObject(o, "entity", xg_player_id(player));
        cJSON_AddStringToObject(o, "entity_type", "player");
    } else {
        cJSON_AddStringToObject(o, "entity", xg_company_name(x->t, company));
        eng_company_kind kind = x->t->companies[company].kind;
        cJSON_AddStringToObject(o, "entity_type", kind == ENG_PRIVATE ? "company"
                                                  : kind == ENG_MINOR ? "minor"
                                                                      : "corporation");
    }
    cJSON_AddNumberToObject(o, "id", x->next_id++);
    cJSON_AddItemToArray(x->actions, o);
    return o;
}

cJSON *xg_player_action(xg_writer *x, const char *type, int player)
{
    return xg_new_action(x, type, player, ENG_NONE);
}

cJSON *xg_company_action(xg_writer *x, const char *type, int company)
{
    return xg_new_action(x, type, ENG_NONE, company);
}
