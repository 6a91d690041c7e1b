#!/bin/sh
# make bench: the Rails 1856 games (../shared/oracle/rails-1856/ and tests/oracle/rails-1856/) —
# each log's replay through the engine (its time, and the line where it stops today: docs/titles.md
# "## 1856"), and at the start of every operating round they reach, one operating round resolved
# on a copy with every player NMR (house rule 17's searches; loans and the CGR once built) and
# with every director ordering no tile and no station, as bench/turns.sh for 1835. Prints the
# positions, the time of each kind and the slowest automatic round, measured in this one run.
set -eu
build=${1:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
oracle=${PBEMGM_ORACLE_1856:-$top/../shared/oracle/rails-1856}
[ -d "$oracle" ] || [ -n "${PBEMGM_ORACLE_1856:-}" ] || oracle=/work/shared/oracle/rails-1856
cd "$top"
now_ms() { date +%s%N | awk '{ printf "%.0f", $1 / 1000000 }'; }
turns=""
for log in "$oracle"/*.report tests/oracle/rails-1856/*.report; do
    t0=$(now_ms)
    out=$("$build/tests/tools/rails_replay" --turn-bench "$log" 2>&1 || true)
    t1=$(now_ms)
    lines=$(grep -c '' "$log")
    stop=$(echo "$out" | sed -n 's/^stopped at line \([0-9]*\) ([^)]*): \(.*\)/line \1 (\2)/p')
    echo "rails 1856: $(basename "$log" .report): $((t1 - t0)) ms, replayed to ${stop:-its end} of $lines lines"
    turns="$turns
$(echo "$out" | grep '^turnbench ' || true)"
done
echo "$turns" | awk '
    $1 == "turnbench" { n += $2; auto += $3; ordered += $4; if ($5 > slowest) slowest = $5 }
    END {
        if (n == 0) { print "turns 1856: no operating round reached yet"; exit }
        printf "turns 1856: %d operating rounds resolved from real positions\n", n
        printf "turns 1856: all NMR %.1f ms a round, slowest %.1f ms (target: 300 ms); directors ordering no tile and no station %.2f ms a round\n", auto * 1000 / n, slowest * 1000, ordered * 1000 / n
    }'
