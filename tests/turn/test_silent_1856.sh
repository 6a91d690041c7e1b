# Issue 31: a silent game of 1856 plays to its end without an error. The privates are auctioned
# and each player starts a company in the first stock round (tests/tools/autogame.c); from then
# on every player is NMR each turn and automatic play (house rules 12, 13, 17; docs/house-rules.md
# "Playing for a silent player") lays the track, runs, buys the trains, until the game ends — the
# bank broken or a bankruptcy — within a bounded number of turns, for three to six players. In
# the test builds every action is checked against the engine's invariants (money conserved,
# loans and escrow included), a broken one fatal. Silent from the first stock round on, 1856's
# companies (capitalised by the shares sold) never afford a 3-train and the bank breaks in
# phase 2; so the same games are played again with the players investing their money in their
# companies in every stock round (AUTOGAME_INVEST), their companies still played for them: they
# build towards their destinations and reach them (their escrow paid), reach phase 5 and end as
# well (the bank breaks before a 6-train is bought: the CGR's round is not reached this way);
# and with loans ordered by the players, the CGR forms (below).
TITLE=1856
MAILED=0 # (its checks count the report's lines as the turn wrote them)
. "${PBEMGM_TOP:?}/tests/turn/silent_lib.sh"

for players in 3 4 5 6; do
    play "silent-$players" $players
    played "silent-$players"
done
for players in 3 6; do
    play "investing-$players" $players 100
    played "investing-$players"
    out="$tmp/investing-$players.out"
    # played for their directors, the companies build towards their destinations and reach
    # them, their escrow paid; the game reaches phase 5 at least
    reached=$(grep -c " has reached its destination, " "$out")
    if [ "$reached" -ge 3 ] && grep -q "towards its destination" "$out" &&
       grep -q "the bank pays .* its escrow" "$out" && grep -q "phase [56D] " "$out"; then
        ok "investing-$players: $reached companies reach their destinations, phase $(tail -1 "$out" | cut -d' ' -f5) reached"
    else
        not_ok "investing-$players: $reached destinations reached, $(tail -1 "$out")"
    fi
done
# and once more with a loan ordered for each company every turn (AUTOGAME_LOANS), the rest
# played for the directors: at the first 6-train the CGR's round asks each about the loans its
# treasury cannot repay; silent there, each gives its company up, and the CGR forms of them
for players in 4 5; do
    play "loans-$players" $players 100 loans
    out="$tmp/loans-$players.out"
    if grep -q " takes a loan and receives 100" "$out" && grep -q " owes .* interest on " "$out" &&
       grep -q " merges into the national$" "$out" && grep -q "^CGR forms at " "$out" &&
       grep -q "^CGR runs for " "$out"; then
        ok "loans-$players: loans taken, interest paid, companies given up, the CGR formed and running"
    else
        not_ok "loans-$players: $(grep -c 'takes a loan' "$out") loans, $(grep -c 'merges into the national' "$out") mergers, $(tail -1 "$out")"
    fi
done
