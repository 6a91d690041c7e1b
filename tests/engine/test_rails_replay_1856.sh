# The Rails 1856 oracle (issue 31): every 1856 game Rails recorded — the six of
# ../shared/oracle/rails-1856/ and Rails' others in tests/oracle/rails-1856/ — replays through the
# engine with config/games/1856.json and its save's options, every consequence matching, as far
# as tests/oracle/rails-1856.json "_replays_to" says it must today (0: to its end), stopping
# only where the engine has not built something yet ("not built: ...") or at a known difference
# (tests/oracle/rails-1856-known.json); and its action log replays to the same state.
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
ORACLE=${PBEMGM_ORACLE_1856:-$TOP/../shared/oracle/rails-1856}
# a clone elsewhere (CI) finds the team's shared folder at its usual place
[ -d "$ORACLE" ] || [ -n "${PBEMGM_ORACLE_1856:-}" ] || ORACLE=/work/shared/oracle/rails-1856
REPLAY="$BUILD/tests/tools/rails_replay"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
trap 'echo "1..$N"' EXIT
cd "$TOP"
# the line a log must reach today (rails-1856.json "_replays_to": one entry a line)
must_reach() {
    grep -F "\"$1\":" tests/oracle/rails-1856.json | sed -n 's/.*: *\([0-9][0-9]*\).*/\1/p'
}
logs=$(ls "$ORACLE"/*.report tests/oracle/rails-1856/*.report 2>/dev/null)
[ "$(echo "$logs" | wc -l)" -ge 10 ] || not_ok "the Rails 1856 logs are in $ORACLE and tests/oracle/rails-1856"
for log in $logs; do
    name=$(basename "$log")
    want=$(must_reach "$name")
    out=$("$REPLAY" "$log" 2>&1)
    stop=$(echo "$out" | sed -n 's/^stopped at line \([0-9]*\).*/\1/p')
    why=$(echo "$out" | sed -n 's/^stopped at line [0-9]* ([^)]*): //p')
    if [ -z "$want" ]; then
        not_ok "$name: no line in tests/oracle/rails-1856.json \"_replays_to\""
    elif ! echo "$out" | tail -1 | grep -q 'all consequences match\( up to there\)\?$' ||
        ! echo "$out" | grep -q 'replays to the same state$'; then
        not_ok "$name: $(echo "$out" | grep -m1 -A3 'MISMATCH\|REFUSED\|REPLAY OF THE LOG\|cannot' | tr '\n' ' ')"
    elif [ -n "$stop" ] && { [ "$want" -eq 0 ] || [ "$stop" -lt "$want" ]; }; then
        not_ok "$name stops at line $stop, before line $want: $why"
    elif [ -n "$stop" ]; then
        ok "$name replays to line $stop (at least $want today), every consequence equal; stops: $why"
    else
        ok "$name replays to its end, every consequence equal"
    fi
done
# the consequences are checked: a log whose money after the first stock round is changed
# mismatches there; an 1856 log read with amounts in $ (older Rails) gives the same
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; echo "1..$N"' EXIT
log="$ORACLE/1856_CGR-10Shares-Test.report"
sed 's/^Has,LPS,400/Has,LPS,401/' "$ORACLE/1856_20131124_0943_J1.report" > "$tmp/1856_changed.report"
out=$("$REPLAY" "$tmp/1856_changed.report" 2>&1)
echo "$out" | grep -q "^MISMATCH at line 47: Has,LPS,401" \
    && ok "a changed consequence is a mismatch (LPS's money after the first stock round)" \
    || not_ok "a changed consequence: $(echo "$out" | tail -3 | tr '\n' ' ')"
sed 's/^\(BID_ITEM_LOG,[^,]*,\)\([0-9]\)/\1$\2/; s/^\(Has,[^,]*,\)\([0-9]\)/\1$\2/' "$log" > "$tmp/1856_dollars.report"
cp "$ORACLE/1856_CGR-10Shares-Test.rails" "$tmp/1856_dollars.rails"
a=$("$REPLAY" "$log" 2>&1 | grep '^stopped at line')
b=$("$REPLAY" "$tmp/1856_dollars.report" 2>&1 | grep '^stopped at line')
[ -n "$a" ] && [ "$a" = "$b" ] && ok "amounts written with \$ (older Rails) read as without" \
    || not_ok "amounts with \$: '$a' against '$b'"
# the flat map's rotation words are read (tests/oracle/rails-1856-tile-offsets.json "rotation"):
# a pointy map's word (W) is no rotation of 1856's, and the lays before it are taken
j1="$ORACLE/1856_20131124_0943_J1.report"
sed 's/^LaysTileAt,LPS,5,C14,N\r\?$/LaysTileAt,LPS,5,C14,W/' "$j1" > "$tmp/1856_turned.report"
out=$("$REPLAY" "$tmp/1856_turned.report" 2>&1)
echo "$out" | grep -q "^MISMATCH at line 69: LaysTileAt,LPS,5,C14,W" \
    && ok "1856's rotation words are the flat map's (N, NE, SE, S, SW, NW), its tiles laid at them" \
    || not_ok "rotation words: $(echo "$out" | grep -m1 'stopped\|REFUSED\|MISMATCH')"
