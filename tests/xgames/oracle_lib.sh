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
