# The HTML mail on a phone (issue 27, item 17): the turn report (the GM's page, a player's copy
# with the order form, a game of seven, a game of 1830) and the start-of-game mail, laid out by
# headless Chromium 360 and 400 px wide, are no wider than the screen: the document's
# scrollWidth is at most its clientWidth (a table or picture that runs off the screen makes it
# wider; the market and the worth table scroll inside their own box and do not).
# scripts/page_width.sh measures (in a frame: Chromium's window is never narrower than 500 px)
# and names what sticks out. make check installs Chromium (scripts/deps.sh); run by hand
# without it, the test is skipped (ok # SKIP).
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
PBEMGM="$BUILD/pbemgm"
MAILTOOL="$BUILD/tests/tools/mailtool"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
tmp=$(mktemp -d /tmp/pbemgm-phone-XXXXXX)
trap 'echo "1..$N"; [ -n "${PHONE_KEEP:-}" ] || rm -rf "$tmp"' EXIT

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    N=1; echo "ok 1 # SKIP Chromium is not installed (scripts/deps.sh installs it)"
    exit 0
fi

# measure NAME PAGE WIDTH: the page in a frame WIDTH px wide is no wider than the frame
measure() {
    if [ ! -s "$2" ]; then not_ok "$1 at $3 px: no page"; return; fi
    m=$(sh "$TOP/scripts/page_width.sh" "$2" "$3" 2>&1)
    set -- "$1" "$2" "$3" "$m" $m
    if [ "$5" != "$3" ]; then
        not_ok "$1 at $3 px: not measured ($4)"
    elif [ "$6" -le "$7" ]; then
        ok "$1 at $3 px: the page is $6 px wide"
    else
        not_ok "$1 at $3 px: the page is $6 px wide, wider than the screen: ${4#*| }"
    fi
}

# the demo's game (three players, their mails of turn 1), played on silently for three turns:
# companies floated and running, the market, the worth chart and table
cd "$tmp"
mkdir demo seven
cd demo
{
    "$PBEMGM" init
    "$PBEMGM" game create demo
    "$PBEMGM" player add demo alice alice@example.org --password tulip-7
    "$PBEMGM" player add demo bob bob@example.org --password maple-3
    "$PBEMGM" player add demo carol carol@example.org --password birch-9 --no-mail
    "$PBEMGM" game start demo --options pbem-house-rules
    "$PBEMGM" game set demo --grace-minutes 0
    i=0
    for f in "$TOP"/scripts/demo-mail/*.eml; do
        i=$((i + 1)); cp "$f" "maildir/in/new/$(date +%s).demo$i.$(basename "$f" .eml)"
    done
    "$PBEMGM" serve --once
    for k in 2 3 4; do "$PBEMGM" game resolve demo; done
    "$PBEMGM" serve --once
    "$PBEMGM" game report demo 4 --html "$tmp/demo-gm.html"
} > "$tmp/demo.log" 2>&1 || not_ok "the demo's game was not played: $(tail -3 "$tmp/demo.log")"
mail_to_alice() { grep -l "^Subject: $1" $(grep -l "^To: alice" maildir/out/new/*) 2>/dev/null | head -1; }
mkdir -p "$tmp/alice-report" "$tmp/alice-start"
"$MAILTOOL" html "$(mail_to_alice 'demo: turn 4')" "$tmp/alice-report" > /dev/null 2>&1
"$MAILTOOL" html "$(mail_to_alice 'demo: the game begins')" "$tmp/alice-start" > /dev/null 2>&1
# seven players (the most 1835 seats): the widest worth table, the longest players' table
cd ../seven
{
    "$PBEMGM" init
    "$PBEMGM" game create seven
    for p in alice bob carol dave erin frank gina; do
        "$PBEMGM" player add seven "$p" "$p@example.org" --password "pw-$p" --no-mail
    done
    "$PBEMGM" game start seven --options pbem-house-rules
    for k in 1 2 3 4 5 6; do "$PBEMGM" game resolve seven; done
    "$PBEMGM" game report seven 6 --html "$tmp/seven-gm.html"
} > "$tmp/seven.log" 2>&1 || not_ok "the seven players' game was not played: $(tail -3 "$tmp/seven.log")"
# a game of 1830, six players: its market is the widest of our titles
mkdir ../g1830
cd ../g1830
{
    "$PBEMGM" init
    "$PBEMGM" game create g1830 --title 1830
    for p in alice bob carol dave erin frank; do
        "$PBEMGM" player add g1830 "$p" "$p@example.org" --password "pw-$p" --no-mail
    done
    "$PBEMGM" game start g1830 --options pbem-house-rules
    for k in 1 2 3; do "$PBEMGM" game resolve g1830; done
    "$PBEMGM" game report g1830 3 --html "$tmp/g1830-gm.html"
} > "$tmp/g1830.log" 2>&1 || not_ok "the game of 1830 was not played: $(tail -3 "$tmp/g1830.log")"
cd "$tmp"

for width in 360 400; do
    measure "the GM's report" "$tmp/demo-gm.html" $width
    measure "a player's report with the order form" "$tmp/alice-report/page.html" $width
    measure "the start of the game" "$tmp/alice-start/page.html" $width
    measure "the report of a game of seven" "$tmp/seven-gm.html" $width
    measure "the report of a game of 1830" "$tmp/g1830-gm.html" $width
done
