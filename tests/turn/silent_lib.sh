# silent_lib: what the silent-game tests share (tests/turn/test_silent_TITLE.sh source it after
# setting TITLE): a game of TITLE played by tests/tools/autogame — the start packet bought,
# then every player silent (NMR) each turn, or investing in the first stock rounds — and the
# checks of its output: it ends within the turns given, its companies played, and each turn's
# report as mailed (AUTOGAME_MAILED) renders: no "(null)", no line over 78 characters. The
# output has each turn's report as the turn wrote it (unwrapped: says looks there) and, unless
# MAILED=0, as mailed. OPTIONS: the game's options; MAX_TURNS: the bound (300). Prints TAP.
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
tmp=$(mktemp -d)
trap 'echo "1..$N"; rm -rf "$tmp"' EXIT
cd "$TOP"

# play NAME PLAYERS [INVEST [LOANS]]: one game (LOANS: a loan ordered for each company every
# turn, AUTOGAME_LOANS); its output in $tmp/NAME.out, a test line
play() {
    name=$1 players=$2 max=${MAX_TURNS:-300}
    out="$tmp/$name.out"
    AUTOGAME_TITLE=$TITLE AUTOGAME_PLAYERS=$players AUTOGAME_INVEST=${3:-0} AUTOGAME_REPORT=1 \
        AUTOGAME_LOANS=${4:+1} AUTOGAME_MAILED=${MAILED:-1} \
        "$BUILD/tests/tools/autogame" "${OPTIONS:-}" "$max" > "$out" 2> "$tmp/$name.err"
    rc=$?
    last=$(tail -1 "$out")
    why=$(sed -n 's/^the game is over: //p' "$out")
    if [ $rc -ne 0 ] || [ -s "$tmp/$name.err" ]; then
        not_ok "$name: autogame failed ($rc): $(head -3 "$tmp/$name.err")"
    elif grep -q "(stopped)" "$out"; then
        not_ok "$name: a turn stopped: $(grep -m1 "(stopped)" "$out")"
    elif ! echo "$last" | grep -q " ended$" || [ -z "$why" ]; then
        not_ok "$name: the game did not end in $max turns: $last"
    else
        turns=$(echo "$last" | cut -d' ' -f2) phase=$(echo "$last" | cut -d' ' -f5)
        ok "$name: the game ends ($why) after $turns turns, phase $phase"
    fi
}

# played NAME: its companies played: track laid, trains bought
played() {
    set -- "$1" $(tail -1 "$tmp/$1.out")
    if [ "${4:-0}" -gt 0 ] && [ "${5:-0}" -gt 0 ]; then
        ok "$1: the companies played ($4 tiles laid, $5 trains bought)"
    else
        not_ok "$1: no company played: $*"
    fi
}

# rendered NAME: every turn's mailed report is there, its text and HTML parts rendered and
# saying no "(null)", and no line of its text longer than 78 characters
rendered() {
    out="$tmp/$1.out"
    reports=$(grep -c "^-- mailed report of turn " "$out")
    nulls=$(grep -c "(null)\|not rendered" "$out") # (its text or HTML part: autogame says)
    long=$(awk '/^-- mailed report of turn /{on=1; next} /^-- end of the mailed report --$/{on=0}
                on && length($0) > 78 { n++; if (!first) first = $0 }
                END { print n + 0 "|" first }' "$out")
    if [ "$reports" -gt 0 ] && [ "$nulls" -eq 0 ] && [ "${long%%|*}" -eq 0 ]; then
        ok "$1: $reports reports rendered, no (null), every line within 78 characters"
    else
        bad="$nulls (null) or not rendered, ${long%%|*} lines over 78"
        not_ok "$1: $reports reports, $bad: ${long#*|}"
    fi
}

# says NAME TEXT...: the game's output has the text (a fixed string) somewhere
says() {
    name=$1; shift
    if grep -qF -- "$*" "$tmp/$name.out"; then
        ok "$name: says \"$*\""
    else
        not_ok "$name: never says \"$*\""
    fi
}
