# The second oracle: every recorded 1830 game of 18xx.games (../shared/oracle/18xx-games/1830/ and
# tests/oracle/18xx-games/1830/) imports through the engine (tests/tools/xgreplay) with every
# action legal, and ends with the file's result (each player's value) and game_end_reason, the
# engine's action log it made replaying on a new game to the same state (as the store replays
# a game); or,
# where tests/oracle/18xx-games-1830-known.json names a difference in the file, applies every
# action before it (xgreplay reads that file and stops there).
. "${PBEMGM_TOP:?}/tests/xgames/oracle_lib.sh"
files=$(ls "$ORACLE"/1830/*.json "$TOP"/tests/oracle/18xx-games/1830/*.json 2>/dev/null)
[ -n "$files" ] || { not_ok "18xx.games' 1830 games are in $ORACLE/1830"; exit 1; }
count=0
for f in $files; do
    name=$(basename "$f")
    count=$((count + 1))
    out=$("$REPLAY" "$f" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && echo "$out" | grep -q '^a known difference at action'; then
        ok "$name applies every action before its known difference: $(echo "$out" | sed -n 's/^a known difference at action \([0-9]*\).*/\1/p')"
    elif [ $rc -eq 0 ] && echo "$out" | tail -1 | grep -q '^all equal$' &&
        echo "$out" | grep -q '^the action log replays to the same state$'; then
        ok "$name imports whole: $(echo "$out" | grep -c ': pbemgm [0-9]*, file') values and the end ($(echo "$out" | sed -n 's/^end: pbemgm "\(.*\)", file.*/\1/p')) equal, its action log replaying to the same state"
    else
        not_ok "$name: $(echo "$out" | grep -m3 'REFUSED\|DIFFERENT' | tr '\n' ' ')"
    fi
done
[ "$count" -ge 3 ] && ok "$count recorded 1830 games checked" || not_ok "only $count 1830 games found"
# the tool fails where the file does not hold: a result changed is a difference
tmp=$(mktemp -d)
f=$(ls "$ORACLE"/1830/26855.json 2>/dev/null || ls "$TOP"/tests/oracle/18xx-games/1830/*.json | head -1)
sed 's/"result":{"\([0-9]*\)":\([0-9]*\)/"result":{"\1":1\2/' "$f" > "$tmp/changed.json"
out=$("$REPLAY" "$tmp/changed.json" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q 'DIFFERENT' \
    && ok "a result changed in the file is told as different" \
    || not_ok "a changed result: $(echo "$out" | tail -3 | tr '\n' ' ')"
# UNTIL: the position before any action of the file
out=$("$REPLAY" "$f" 100 2>&1)
echo "$out" | tail -1 | grep -q '^applied up to there$' && echo "$out" | grep -q '^stopped before action 100$' \
    && ok "UNTIL stops before the action named" || not_ok "UNTIL: $(echo "$out" | tail -2 | tr '\n' ' ')"
# a difference named in the known file stops the replay there, said (a tree of its own: the
# titles of this one, a known file naming a copy of the game)
mkdir -p "$tmp/top/tests/oracle"
ln -s "$TOP/config" "$tmp/top/config"
cp "$f" "$tmp/top/mine.json"
printf '{"differences": [{"file": "mine.json", "action": 200, "pbemgm": "a test"}]}\n' \
    > "$tmp/top/tests/oracle/18xx-games-1830-known.json"
out=$(cd "$tmp/top" && "$REPLAY" mine.json 2>&1)
[ $? -eq 0 ] && echo "$out" | grep -q '^a known difference at action 200 .*: a test$' \
    && echo "$out" | tail -1 | grep -q '^applied up to there$' \
    && ok "a known difference stops the replay before it, said" \
    || not_ok "the known difference: $(echo "$out" | head -2 | tr '\n' ' ')"
# a run is checked by pbemgm's rules, not taken on the file's word: one route's revenue raised,
# a route through a hex it cannot reach, the routes left out — each refused, naming the action
python3 - "$f" "$tmp" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
runs = [a for a in d["actions"] if a["type"] == "run_routes" and a.get("routes")]
def write(name, change):
    e = json.loads(json.dumps(d))
    a = next(x for x in e["actions"] if x["id"] == runs[0]["id"])
    change(a)
    json.dump(e, open(sys.argv[2] + "/" + name + ".json", "w"))
write("raised", lambda a: a["routes"][0].update(revenue=a["routes"][0]["revenue"] + 10))
write("elsewhere", lambda a: a["routes"][0].update(hexes=["A19", "A17"]))
write("without", lambda a: a.pop("routes"))
PY
for bad in raised:'earns' elsewhere:'route 1' without:'without its routes'; do
    name=${bad%%:*} said=${bad#*:}
    id=$(python3 -c "import json,sys; print(next(a['id'] for a in json.load(open(sys.argv[1]))['actions'] if a['type']=='run_routes' and a.get('routes')))" "$f")
    out=$("$REPLAY" "$tmp/$name.json" 2>&1)
    [ $? -ne 0 ] && echo "$out" | grep -q "REFUSED action $id (run_routes): .*$said" \
        && ok "a run $name is refused, naming action $id" \
        || not_ok "a run $name: $(echo "$out" | grep -m2 'REFUSED\|equal' | tr '\n' ' ')"
done
rm -rf "$tmp"
