# The second oracle for 1856: every recorded 1856 game of 18xx.games (../shared/oracle/18xx-games/
# 1856/ and tests/oracle/18xx-games/1856/) imported through the engine (tests/tools/xgreplay), as
# far as this tree's engine plays 1856: tests/oracle/18xx-games-1856-known.json's "reaches" says
# for each file the action where it stops today and why, or "whole" (every action applied, the
# values and the end equal to the file's result, the action log replaying to the same state).
# A file that stops earlier fails; one that goes further passes and says so (the entry is then
# to be raised). A difference named there ("differences") stops the replay before it, said.
. "${PBEMGM_TOP:?}/tests/xgames/oracle_lib.sh"
KNOWN="$TOP/tests/oracle/18xx-games-1856-known.json"
# the action a file reaches today by the known file: a number, "whole", or "" (not listed)
reaches() {
    python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["reaches"]:
    if r["file"] == sys.argv[2]:
        print(r["action"])' "$KNOWN" "$1"
}
files=$(ls "$ORACLE"/1856/*.json "$TOP"/tests/oracle/18xx-games/1856/*.json 2>/dev/null)
[ -n "$files" ] || { not_ok "18xx.games' 1856 games are in $ORACLE/1856"; exit 1; }
count=0
whole=""
for f in $files; do
    name=$(basename "$f")
    count=$((count + 1))
    want=$(reaches "$name")
    out=$("$REPLAY" "$f" 2>&1)
    rc=$?
    refused=$(echo "$out" | sed -n 's/^REFUSED action \([0-9]*\) .*/\1/p' | head -1)
    [ -z "$refused" ] && echo "$out" | grep -q '^REFUSED ' && refused=0
    why=$(echo "$out" | grep -m1 '^REFUSED' | cut -c1-200)
    if [ $rc -eq 0 ] && echo "$out" | tail -1 | grep -q '^all equal$' &&
        echo "$out" | grep -q '^the action log replays to the same state$'; then
        [ "$want" = whole ] && ok "$name imports whole: $(echo "$out" | grep -c ': pbemgm [0-9]*, file') values and the end equal" \
            || ok "$name imports whole, further than the known file says ($want): raise it"
        whole="$whole $f"
    elif [ $rc -eq 0 ] && echo "$out" | grep -q '^a known difference at action'; then
        ok "$name applies every action before its known difference: $(echo "$out" | sed -n 's/^a known difference at action \([0-9]*\).*/\1/p')"
    elif [ -z "$want" ]; then
        not_ok "$name is not in $KNOWN's reaches: $why"
    elif [ -n "$refused" ] && [ "$want" != whole ] && [ "$refused" -eq "$want" ]; then
        ok "$name imports up to action $want as known: $why"
    elif [ -n "$refused" ] && [ "$want" != whole ] && [ "$refused" -gt "$want" ]; then
        ok "$name imports further than known ($want): $why — raise it"
    else
        not_ok "$name stops before what is known ($want): $why $(echo "$out" | grep -m2 DIFFERENT | tr '\n' ' ')"
    fi
done
[ "$count" -ge 8 ] && ok "$count recorded 1856 games checked" || not_ok "only $count 1856 games found"
# what the section maps: an optional rule it does not know refuses the file, naming it
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; echo "1..$N"' EXIT
f=$(ls "$ORACLE"/1856/move_up_price_sr1.json 2>/dev/null || ls "$TOP"/tests/oracle/18xx-games/1856/*.json | head -1)
sed 's/"optional_rules":\[\]/"optional_rules":["no_such_rule"]/' "$f" > "$tmp/rule.json"
out=$("$REPLAY" "$tmp/rule.json" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q 'REFUSED optional rule no_such_rule' \
    && ok "an optional rule the 1856 section does not map is refused, named" \
    || not_ok "an unknown optional rule: $(echo "$out" | tail -2 | tr '\n' ' ')"
# a special purchase the section does not name is refused with the action's id, not a crash
python3 - "$f" "$tmp" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
last = d["actions"][-1]
a = {"type": "special_buy", "entity": "BBG", "entity_type": "corporation",
     "id": last["id"], "description": "Ferry Token", "cost": 50}
last["id"] += 1
d["actions"].insert(len(d["actions"]) - 1, a)
json.dump(d, open(sys.argv[2] + "/buy.json", "w"))
PY
out=$("$REPLAY" "$tmp/buy.json" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q 'REFUSED action [0-9]* (special_buy): .*Ferry Token' \
    && ok "a special purchase the section does not name is refused, naming the action" \
    || not_ok "an unknown special purchase: $(echo "$out" | tail -2 | tr '\n' ' ')"
# the export (xg_export) checked by 18xx.games' own engine, when it is here: an 1856 file imported
# and exported again (the start packet and a stock round sold out) loads with the same values;
# games of pbemgm's robot (xgexport, the start packet, stock rounds and an operating round with
# 18xx.games' destination checks and loan-step passes) load whole; a finished game exported
# ends there with the values pbemgm wrote (1856_game_end_bank: the CGR's formation written)
ENGINE="$TOP/scripts/xgames_engine.sh"
TOOL="$BUILD/tests/tools/xgexport"
sh "$ENGINE" setup > /dev/null 2>&1
if [ $? -eq 2 ] || [ ! -x "$TOOL" ]; then
    ok "# SKIP 18xx.games' engine or xgexport not here: the export is not checked"
else
    f=$(ls "$ORACLE"/1856/move_up_price_sr1.json 2>/dev/null)
    if [ -n "$f" ] && "$TOOL" again "$f" "$tmp/again.json" > /dev/null 2>&1; then
        out=$(sh "$ENGINE" check "$tmp/again.json")
        echo "$out" | grep -q '"loaded":true' &&
            echo "$out" | grep -q '"result":{"6":275,"5":275,"3":270,"2":270,"1":270,"4":270}' \
            && ok "move_up_price_sr1 imported and exported again loads in 18xx.games with its values" \
            || not_ok "move_up_price_sr1 exported again: $out"
    else
        not_ok "move_up_price_sr1 does not export again"
    fi
    for f in $whole; do # every file imported whole, exported again, loads whole
        exported_again "$f" "$KNOWN" "$tmp"
    done
    # a file with a known difference at its end (hotseat006: the CGR's one-share president who
    # cannot buy his second share): exported again it loads whole, 18xx.games' engine ends it
    # there as the file does, with its values
    f="$TOP/tests/oracle/18xx-games/1856/hotseat006.json"
    "$TOOL" again "$f" "$tmp/h6.json" > "$tmp/h6.out" 2>&1
    out=$(sh "$ENGINE" check "$tmp/h6.json" 2>&1)
    echo "$out" | grep -q '"loaded":true' && echo "$out" | grep -q '"game_end_reason":"bankrupt"' &&
        echo "$out" | grep -q '"result":{"2":4607,"1":4485,"3":459}' \
        && ok "hotseat006.json exported again loads whole in 18xx.games: its bankrupt end, its values" \
        || not_ok "hotseat006.json exported again: $(head -c 200 "$tmp/h6.out") $(echo "$out" | cut -c1-200)"
    for seed in 10 11 12; do
        "$TOOL" play 1856 "$seed" 60 "$tmp/r$seed.json" 4 > /dev/null 2>&1
        out=$(sh "$ENGINE" check "$tmp/r$seed.json")
        echo "$out" | grep -q '"loaded":true' \
            && ok "the robot's 1856 game $seed (to its second stock round) loads whole in 18xx.games" \
            || not_ok "the robot's 1856 game $seed: $(echo "$out" | cut -c1-300)"
    done
fi
