/* import_special: the file's actions of titles with loans, destinations, run bonuses bought,
 * markers and a national formed from companies given up (18xx.games' g_1856 and its like), as
 * pbemgm's: a loan taken (take_loan) or one repaid (payoff_loan) by the operating company; the
 * destinations 18xx.games found reached after a tile (destination_connection, its own doing:
 * checked against the engine's, which reaches them by itself); a special purchase and a
 * private's assignment to a hex as the actions the title's "18xx.games" section names
 * (special_buys, assign: eng_xgames); in the national's formation a company merged into it
 * (merge: its director gives it up, pbemgm's PASS) or its loans paid by its director (its pass
 * there: REPAY_LOAN of the loans left), the stations its director keeps (pbemgm's TOKEN for
 * each the file has not removed: remove_token) and the trains he discards (discard_train, its
 * pass: DISCARD_TRAIN, PASS); the players ending the game by hand
 * (end_game: the file's end). An action the engine has no form for yet is refused with the
 * action's id and the reason. */
#include "xgames/import_internal.h"

#include <stdio.h>
#include <string.h>

static eng_action director_action(const xg_importer *x, eng_action_kind kind, int c)
{
    return (eng_action){.kind = kind, .player = eng_company_holder(x->g, c), .company = c};
}

/* The operating corporation a loan is for; -1 (refused) in a title without loans. */
static int loan_company(xg_importer *x, const cJSON *a)
{
    if (!x->t->loans.amount)
        return xg_refuse(x, "%s has no loans", x->t->id);
    return xg_acting_company(x, a);
}

int xg_take_loan(xg_importer *x, const cJSON *a)
{
    int c = loan_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_HOME))
        return -1;
    eng_action act = director_action(x, ENG_ACT_TAKE_LOAN, c);
    return xg_apply(x, &act, NULL);
}

/* 18xx.games repays one loan an action, after the company's trains (step/loan.rb). */
int xg_payoff_loan(xg_importer *x, const cJSON *a)
{
    int c = loan_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_TRAINS))
        return -1;
    eng_action act = director_action(x, ENG_ACT_REPAY_LOAN, c);
    act.amount = 1;
    return xg_apply(x, &act, NULL);
}

/* 18xx.games' check after a tile (its Escrow step's automatic action): the corporations whose
 * destinations the track now joins. pbemgm's engine finds them by itself as the tile is laid;
 * each the file names must have reached its destination there. */
int xg_destination_connection(xg_importer *x, const cJSON *a)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(a, "corporations"), *it;
    if (list && !cJSON_IsArray(list))
        return xg_refuse(x, "its corporations are not a list");
    cJSON_ArrayForEach(it, list)
    {
        int c = cJSON_IsString(it) ? xg_company_of(x, it->valuestring) : -1;
        if (c < 0)
            return xg_refuse(x, "pbemgm has no corporation %s",
                             cJSON_IsString(it) ? it->valuestring : "(none)");
        if (!x->g->co[c].destination_reached)
            return xg_refuse(x, "18xx.games finds %s's destination reached here; pbemgm's "
                                "engine has not reached it", x->t->companies[c].id);
    }
    return 0;
}

/* An action of pbemgm's named by its JSON kind (action.c), for the operating company c's
 * director, with the private `priv` and the hex (or none): applied, or refused when the engine
 * has no such action. */
static int apply_named(xg_importer *x, const char *kind, int c, int priv, const char *hex)
{
    char json[256], why[256];
    int seat = eng_company_holder(x->g, c);
    snprintf(json, sizeof json, "{\"type\": \"%s\", \"seat\": %d, \"company\": \"%s\"%s%s%s}",
             kind, seat + 1, x->t->companies[priv].id, hex ? ", \"hex\": \"" : "",
             hex ? hex : "", hex ? "\"" : "");
    eng_action act;
    if (eng_action_from_json(x->g, json, &act, why, sizeof why))
        return xg_refuse(x, "pbemgm's engine has no action %s of %s yet (%s)", kind,
                         x->t->companies[priv].id, why);
    return xg_apply(x, &act, NULL);
}

/* A special purchase (18xx.games' special_buy: an item by its description and cost), as the
 * title's section says: 1856's bridge and tunnel tokens. */
int xg_special_buy(xg_importer *x, const cJSON *a)
{
    const char *what = xg_str(a, "description");
    int c = xg_acting_company(x, a);
    if (c < 0)
        return -1;
    const eng_xgames *s = &x->t->xgames;
    for (int i = 0; what && i < s->nbuys; i++)
        if (strcmp(s->buys[i].description, what) == 0)
            return xg_sync_company(x, c, ENG_STEP_HOME)
                       ? -1 : apply_named(x, s->buys[i].action, c, s->buys[i].company, NULL);
    return xg_refuse(x, "the title's 18xx.games section names no special purchase \"%s\"",
                     what ? what : "(none)");
}

