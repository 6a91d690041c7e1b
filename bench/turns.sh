#!/bin/sh
# make bench: what resolving a turn costs on real positions — at the start of every operating
# round in the Rails games of ../shared/oracle/rails-1835/, one operating round is resolved on a
# copy twice: with every player NMR (each company played for its director: house rule 17's
# search over every legal tile and station, each tried with the revenue optimizer), and with
# every director ordering NO TILE and NO STATION (no search). Track must connect, as in a PBEM
# game. Prints the positions, the time of each kind, the slowest automatic round and the ratio,
# measured in this one run. Also the acknowledgement's preview at each position: the turn of two
# rounds played on a copy with one player's orders, the others idle (what every order mail costs
# besides its password check).
set -eu
. "$(dirname "$0")/oracle.sh"
out=$(for log in "$oracle"/*.report; do
    "$build/tests/tools/rails_replay" --turn-bench "$log" 2>/dev/null | grep '^turnbench '
done)
echo "$out" | awk '
    { n += $2; auto += $3; ordered += $4; if ($5 > slowest) slowest = $5
      preview += $6; if ($7 > preview_max) preview_max = $7 }
    END {
        printf "turns: %d operating rounds resolved from real positions\n", n
        printf "turns: all NMR (automatic, house rule 17 searches) %.1f ms a round, slowest %.1f ms\n", auto * 1000 / n, slowest * 1000
        printf "turns: directors ordering no tile and no station %.2f ms a round\n", ordered * 1000 / n
        printf "turns: automatic/ordered ratio %.0f\n", auto / ordered
        printf "turns: an acknowledgement'"'"'s preview (a turn of two rounds on a copy, the others idle) %.2f ms, slowest %.1f ms\n", preview * 1000 / n, preview_max * 1000
    }'
