/* state_json: a report's state (rep_state, state.c) as the templates' data, key by key as
 * state.h lists them; nothing reads it back. */
#include "report/state.h"

#include <stdio.h>

cJSON *rep_player_json(const rep_state *s, int p)
{
    const rep_player *pl = &s->players[p];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", pl->name);
    cJSON_AddNumberToObject(o, "cash", pl->cash);
    cJSON_AddNumberToObject(o, "certificates", pl->certificates);
    cJSON_AddNumberToObject(o, "limit", pl->limit);
    cJSON_AddStringToObject(o, "holdings", pl->holdings);
    cJSON_AddNumberToObject(o, "worth", pl->worth);
    cJSON_AddNumberToObject(o, "seat", pl->seat);
    return o;
}

cJSON *rep_company_json(const rep_state *s, int i)
{
    const rep_company *co = &s->companies[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", co->id);
    cJSON_AddStringToObject(o, "director", co->director >= 0 ? s->players[co->director].name : "-");
    cJSON_AddNumberToObject(o, "cash", co->cash);
    if (co->price)
        cJSON_AddNumberToObject(o, "price", co->price);
    else
        cJSON_AddStringToObject(o, "price", "-");
    cJSON_AddStringToObject(o, "trains", co->trains);
    char st[32];
    snprintf(st, sizeof st, "%d/%d", co->stations_placed, co->stations);
    cJSON_AddStringToObject(o, "stations", st);
    if (co->major) {
        cJSON_AddNumberToObject(o, "ipo", co->ipo);
        cJSON_AddNumberToObject(o, "pool", co->pool);
    }
    if (s->has_loans) { /* (a minor's cell stays empty) */
        if (co->major)
            cJSON_AddNumberToObject(o, "loans", co->loans);
        cJSON_AddTrueToObject(o, "has_loans");
    }
    if (co->floated)
        cJSON_AddTrueToObject(o, "floated");
    if (!co->major)
        cJSON_AddTrueToObject(o, "minor");
    cJSON_AddStringToObject(o, "color", co->color);
    cJSON_AddStringToObject(o, "text_color", co->text_color);
    if (co->capital) { /* (1856) */
        cJSON_AddStringToObject(o, "capitalisation", co->capital);
        if (co->destination) {
            cJSON_AddStringToObject(o, "destination", co->destination);
            cJSON_AddBoolToObject(o, "destination_reached", co->destination_reached);
            cJSON_AddNumberToObject(o, "escrow", co->escrow);
        }
    }
    return o;
}

static cJSON *private_json(const rep_state *s, const rep_private *pr)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", pr->id);
    cJSON_AddStringToObject(o, "name", pr->name);
    cJSON_AddStringToObject(o, "label", pr->label);
    cJSON_AddStringToObject(o, "owner", pr->owner >= 0 ? s->players[pr->owner].name
                                        : pr->held_by ? pr->held_by
                                                      : "the bank");
    cJSON_AddNumberToObject(o, "income", pr->income);
    if (pr->bids)
        cJSON_AddStringToObject(o, "bids", pr->bids);
    return o;
}

static void add_trains(const rep_state *s, cJSON *o)
{
    cJSON *arr = cJSON_AddArrayToObject(o, "trains");
    for (int k = 0; k < s->ntrains; k++) {
        const rep_train *tr = &s->trains[k];
        cJSON *it = cJSON_CreateObject();
        cJSON_AddStringToObject(it, "name", tr->name);
        if (tr->unlimited)
            cJSON_AddStringToObject(it, "left", "unlimited");
        else
            cJSON_AddNumberToObject(it, "left", tr->left);
        cJSON_AddNumberToObject(it, "cost", tr->cost);
        if (tr->pool)
            cJSON_AddNumberToObject(it, "pool", tr->pool);
        cJSON_AddItemToArray(arr, it);
    }
    cJSON_AddStringToObject(o, "trains_text", s->trains_text);
    if (s->capital_text)
        cJSON_AddStringToObject(o, "capital_text", s->capital_text);
    if (s->powers_text)
        cJSON_AddStringToObject(o, "powers_text", s->powers_text);
    if (s->rules_now_text)
        cJSON_AddStringToObject(o, "rules_now_text", s->rules_now_text);
    if (s->next_phase) {
        cJSON *next = cJSON_AddObjectToObject(o, "next_phase");
        cJSON_AddStringToObject(next, "name", s->next_phase);
        cJSON_AddStringToObject(next, "on", s->next_phase_on);
    }
}

static cJSON *square_json(const rep_square *sq)
{
    cJSON *cell = cJSON_CreateObject();
    if (sq->price)
        cJSON_AddNumberToObject(cell, "price", sq->price);
    cJSON *tokens = cJSON_AddArrayToObject(cell, "tokens");
    for (int k = 0; k < sq->ntokens; k++) {
        cJSON *tok = cJSON_CreateObject();
        cJSON_AddStringToObject(tok, "id", sq->tokens[k].id);
        cJSON_AddStringToObject(tok, "color", sq->tokens[k].color);
        cJSON_AddStringToObject(tok, "text_color", sq->tokens[k].text_color);
        cJSON_AddItemToArray(tokens, tok);
    }
    return cell;
}

static void add_market(const rep_state *s, cJSON *o)
{
    cJSON *rows = cJSON_AddArrayToObject(o, "market");
    for (int r = 0; r < s->market_rows; r++) {
        cJSON *row = cJSON_CreateObject(), *cells = cJSON_AddArrayToObject(row, "cells");
        cJSON_AddItemToArray(rows, row);
        for (int c = 0; c < s->market_cols; c++)
            cJSON_AddItemToArray(cells, square_json(&s->market[r * s->market_cols + c]));
    }
    cJSON_AddStringToObject(o, "market_text", s->market_text);
}

cJSON *rep_state_to_json(const rep_state *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "round", s->round);
    cJSON_AddStringToObject(o, "phase", s->phase);
    cJSON_AddNumberToObject(o, "bank", s->bank);
    cJSON_AddStringToObject(o, "train_on_sale", s->train_on_sale);
    cJSON *players = cJSON_AddArrayToObject(o, "players");
    for (int p = 0; p < s->nplayers; p++)
        cJSON_AddItemToArray(players, rep_player_json(s, p));
    if (s->ncompanies)
        cJSON_AddTrueToObject(o, "has_companies");
    if (s->has_loans)
        cJSON_AddTrueToObject(o, "has_loans");
    cJSON *companies = cJSON_AddArrayToObject(o, "companies");
    for (int i = 0; i < s->ncompanies; i++)
        cJSON_AddItemToArray(companies, rep_company_json(s, i));
    if (s->nprivates)
        cJSON_AddTrueToObject(o, "has_privates");
    cJSON *privates = cJSON_AddArrayToObject(o, "privates");
    for (int i = 0; i < s->nprivates; i++)
        cJSON_AddItemToArray(privates, private_json(s, &s->privates[i]));
    add_trains(s, o);
    add_market(s, o);
    cJSON_AddStringToObject(o, "rounds_next", s->rounds_next);
    return o;
}

cJSON *rep_state_json(const eng_game *g)
{
    rep_state s;
    rep_state_build(g, &s);
    cJSON *o = rep_state_to_json(&s);
    rep_state_free(&s);
    return o;
}