/* A private's assignment to a hex (18xx.games' assign: 1856's port marker), by the company
 * owning it, as the title's section says. */
int xg_assign(xg_importer *x, const cJSON *a)
{
    int priv = xg_company_of(x, xg_str(a, "entity")), c = xg_acting_company(x, a);
    const char *target = xg_str(a, "target"), *type = xg_str(a, "target_type");
    if (c < 0)
        return -1;
    if (priv < 0 || !target || !type || strcmp(type, "hex") != 0 ||
        eng_hex_index(x->t, target) < 0)
        return xg_refuse(x, "pbemgm assigns only a private to a hex of the map");
    if (!x->t->xgames.assign_action[0])
        return xg_refuse(x, "the title's 18xx.games section names no action for an assign");
    return xg_sync_company(x, c, ENG_STEP_HOME)
               ? -1 : apply_named(x, x->t->xgames.assign_action, c, priv, target);
}

/* ---- the national's formation (pbemgm's title special round) ---- */

/* Whether the file's action is the national's (the section's "national"). */
static bool national_entity(const xg_importer *x, const cJSON *a)
{
    const char *entity = xg_str(a, "entity"), *national = x->t->xgames.national;
    return national[0] && entity && strcmp(entity, national) == 0;
}

/* The company the file's formation action names (key), while pbemgm's formation round is under
 * way; -1 with why. *merged: pbemgm's formation has merged it by itself already (it asks no
 * director who cannot pay for one loan; 18xx.games asks him, and he can only merge). */
static int forming_company(xg_importer *x, const cJSON *a, const char *key, bool *merged)
{
    int c = xg_company_of(x, xg_str(a, key));
    *merged = c >= 0 && !x->g->forming && x->after_formation && x->g->co[c].closed;
    if (*merged)
        return c;
    if (!x->g->forming)
        return xg_refuse(x, "pbemgm forms no company here (its engine has not begun the "
                            "national's formation)");
    return c >= 0 ? c : xg_refuse(x, "pbemgm has no corporation %s",
                                  xg_str(a, key) ? xg_str(a, key) : "(none)");
}

/* The national's share ids no longer in the IPO once it formed: its director's (CORP_0) and,
 * from the highest id down, as many as pbemgm handed out (18xx.games hands out its IPO's last
 * share each time). A company of n shares there has ids 0..n-2; a national whose shares were
 * split has its second issue numbered from twice share_split (g_1856 national_issue_shares!
 * numbers them from total_shares, counted after the split). */
static void note_national_shares(xg_importer *x)
{
    const struct eng_national *n = &x->t->national;
    const eng_company_state *s = &x->g->co[n->company];
    if (!s->floated || s->ncerts < 1)
        return;
    bool split = s->certs[s->ncerts - 1].percent < 100 / n->share_split;
    int out = 0, id = split ? 3 * n->share_split - 1 : n->share_split - 2;
    for (int i = 1; i < s->ncerts; i++)
        out += s->certs[i].owner != ENG_IPO;
    x->left_ipo[n->company][0] = true;
    for (; out > 0 && id > 0; id--) {
        if (split && id >= n->share_split - 1 && id < 2 * n->share_split)
            continue; /* (no such ids) */
        if (id < XG_MAX_SHARE_IDS)
            x->left_ipo[n->company][id] = true;
        out--;
    }
}

/* A formation action applied; whether the formation is over after it noted. */
static int apply_forming(xg_importer *x, eng_action *act)
{
    int rc = xg_apply(x, act, NULL);
    x->after_formation = rc == 0 && !x->g->forming;
    if (x->after_formation)
        note_national_shares(x);
    return rc;
}

/* merge: the company given up to the national: its director passes (he repays nothing). */
int xg_merge(xg_importer *x, const cJSON *a)
{
    bool merged;
    int c = forming_company(x, a, "corporation", &merged);
    if (c < 0 || merged)
        return c < 0 ? -1 : 0;
    eng_action act = director_action(x, ENG_ACT_PASS, c);
    return apply_forming(x, &act);
}

/* The company's pass in the formation (18xx.games' NationalizationPayoff): its director pays
 * what its money lacks for all its loans left; the national's pass as its director chooses its
 * discards (NationalizationDiscardTrains): he discards no more. */
int xg_national_pass(xg_importer *x, const cJSON *a)
{
    if (x->g->national_choosing != ENG_NATIONAL_CHOOSES_NOTHING && national_entity(x, a)) {
        eng_action pass = director_action(x, ENG_ACT_PASS, x->t->national.company);
        return apply_forming(x, &pass); /* (it discards no more) */
    }
    bool merged;
    int c = forming_company(x, a, "entity", &merged);
    if (c < 0 || merged)
        return c < 0 ? -1 : xg_refuse(x, "pbemgm has merged %s, whose director 18xx.games lets "
                                         "repay its loans", x->t->companies[c].id);
    eng_action act = director_action(x, ENG_ACT_REPAY_LOAN, c);
    act.amount = x->g->co[c].loans;
    return apply_forming(x, &act);
}

