# The second oracle for 18GA: 18xx.games' recorded 18GA games (../shared/oracle/18xx-games/18GA/:
# 18GA_game_end_bank, 18GA_game_end_bankrupt; tests/oracle/18xx-games/18GA/:
# 18GA_game_end_stock_market) imported through the engine (tests/tools/xgreplay), as far as this
# tree's engine plays 18GA: tests/oracle/18xx-games-18GA-known.json's "reaches" says for each
# file the action where it stops today and why, or "whole" (every action applied, the values and
# the end equal to the file's result, the action log replaying to the same state). A file that
# stops earlier fails; one that goes further passes and says so (the entry is then to be
# raised). A difference named there ("differences") stops the replay before it, said. Where
# 18xx.games' engine is here (scripts/xgames_engine.sh), the position where each file stops in
# pbemgm (the players' and the majors' cash, the prices, the bank) is compared with that
# engine's at the same action; SKIP otherwise. Files imported whole are exported again
# (tests/tools/xgexport again) and loaded in that engine.
. "${PBEMGM_TOP:?}/tests/xgames/oracle_lib.sh"
KNOWN="$TOP/tests/oracle/18xx-games-18GA-known.json"
ENGINE="$TOP/scripts/xgames_engine.sh"
# known LIST FILE FIELD: the FIELD of the entry of LIST ("reaches", "export_differences") for FILE
known() {
    python3 -c 'import json, sys
for r in json.load(open(sys.argv[1])).get(sys.argv[2], []):
    if r["file"] == sys.argv[3]:
        print(r.get(sys.argv[4], ""))' "$KNOWN" "$1" "$2" "$3"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; echo "1..$N"' EXIT
sh "$ENGINE" setup > /dev/null 2>&1
engine=$?
files=$(ls "$ORACLE"/18GA/*.json "$TOP"/tests/oracle/18xx-games/18GA/*.json 2>/dev/null)
[ -n "$files" ] || { not_ok "18xx.games' 18GA games are in $ORACLE/18GA"; exit 1; }
count=0
whole=""
for f in $files; do
    name=$(basename "$f")
    count=$((count + 1))
    want=$(known reaches "$name" action)
    out=$("$REPLAY" "$f" 2>&1)
    rc=$?
    refused=$(echo "$out" | sed -n 's/^REFUSED action \([0-9]*\) .*/\1/p' | head -1)
    [ -z "$refused" ] && echo "$out" | grep -q '^REFUSED ' && refused=0
    why=$(echo "$out" | grep -m1 '^REFUSED' | cut -c1-200)
    stop=""
    if [ $rc -eq 0 ] && echo "$out" | tail -1 | grep -q '^all equal$' &&
        echo "$out" | grep -q '^the action log replays to the same state$'; then
        [ "$want" = whole ] && ok "$name imports whole: $(echo "$out" | grep -c ': pbemgm [0-9]*, file') values and the end ($(echo "$out" | sed -n 's/^end: pbemgm "\(.*\)", file.*/\1/p')) equal" \
            || ok "$name imports whole, further than the known file says ($want): raise it"
        whole="$whole $f"
    elif [ $rc -eq 0 ] && echo "$out" | grep -q '^a known difference at action'; then
        stop=$(echo "$out" | sed -n 's/^a known difference at action \([0-9]*\).*/\1/p')
        ok "$name applies every action before its known difference: $stop"
    elif [ -z "$want" ]; then
        not_ok "$name is not in $KNOWN's reaches: $why"
    elif [ -n "$refused" ] && [ "$want" != whole ] && [ "$refused" -eq "$want" ]; then
        ok "$name imports up to action $want as known: $why"
        stop=$refused
    elif [ -n "$refused" ] && [ "$want" != whole ] && [ "$refused" -gt "$want" ]; then
        ok "$name imports further than known ($want): $why — raise it"
        stop=$refused
    else
        not_ok "$name stops before what is known ($want): $why $(echo "$out" | grep -m2 DIFFERENT | tr '\n' ' ')"
    fi
    # where it stops: pbemgm's position against 18xx.games' engine's before that action
    if [ -n "$stop" ] && [ "$stop" -gt 1 ]; then
        if [ $engine -eq 2 ]; then
            ok "# SKIP 18xx.games' engine is not here: $name's position at $stop not compared"
        else
            diff=$(PBEMGM_POSITIONS_CMD="$REPLAY --positions" sh "$TOP/scripts/xgames_diff.sh" "$f" 2>&1)
            echo "$diff" | grep -q "the same up to action $((stop - 1))\|^[0-9]* actions compared, 0 differ" \
                && ok "$name up to action $stop: every position as 18xx.games' engine has it" \
                || not_ok "$name before action $stop, against 18xx.games' engine: $(echo "$diff" | head -6 | tr '\n' ' ')"
        fi
    fi
done
[ "$count" -ge 3 ] && ok "$count recorded 18GA games checked" || not_ok "only $count 18GA games found"
# each file imported whole, position by position against 18xx.games' engine: after every one
# of its actions (xgreplay --positions, scripts/xgames_diff.sh's pbemgm side), who is to act,
# each player's cash, shares and value, each major's cash, trains, price, president, IPO and
# pool, the privates' owners, the bank and the phase equal
for f in $whole; do
    name=$(basename "$f")
    if [ $engine -eq 2 ]; then
        ok "# SKIP 18xx.games' engine is not here: $name's positions not compared"
        continue
    fi
    diff=$(PBEMGM_POSITIONS_CMD="$REPLAY --positions" sh "$TOP/scripts/xgames_diff.sh" "$f" 2>&1)
    compared=$(echo "$diff" | sed -n 's/^\([0-9]*\) actions compared, 0 differ.*/\1/p')
    [ -n "$compared" ] && [ "$compared" -ge 300 ] \
        && ok "$name: the position after each of its $compared actions as 18xx.games' engine has it" \
        || not_ok "$name's positions against 18xx.games' engine: $(echo "$diff" | head -6 | tr '\n' ' ')"
done
# a "log" action (a player's line in the game's log) is words only: the bankrupt file without its
# two imports the same way
f=$(ls "$ORACLE"/18GA/18GA_game_end_bankrupt.json 2>/dev/null)
if [ -n "$f" ]; then
    python3 - "$f" "$tmp/nolog.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["actions"] = [a for a in d["actions"] if a["type"] != "log"]
json.dump(d, open(sys.argv[2], "w"))
PY
    a=$("$REPLAY" "$f" 2>&1 | grep -c '^[0-9]*: ')
    b=$("$REPLAY" "$tmp/nolog.json" 2>&1 | grep -c '^[0-9]*: ')
    [ "$a" -eq "$b" ] && [ "$a" -gt 0 ] \
        && ok "the bankrupt file's two \"log\" actions are words only ($a engine actions either way)" \
        || not_ok "the \"log\" actions: $a engine actions with them, $b without"
fi
# an optional rule the section does not map refuses the file, naming it
f=$(echo "$files" | head -1)
sed 's/"optional_rules":\[\]/"optional_rules":["no_such_rule"]/' "$f" > "$tmp/rule.json"
out=$("$REPLAY" "$tmp/rule.json" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q 'REFUSED optional rule no_such_rule' \
    && ok "an optional rule the 18GA section does not map is refused, named" \
    || not_ok "an unknown optional rule: $(echo "$out" | tail -2 | tr '\n' ' ')"
# the export checked by 18xx.games' own engine, when it is here: every file imported whole,
# exported again, loads whole in it, to its end with the values pbemgm wrote
TOOL="$BUILD/tests/tools/xgexport"
if [ $engine -eq 2 ] || [ ! -x "$TOOL" ]; then
    ok "# SKIP 18xx.games' engine or xgexport not here: the export is not checked"
else
    for f in $whole; do
        exported_again "$f" "$KNOWN" "$tmp"
    done
    [ -n "$whole" ] || ok "# SKIP no 18GA file imports whole yet: none exported again"
    # games of pbemgm's robot (xgexport: the auction, the stock rounds, operating rounds with
    # the privates' powers and purchases, the one bank train a turn of phases 2 and 3) load
    # whole in 18xx.games, past the OSO's free train and the W&S's station step
    # and imported again (xgreplay --positions), every position is 18xx.games' there
    for seed in 10 11 13 14; do
        "$TOOL" play 18GA "$seed" 200 "$tmp/r$seed.json" 4 > /dev/null 2>&1
        out=$(sh "$ENGINE" check "$tmp/r$seed.json")
        diff=$(PBEMGM_POSITIONS_CMD="$REPLAY --positions" sh "$TOP/scripts/xgames_diff.sh" "$tmp/r$seed.json" 2>&1)
        echo "$out" | grep -q '"loaded":true' && echo "$diff" | grep -q '^[0-9]* actions compared, 0 differ' \
            && ok "the robot's 18GA game $seed ($(echo "$out" | sed -n 's/.*"actions":\([0-9]*\).*/\1/p') actions) loads whole in 18xx.games, imported again every position as there" \
            || not_ok "the robot's 18GA game $seed: $(echo "$out" | cut -c1-300) $(echo "$diff" | head -4 | tr '\n' ' ')"
    done
    # with 18xx.games' optional rules: Cotton Port (its map and GA's two homes: the title its
    # choice makes) and the two yellow lays of a major's first turn
    for run in "Variant=CottonPort:15:300:cotton_port" "DoubleYellowFirstOR=yes:10:200:double_yellow_first_or"; do
        opt=${run%%:*} rest=${run#*:}
        seed=${rest%%:*} rest=${rest#*:}
        max=${rest%%:*} rule=${rest#*:}
        XGEXPORT_OPTIONS="$opt" "$TOOL" play 18GA "$seed" "$max" "$tmp/o$seed.json" 4 > /dev/null 2>&1
        out=$(sh "$ENGINE" check "$tmp/o$seed.json")
        echo "$out" | grep -q '"loaded":true' && grep -q "\"optional_rules\":\[\"$rule\"\]" "$tmp/o$seed.json" \
            && ok "the robot's 18GA game $seed with $opt ($rule there) loads whole in 18xx.games" \
            || not_ok "the robot's 18GA game $seed with $opt: $(echo "$out" | cut -c1-300)"
    done
    # a longer one (seed 15, 300 actions): the W&S's free station in Waycross placed
    # (place_token of W&SR), the Midland's tile: loads whole there, and imports again whole
    "$TOOL" play 18GA 15 300 "$tmp/w15.json" 4 > /dev/null 2>&1
    out=$(sh "$ENGINE" check "$tmp/w15.json")
    back=$("$REPLAY" "$tmp/w15.json" 2>&1)
    diff=$(PBEMGM_POSITIONS_CMD="$REPLAY --positions" sh "$TOP/scripts/xgames_diff.sh" "$tmp/w15.json" 2>&1)
    echo "$out" | grep -q '"loaded":true' && grep -q '"entity":"W&SR","entity_type":"company"' "$tmp/w15.json" &&
        ! echo "$back" | grep -q '^REFUSED' && echo "$back" | grep -q '"type":"private_station"' &&
        echo "$diff" | grep -q '^[0-9]* actions compared, 0 differ' \
        && ok "the robot's 18GA game 15 with the W&S's station loads whole in 18xx.games and imports again, every position as there" \
        || not_ok "the robot's 18GA game 15: $(echo "$out" | cut -c1-200) $(echo "$back" | grep -m1 REFUSED) $(echo "$diff" | head -4 | tr '\n' ' ')"
fi
