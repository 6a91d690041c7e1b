# Issue 32: silent games of 18GA play to their ends without an error (tests/tools/autogame: the
# five privates auctioned, then every player NMR each turn, house rules 12, 13 and 17 playing
# for them), for three to five players, each within a bounded number of turns, and every turn's
# report as mailed renders (no "(null)", no line over 78 characters: tests/turn/silent_lib.sh).
# Silent from the start, no company starts (the packet makes no director): the privates' income
# breaks the bank. Players who put their money into their companies in the first stock rounds
# (AUTOGAME_INVEST), their companies played for them, see them build, buy trains one a turn
# from the bank in phases 2 and 3, reach the later phases; a sold-out company rises each stock
# round, and the game ends when one reaches the market's top cell (300), after that operating
# round — 18GA's own end, which the report's "The game now" names with the phase's train limit.
TITLE=18GA
. "${PBEMGM_TOP:?}/tests/turn/silent_lib.sh"

for players in 3 4 5; do
    play "silent-$players" $players
    rendered "silent-$players"
done
says silent-3 "the game is over: the bank broke"
for players in 3 4 5; do
    play "investing-$players" $players 100
    played "investing-$players"
    rendered "investing-$players"
done
# investing only in the first stock rounds, then silent: the companies sold out rise to the top
play "investing-early-3" 3 12
played "investing-early-3"
says investing-early-3 "the game is over: a company reached the market's end"
# 18GA's own rules, said where they hold: the limit in phase 2, the ends in every report
says investing-4 "In this phase a company buys at most 1 train from the bank (or the pool)"
says investing-4 "reaches 300 (the market's end), at the end of the operating round in play."
# the limit holds: before phase 4 begins, no company buys two trains from the bank in one
# operating turn (the report's lines between a company's "operates" and the next)
two=$(awk '/^Phase 4 begins/ { exit }
           match($0, /[^ ]+ operates \(/) { co = substr($0, RSTART, RLENGTH - 11); n = 0 }
           co != "" && index($0, co " buys a ") == 1 && / train from the bank/ {
               if (++n > 1) print }' \
      "$tmp/investing-4.out" | head -1)
if [ -z "$two" ] && grep -q "^Phase 4 begins" "$tmp/investing-4.out"; then
    ok "investing-4: before phase 4 no company buys a second train from the bank in a turn"
else
    not_ok "investing-4: a second train from the bank in one turn (or no phase 4): $two"
fi