/* ---- the national's director's choices as it forms ---- */

bool xg_national_choosing(const xg_importer *x, int what)
{
    return x->g->forming && x->g->national_choosing == what;
}

static bool given_up(const xg_importer *x, int hex, int city)
{
    for (int i = 0; i < x->nremoved; i++)
        if (x->removed[i].hex == hex && x->removed[i].city == city)
            return true;
    return false;
}

static bool national_in_hex(const eng_game *g, int hex)
{
    for (int k = 0; k < ENG_MAX_CITIES; k++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (g->board->tokens[hex][k][s] == g->t->national.company)
                return true;
    return false;
}

/* The first station pbemgm's national may take over that the file has not given up: a
 * merged company's, in a hex where the national has none; false when there is none. */
static bool station_kept(const xg_importer *x, int *hex, int *city)
{
    const eng_game *g = x->g;
    for (int h = 0; h < g->t->nhexes; h++)
        for (int k = 0; !national_in_hex(g, h) && k < ENG_MAX_CITIES; k++)
            for (int s = 0; s < ENG_MAX_SLOTS; s++) {
                int o = g->board->tokens[h][k][s];
                if (o >= 0 && ((g->national_merging >> o) & 1u) && !given_up(x, h, k)) {
                    *hex = h;
                    *city = k;
                    return true;
                }
            }
    return false;
}

/* 18xx.games makes every station of the merged companies the national's (one a city), then
 * has its president remove one of two in a hex and those over its limit: pbemgm's director
 * takes over, one by one, each the file has not removed (the others of its hex go, and every
 * one left once its markers are used up). */
int xg_national_stations(xg_importer *x)
{
    int national = x->t->national.company;
    while (xg_national_choosing(x, ENG_NATIONAL_CHOOSES_STATIONS)) {
        int hex, city;
        if (!station_kept(x, &hex, &city))
            return xg_refuse(x, "18xx.games' %s gives up every station pbemgm's still lets it "
                                "choose among", x->t->companies[national].id);
        eng_action act = director_action(x, ENG_ACT_TOKEN, national);
        act.hex = hex;
        act.city = city;
        if (apply_forming(x, &act))
            return -1;
    }
    x->nremoved = 0;
    return 0;
}

/* Whether the file's next action is another station the national gives up. */
static bool more_removals(const xg_importer *x)
{
    const cJSON *next = x->at + 1 < x->nkept ? x->kept[x->at + 1].a : NULL;
    const char *type = next ? xg_str(next, "type") : NULL;
    return type && strcmp(type, "remove_token") == 0 && national_entity(x, next);
}

/* remove_token: a station the national gives up as it forms (a second on one hex, or over its
 * limit). While pbemgm's director chooses, it is noted, and after the last of them the others
 * are taken over (xg_national_stations); once pbemgm's formation is over (it removed them by
 * the rules), the file's must be gone there. */
int xg_remove_token(xg_importer *x, const cJSON *a)
{
    const char *city_id = xg_str(a, "city");
    int hex, city, c = xg_acting_company(x, a);
    if (c < 0 || xg_city_of(x, city_id, &hex, &city))
        return -1;
    if (xg_national_choosing(x, ENG_NATIONAL_CHOOSES_STATIONS) && national_entity(x, a)) {
        if (x->nremoved == XG_MAX_REMOVED)
            return xg_refuse(x, "the national gives up more than %d stations", XG_MAX_REMOVED);
        x->removed[x->nremoved].hex = hex;
        x->removed[x->nremoved++].city = city;
        return more_removals(x) ? 0 : xg_national_stations(x);
    }
    for (int k = 0; k < ENG_MAX_CITIES; k++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (x->g->board->tokens[hex][k][s] == c)
                return xg_refuse(x, "18xx.games' %s gives up its station on %s; pbemgm's keeps "
                                    "it", x->t->companies[c].id, x->t->hexes[hex].id);
    return 0;
}

/* discard_train by the national while pbemgm's director chooses its discards. */
int xg_national_discard(xg_importer *x, const cJSON *a)
{
    const char *id = xg_str(a, "train");
    int type = id ? xg_train_type(x, id) : -1;
    if (type < 0)
        return xg_refuse(x, "pbemgm has no train %s", id ? id : "(none)");
    eng_action act = director_action(x, ENG_ACT_DISCARD_TRAIN, x->t->national.company);
    act.train = type;
    if (apply_forming(x, &act))
        return -1;
    xg_train_moves(x, id, XG_POOL);
    return 0;
}

/* end_game: the players end the game by hand (game_end_reason "manually_ended"): the file's
 * end, its result the values there. */
int xg_end_game(xg_importer *x, const cJSON *a)
{
    (void)a;
    x->out->ended_by_hand = true;
    x->nkept = x->at + 1; /* (nothing after it is played) */
    return 0;
}
