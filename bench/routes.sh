#!/bin/sh
# make bench: the revenue optimizer against the exhaustive baseline, on real positions — every
# moment in the Rails games of ../shared/oracle/rails-1835/ when a company with two or more
# trains declared its revenue (late game included: 4 trains, thousands of single-train runs).
# Each position is computed 20 times by each; both must find the same total everywhere.
# Then the hard positions: at each game's end (its densest board) every company with three or
# more stations given three of the longest trains (3x 6+6): the optimizer five times (its median), and the
# exhaustive baseline within a budget of 20 million combinations — where it finishes, the
# totals must be equal. Prints the positions, the time of each and the ratio, measured in this
# one run.
set -eu
. "$(dirname "$0")/oracle.sh"
all=$(for log in "$oracle"/*.report; do
    "$build/tests/tools/rails_replay" --bench "$log" 2>/dev/null | grep '^bench \|^hard '
done)
out=$(echo "$all" | grep '^bench ')
echo "$all" | grep '^hard ' | awk '
    { n++; if ($6 > worst) { worst = $6; at = $2 " " $3 }; sum += $6
      if ($7 >= 0) { finished++; if ($7 != $5) differ++ } }
    END {
        printf "routes, hard positions: %d (three of the longest trains on a final board), optimizer %.1f ms on average, slowest %.1f ms (%s)\n", n, sum * 1000 / n, worst * 1000, at
        printf "routes, hard positions: the exhaustive baseline finished %d within its budget; totals differ on %d\n", finished, differ
        exit differ != 0
    }' 
echo "$out" | awk '
    { n += $2; differ += $3; opt += $4; base += $5
      if ($6 > trains) trains = $6; if ($7 > runs) runs = $7 }
    END {
        printf "routes: %d positions (up to %d trains, up to %d single-train runs listed)\n", n, trains, runs
        printf "routes: optimizer %.2f ms, exhaustive baseline %.2f ms in all; %.2f ms and %.2f ms a position\n", opt * 1000, base * 1000, opt * 1000 / n, base * 1000 / n
        printf "routes: baseline/optimizer ratio %.1f; totals differ on %d positions\n", base / opt, differ
        exit differ != 0
    }'
