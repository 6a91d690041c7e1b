# The map at mail size (issue 14): late in a game, with every station and tile down, the picture
# a report carries is at least 1000 px wide and under 1 MB — the densest boards we have: the end
# of each Rails 1835 game, and a five-player game the GM played to its end.
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
ORACLE=${PBEMGM_ORACLE:-$TOP/../shared/oracle/rails-1835}
[ -d "$ORACLE" ] || [ -n "${PBEMGM_ORACLE:-}" ] || ORACLE=/work/shared/oracle/rails-1835
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
trap 'echo "1..$N"; rm -rf "$tmp"' EXIT
tmp=$(mktemp -d)
cd "$TOP"

# width and height of a PNG, from its IHDR
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%d %d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'; }

check() { # name file
    if [ ! -s "$2" ]; then not_ok "$1: no picture"; return; fi
    bytes=$(wc -c < "$2"); set -- "$1" "$2" $(png_size "$2")
    if [ "$bytes" -lt 1000000 ] && [ "$3" -ge 1000 ]; then
        ok "$1: $3x$4 px, $bytes bytes"
    else
        not_ok "$1: $3x$4 px, $bytes bytes (wanted >= 1000 px wide, < 1 MB)"
    fi
}

for log in "$ORACLE"/1835_SellDoubleShare.report "$ORACLE"/1835_Issue129done.report; do
    name=$(basename "$log" .report)
    RAILS_MAP="$tmp/$name.png" "$BUILD/tests/tools/rails_replay" "$log" >/dev/null 2>&1
    check "the end of $name" "$tmp/$name.png"
done
AUTOGAME_PLAYERS=5 AUTOGAME_MAP="$tmp/five.png" "$BUILD/tests/tools/autogame" Variant=Clemens 150 \
    > "$tmp/five.out" 2>&1
grep -q " ended$" "$tmp/five.out" || not_ok "the five-player game did not end: $(tail -1 "$tmp/five.out")"
check "a five-player game at its end" "$tmp/five.png"
