# The second oracle: every recorded 1830 game of 18xx.games (../shared/oracle/18xx-games/1830/ and
# tests/oracle/18xx-games/1830/) imports through the engine (tests/tools/xgreplay) with every
# action legal, and ends with the file's result (each player's value) and game_end_reason, the
# engine's action log it made replaying on a new game to the same state (as the store replays
# a game); or,
# where tests/oracle/18xx-games-1830-known.json names a difference in the file, applies every
# action before it (xgreplay reads that file and stops there).
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
ORACLE=${PBEMGM_XG_ORACLE:-$TOP/../shared/oracle/18xx-games}
# a clone elsewhere (CI) finds the team's shared folder at its usual place
[ -d "$ORACLE" ] || [ -n "${PBEMGM_XG_ORACLE:-}" ] || ORACLE=/work/shared/oracle/18xx-games
REPLAY="$BUILD/tests/tools/xgreplay"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
trap 'echo "1..$N"' EXIT
cd "$TOP"
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
rm -rf "$tmp"
