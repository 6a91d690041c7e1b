#!/bin/sh
# make bench: the daemon's pass when nothing is due — every running game looked at for its
# deadline, its reminder and whether all its orders are in — with 1, 100, 1,000 and 10,000
# running games in one database (tests/tools/idlepass.c). Prints the time of a pass each.
set -eu
build=${1:-build}
dir=$(mktemp -d /tmp/pbemgm-idle-XXXXXX)
trap 'rm -rf "$dir"' EXIT
for n in 1 100 1000 10000; do
    "$build/tests/tools/idlepass" "$n" "$dir"
done | awk '{ printf "idle pass: %5d running games, nothing due: %8.3f ms a pass\n", $2, $3 }'
