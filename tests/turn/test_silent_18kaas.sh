# Issue 32: silent games of 18Kaas play to their ends without an error (tests/tools/autogame:
# 1830's six privates auctioned, then every player NMR each turn, house rules 12, 13 and 17
# playing for them), for two to six players, each within a bounded number of turns, and every
# turn's report as mailed renders (no "(null)", no line over 78 characters:
# tests/turn/silent_lib.sh). Silent from the start, as in 1830, only the B&O has a director and
# none floats: the privates' income breaks the bank. Players who buy in the first stock round
# only see a few companies float and build; players who keep investing (AUTOGAME_INVEST) see
# theirs reach the late phases, and their runs into the Ruhr (Ruhrgebied) counted as the rule
# (or the game's option) says, each such run explained in the report before its run line.
TITLE=18Kaas
. "${PBEMGM_TOP:?}/tests/turn/silent_lib.sh"

for players in 2 3 4 5 6; do
    play "silent-$players" $players
    rendered "silent-$players"
done
says silent-2 "the game is over: the bank broke"
for players in 2 3; do
    play "first-round-$players" $players 1
    played "first-round-$players"
done
for players in 2 4 6; do
    play "investing-$players" $players 100
    played "investing-$players"
    rendered "investing-$players"
done
# the late phases reached (the diesels' or the 6-trains')
if grep -q "^autogame .* [6D] [0-9.]* [0-9.]* ended$" "$tmp/investing-4.out"; then
    ok "investing-4: phase $(tail -1 "$tmp/investing-4.out" | cut -d' ' -f5) reached"
else
    not_ok "investing-4: no late phase: $(tail -1 "$tmp/investing-4.out")"
fi
# a run into the Ruhr explained, then its run line with the same revenue
ruhr=$(awk '/runs into Ruhrgebied \(.*\): its other cities count twice/ { want = 1; next }
            want && / runs for / { print; exit }' "$tmp/investing-4.out")
if [ -n "$ruhr" ]; then
    ok "investing-4: a run into the Ruhr explained before its run line ($ruhr)"
else
    not_ok "investing-4: no run into the Ruhr explained"
fi
# the alternative rule (the rules summary's: each other city 20 more) and towns counted too
OPTIONS="RuhrgebiedRule=plus20" play "plus20-4" 4 100
says plus20-4 "each of its other cities counts 20 more"
OPTIONS="18KaasRuhrgebiedDoublesOnlyMajors=no" play "stops-4" 4 100
says stops-4 "its other stops count twice"
