#!/bin/sh
# make bench: a long automatic game — four players buy the start packet and never write again;
# the game master plays every turn for them (house rules 12, 13, 17) until the game ends or 150
# turns. Prints what the game reached (turns, tiles on the map, trains bought, the phase, whether
# it ended) and the time a turn takes, measured in this one run (tests/tools/autogame.c).
set -eu
build=${1:-build}
out=$("$build/tests/tools/autogame" "Variant=Clemens" 150 | tail -1)
echo "$out" | awk '{
    printf "autogame: %d turns played for four silent players; %d tiles on the map, %d trains bought, phase %s; the game %s\n", $2, $3, $4, $5, $8
    printf "autogame: %.2f ms a turn on average, slowest %.2f ms\n", $6 * 1000 / ($2 ? $2 : 1), $7 * 1000
}'
