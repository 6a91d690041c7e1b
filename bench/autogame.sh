#!/bin/sh
# make bench: long automatic games — the players buy the start packet (and, in a title whose
# packet makes no director, as 1856's, start a company each in the first stock round) and never
# write again; the game master plays every turn for them (house rules 12, 13, 17) until the game
# ends or 150 turns (300 for 1856). Then 1856 again with the players investing their money in
# their companies in every stock round (AUTOGAME_INVEST; the operating rounds still played for
# them, a round a turn), which reaches the late phases and their long runs; and again with a loan
# ordered for each company every turn, which brings the CGR's formation at the first 6-train;
# and the investing game with three players, whose companies (richer, fewer) reach phase D and
# run four D trains over most of the map: its slowest round is house rule 17's worst case (the
# figure issue 31 measures: 1.4-2.5 s before the work on its search, 1.0-1.75 s after, on a
# shared two-core machine; 14.5 and 8.5 billion instructions by callgrind).
# Prints what each game reached (turns, tiles on the map, trains bought, the phase, whether it
# ended and why) and the time a turn (round) takes, measured in this one run
# (tests/tools/autogame.c); the target for a turn of silent players: 300 ms at worst.
set -eu
build=${1:-build}
play() { # TITLE OPTIONS MAX_TURNS [INVEST [LOANS [PLAYERS]]]
    players=${6:-4}
    out=$(AUTOGAME_TITLE=$1 AUTOGAME_INVEST=${4:-0} AUTOGAME_LOANS=${5:+1} \
        AUTOGAME_PLAYERS=$players "$build/tests/tools/autogame" "$2" "$3")
    why=$(echo "$out" | sed -n 's/^the game is over: //p')
    echo "$out" | tail -1 | awk -v title="$1${4:+ investing}${5:+ with loans}${6:+, $6 players}" \
        -v why="${why:-}" -v per="${4:+round}" -v players="$players" '{
        unit = per != "" ? per : "turn"
        split("one two three four five six seven", word, " ")
        printf "autogame %s: %d %ss played for %s silent players; %d tiles on the map, ", title, $2, unit, word[players], $3
        printf "%d trains bought, phase %s; the game %s%s\n", $4, $5, $8, why != "" ? " (" why ")" : ""
        printf "autogame %s: %.2f ms a %s on average, slowest %.2f ms (target <= 300 ms: %.2f of it)\n",
            title, $6 * 1000 / ($2 ? $2 : 1), unit, $7 * 1000, $7 * 1000 / 300
    }'
}
play 1835 "Variant=Clemens" 150
play 1856 "" 300
play 1856 "" 300 100
play 1856 "" 300 100 loans
play 1856 "" 300 100 "" 3
# 18Kaas and 18GA (issue 32): silent, and investing (18GA with Cotton Port and three players)
play 18Kaas "" 300
play 18Kaas "" 300 100
play 18GA "" 300
play 18GA "Variant=CottonPort" 300 100 "" 3
