/* packet: the start packet, however it is sold (see packet.h). */
#include "engine/packet.h"
#include "engine/capital.h"
#include "engine/query.h"
#include "engine/state.h"

/* No one has passed since the last purchase (or the round's start). */
void eng_clear_passes(eng_game *g)
{
    g->passes = 0;
    g->passed_players = 0;
}

/* A company started by selling its director's certificate with an item: at its par, or, when
 * its director chooses the par (1830's B&O), once he has (ENG_ACT_PAR). */
static void started_by_item(eng_game *g, int player, int company)
{
    eng_company_state *cs = &g->co[company];
    cs->started = true;
    cs->director = player;
    if (g->t->companies[company].npar_choices)
        g->par_pending = company;
    else
        eng_set_par(g, company, 0);
}

/* The share that comes with a private (NF, OBB, PfB: 10% of BY; LD: SX's director). */
static void give_brought_share(eng_game *g, int player, const eng_company *priv)
{
    int c = priv->brings_company;
    if (c < 0)
        return;
    int cert = eng_find_cert(g, c, ENG_IPO, priv->brings_percent, priv->brings_director);
    if (cert < 0)
        return;
    g->co[c].certs[cert].owner = player;
    eng_event_add(g, ENG_EV_ALSO_GETS, player, c, priv->brings_percent, 0, priv->brings_director);
    if (priv->brings_director)
        started_by_item(g, player, c);
}

void eng_item_sold_to(eng_game *g, int player, int item, int price)
{
    const struct eng_start_item *si = &g->t->start_items[item];
    const eng_company *co = &g->t->companies[si->company];
    eng_player_pays_bank(g, player, price);
    g->item_sold[item] = true;
    g->last_buyer = player;
    eng_clear_passes(g);
    eng_event_add(g, ENG_EV_BOUGHT_ITEM, player, si->company, price, item, false);
    if (si->percent) {
        int cert = eng_find_cert(g, si->company, ENG_IPO, 0, true);
        if (cert >= 0)
            g->co[si->company].certs[cert].owner = player;
        started_by_item(g, player, si->company);
    } else {
        g->co[si->company].owner = player;
        if (co->kind == ENG_MINOR) {
            eng_bank_pays_company(g, si->company, co->price);
            g->co[si->company].floated = true;
            eng_event_add(g, ENG_EV_FLOATS, ENG_NONE, si->company, co->price, 0, false);
        }
        give_brought_share(g, player, co);
    }
    int major = si->percent ? si->company : co->brings_company;
    if (major >= 0) {
        eng_check_float(g, major);
        eng_check_director(g, major, false);
    }
    eng_update_availability(g);
}

void eng_start_all_passed(eng_game *g)
{
    eng_event_add(g, ENG_EV_ALL_PASSED, ENG_NONE, ENG_NONE, 0, 0, false);
    if (g->packet_in_stock_round) /* the operating round moves the turn; dealing resumes here */
        g->resume_player = g->current;
    if (g->or_set != g->stock_round_number) /* a second interruption goes on counting: 0.2 */
        g->or_in_set = 0;
    g->or_set = g->stock_round_number;
    eng_round_end(g);
    g->round_state = ENG_ROUND_FINISHED;
}

void eng_packet_done(eng_game *g)
{
    eng_money_snapshot(g, !g->packet_in_stock_round); /* else the stock round goes on */
    if (!g->packet_in_stock_round) {
        g->round_state = ENG_ROUND_FINISHED;
        return;
    }
    /* dealt within a stock round: the rest of it goes on normally, in the direction in use */
    g->round = ENG_ROUND_STOCK;
    g->packet_in_stock_round = false;
    eng_clear_passes(g);
    g->turn_bought = g->turn_sold = false;
    g->current = (g->current + g->direction + g->nplayers) % g->nplayers;
}
