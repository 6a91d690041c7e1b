#!/bin/sh
# xgames_diff.sh: where pbemgm's engine and 18xx.games' part ways on an 18xx.games game file —
# the position after each action as each engine sees it, compared, and the first action whose
# positions differ reported field by field (tests/tools/xgames/positions_diff.rb says how).
#   scripts/xgames_diff.sh [--all] FILE [--title-dir DIR]
# pbemgm's side: the command in PBEMGM_POSITIONS_CMD, run with FILE after it (shell words; e.g.
# "build/tests/tools/xgreplay --positions"), printing one summary a line, the keys of
# tests/tools/xgames/xgames_engine.rb's summary, "action" the file's action id it comes from.
# 18xx.games' side: scripts/xgames_engine.sh positions FILE (--title-dir goes to it).
# --all: every differing action, not only the first.
# Exit: 0 the same wherever both printed a position; 1 a difference, or a side refused the file;
# 2 18xx.games' engine is not available; 3 pbemgm's command failed without a word; 64 usage.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    sed -n '5,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
}
all=""
if [ "${1:-}" = --all ]; then all=--all; shift; fi
[ $# -ge 1 ] || usage
file=$1
shift
[ -f "$file" ] || { echo "xgames_diff: no file $file" >&2; exit 64; }
if [ -z "${PBEMGM_POSITIONS_CMD:-}" ]; then
    echo "xgames_diff: PBEMGM_POSITIONS_CMD is not set" >&2
    usage
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sh "$TOP/scripts/xgames_engine.sh" positions "$file" "$@" > "$work/xgames"
rc=$?
[ "$rc" -eq 2 ] && exit 2
[ "$rc" -le 1 ] || { echo "xgames_diff: xgames_engine.sh failed ($rc)" >&2; exit "$rc"; }
sh -c "$PBEMGM_POSITIONS_CMD \"\$1\"" xgames_diff "$file" > "$work/pbemgm"
rc=$?
if [ "$rc" -ne 0 ] && [ ! -s "$work/pbemgm" ]; then
    echo "xgames_diff: $PBEMGM_POSITIONS_CMD $file failed ($rc) and printed nothing" >&2
    exit 3
fi
ruby "$TOP/tests/tools/xgames/positions_diff.rb" $all "$work/xgames" "$work/pbemgm"
