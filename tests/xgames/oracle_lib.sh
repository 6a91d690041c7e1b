# oracle_lib.sh: what the second oracle's test scripts share (sourced by
# tests/xgames/test_xgames_replay*.sh): the build and the tree (PBEMGM_BUILD, PBEMGM_TOP), the
# team's copy of 18xx.games' recorded games (ORACLE), the replay tool (REPLAY), TAP counting
# (ok, not_ok, the plan printed at the end); the working directory is the tree's top.
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
ORACLE=${PBEMGM_XG_ORACLE:-$TOP/../shared/oracle/18xx-games}
# a clone elsewhere (CI) finds the team's shared folder at its usual place
[ -d "$ORACLE" ] || [ -n "${PBEMGM_XG_ORACLE:-}" ] || ORACLE=/work/shared/oracle/18xx-games
REPLAY="$BUILD/tests/tools/xgreplay"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
trap 'echo "1..$N"' EXIT
cd "$TOP"

# exported_again FILE KNOWN TMP: FILE, imported whole, exported again (tests/tools/xgexport
# again, into TMP) loads whole in 18xx.games' engine (scripts/xgames_engine.sh) — to its end,
# with the values pbemgm wrote, where the file ends — or, where KNOWN's "export_differences"
# names the file, stops there with that error still: one TAP line.
exported_again() {
    name=$(basename "$1")
    "$BUILD/tests/tools/xgexport" again "$1" "$3/w.json" > "$3/w.out" 2>&1
    out=$(sh "$TOP/scripts/xgames_engine.sh" check "$3/w.json" 2>&1)
    ended=""
    echo "$out" | grep -q '"file_result":{' && ended=" to its end, with the values pbemgm wrote"
    kn=$(python3 -c 'import json, sys
for r in json.load(open(sys.argv[1])).get("export_differences", []):
    if r["file"] == sys.argv[2]:
        print(r["error"])' "$2" "$name")
    if [ -n "$kn" ]; then # a known export difference: it must still be that one
        echo "$out" | grep -qF "$kn" \
            && ok "$name exported again stops in 18xx.games where known: $kn" \
            || not_ok "$name exported again no longer stops where known ($kn): $(echo "$out" | cut -c1-200) — update the known file"
    else
        echo "$out" | grep -q '"loaded":true' &&
            { [ -z "$ended" ] || echo "$out" | grep -q '"result_matches":true'; } \
            && ok "$name imported and exported again loads whole in 18xx.games$ended" \
            || not_ok "$name exported again: $(head -c 200 "$3/w.out") $(echo "$out" | cut -c1-200)"
    fi
    rm -f "$3/w.json"
}
