#!/bin/sh
# xgames_engine.sh: 18xx.games' own engine (tobymao/18xx lib/, Ruby, MIT) set up for pbemgm's
# tests — the second oracle's reference — and asked what it makes of a game file.
#
#   scripts/xgames_engine.sh setup                 prints the engine's lib/ folder (set up once)
#   scripts/xgames_engine.sh check FILE [OPTS]     one JSON object: loaded or the error with the
#                                                  file's action id and type; finished,
#                                                  game_end_reason, result (and the file's)
#   scripts/xgames_engine.sh position FILE [ID] [OPTS]   the position after action ID (default:
#                                                  the last) as one JSON line
#   scripts/xgames_engine.sh positions FILE [OPTS] the position after every applied action, a
#                                                  JSON line each (for scripts/xgames_diff.sh)
#   scripts/xgames_engine.sh log FILE [FROM [TO]] [OPTS]   the engine's log of those actions
#   scripts/xgames_engine.sh fixtures TITLE        the paths of the engine's own recorded games
#                                                  of TITLE (its public/fixtures/TITLE), a line
#                                                  each; exit 1 when it has none
# OPTS: --title-dir g_1830[,g_...] (the title's folder in lib/engine/game; by default the one
# whose meta names the file's title), --lenient (the engine's non-strict load). The summary's
# keys are described at the top of tests/tools/xgames/xgames_engine.rb.
#
# Where the engine comes from: PBEMGM_18XX, a tobymao/18xx git dir (bare or a clone's .git) or a
# checkout; else the team's mirror /work/.mirror/tobymao+18xx/repo when present. lib/ is taken
# at commit PBEMGM_18XX_COMMIT (default 111f7f698, the one config/games' "18xx.games" facts cite)
# into build/xgames-engine/COMMIT/ (PBEMGM_XG_CACHE overrides build/xgames-engine) once and
# reused (the fixtures likewise, into build/xgames-engine/COMMIT/public/fixtures/TITLE); a
# checkout that is not a git repository is used as it is. The engine needs the gem
# require_all, which Debian lacks: tests/tools/xgames/require_all.rb is pbemgm's own stand-in.
#
# Exit: 0 done (check: the game loaded); 1 the engine refused the file (the JSON says why);
# 2 the engine is not available here (no ruby, no source): tests then SKIP; 64 usage.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
COMMIT=${PBEMGM_18XX_COMMIT:-111f7f698}
CACHE=${PBEMGM_XG_CACHE:-$TOP/build/xgames-engine}
MIRROR=/work/.mirror/tobymao+18xx/repo
TOOLS=$TOP/tests/tools/xgames

usage() {
    sed -n '4,16p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

unavailable() {
    echo "xgames_engine: 18xx.games' engine is not available: $1" >&2
    exit 2
}

source_dir() {
    if [ -n "${PBEMGM_18XX:-}" ]; then
        [ -d "$PBEMGM_18XX" ] || unavailable "PBEMGM_18XX=$PBEMGM_18XX is not a directory"
        echo "$PBEMGM_18XX"
    elif [ -d "$MIRROR" ]; then
        echo "$MIRROR"
    else
        unavailable "no tobymao/18xx source (set PBEMGM_18XX to a git dir or a checkout)"
    fi
}

# PATH (lib, public/fixtures/1830) at COMMIT from the git repository (reached with the git
# options given after PATH) into the cache, once; prints where it is.
extract() {
    path=$1
    shift
    full=$(git "$@" rev-parse --verify -q "$COMMIT^{commit}") ||
        unavailable "commit $COMMIT is not in $src"
    dir=$CACHE/$full/$path
    if [ ! -d "$dir" ]; then
        mkdir -p "$(dirname "$dir")"
        tmp=$(mktemp -d "$CACHE/tmp.XXXXXX")
        if ! git "$@" archive "$full" "$path" 2>/dev/null | tar -x -C "$tmp" 2>/dev/null ||
            [ ! -d "$tmp/$path" ]; then
            rm -rf "$tmp"
            echo "xgames_engine: no $path at $full in $src" >&2
            exit 1
        fi
        # another run may have set it up meanwhile: keep the first
        mv -T "$tmp/$path" "$dir" 2>/dev/null
        rm -rf "$tmp"
    fi
    echo "$dir"
}

# PATH of tobymao/18xx at COMMIT (as it is in a checkout that is not a git repository).
engine_path() {
    src=$(source_dir)
    if git --git-dir="$src" rev-parse --git-dir >/dev/null 2>&1; then
        extract "$1" --git-dir="$src"
    elif git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
        extract "$1" -C "$src"
    elif [ -f "$src/lib/engine.rb" ]; then
        [ -d "$src/$1" ] || { echo "xgames_engine: no $1 in $src" >&2; exit 1; }
        echo "$src/$1"
    else
        unavailable "$src is neither a git repository nor a checkout of tobymao/18xx"
    fi
}

[ $# -ge 1 ] || usage
cmd=$1
shift
case $cmd in
    setup | check | position | positions | log | fixtures) ;;
    *) usage ;;
esac
command -v ruby >/dev/null 2>&1 || unavailable "no ruby (scripts/deps.sh installs it)"
[ "$cmd" = setup ] || [ $# -ge 1 ] || usage
lib=$(engine_path lib)
case $cmd in
    setup)
        echo "$lib"
        exit 0 ;;
    fixtures)
        dir=$(engine_path "public/fixtures/$1")
        ls "$dir"/*.json
        exit 0 ;;
esac
export ENGINE_LOG_LEVEL="${ENGINE_LOG_LEVEL:-4}" # 4: fatal only (its logger.rb)
exec ruby -I "$TOOLS" "$TOOLS/xgames_engine.rb" "$lib" "$cmd" "$@"
