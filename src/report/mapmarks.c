/* mapmarks: what a game's map shows that its board does not hold (rpt_map_marks, drawn by
 * mapdraw.c) — each private's marker on the map (1856's port, for the major that placed it) and
 * the destination of each major started in escrow that has not reached it yet (1856: reaching
 * it pays the escrow), and the home placed at the start of a major that has not floated yet
 * (18GA's ACL on Jacksonville, drawn as 18xx.games draws its flipped token; it blocks as any
 * station does, before and after). Pure: reads the engine. */
#include "report/mapdraw.h"

#include "engine/game.h"
#include "engine/title.h"

#include <stdio.h>
#include <string.h>

static void add(rpt_map_marks *m, rpt_map_mark_kind kind, int hex, int company, const char *label)
{
    if (m->n >= RPT_MAX_MAP_MARKS || hex < 0)
        return;
    rpt_map_mark *k = &m->v[m->n++];
    k->kind = kind;
    k->hex = hex;
    k->company = company;
    snprintf(k->label, sizeof k->label, "%s", label);
}

void rpt_map_marks_of(const eng_game *g, rpt_map_marks *m)
{
    const eng_title *t = g->t;
    memset(m, 0, sizeof *m);
    for (int p = 0; p < t->ncompanies; p++) {
        const eng_powers *pw = &t->companies[p].powers;
        const eng_company_state *ps = &g->co[p];
        if (!pw->nmarker_hexes || !ps->marker_placed || ps->marker_user < 0)
            continue;
        char label[24];
        snprintf(label, sizeof label, "%s +%d", pw->marker_name, pw->marker_value);
        add(m, RPT_MARK_MARKER, ps->marker_hex, ps->marker_user, label);
    }
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *tc = &t->companies[c];
        const eng_company_state *cs = &g->co[c];
        if (tc->kind != ENG_MAJOR || !cs->started || cs->closed || !tc->ndest_hexes ||
            cs->destination_reached || cs->capital != ENG_CAPITAL_ESCROW)
            continue;
        for (int k = 0; k < tc->ndest_hexes; k++)
            add(m, RPT_MARK_DESTINATION, tc->dest_hexes[k], c, "");
    }
    for (int c = 0; c < t->ncompanies; c++) /* homes placed at the start, not floated yet */
        if (t->companies[c].home_at_start && !g->co[c].floated && !g->co[c].closed)
            add(m, RPT_MARK_BLOCKING, t->companies[c].home_hex, c, "blocks");
}
