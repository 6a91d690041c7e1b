# The Rails oracle: every game in ../shared/oracle/rails-1835/ replays through the engine to its
# last line with every consequence line matching (no stop at a known difference); and UNTIL=N
# prints the state in the agreed JSON shape, at any line.
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
ORACLE=${PBEMGM_ORACLE:-$TOP/../shared/oracle/rails-1835}
# a clone elsewhere (CI) finds the team's shared folder at its usual place
[ -d "$ORACLE" ] || [ -n "${PBEMGM_ORACLE:-}" ] || ORACLE=/work/shared/oracle/rails-1835
REPLAY="$BUILD/tests/tools/rails_replay"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
trap 'echo "1..$N"' EXIT
cd "$TOP"
logs=$(ls "$ORACLE"/*.report 2>/dev/null)
[ -n "$logs" ] || { not_ok "the Rails logs are in $ORACLE"; exit 1; }
revenues=0
for log in $logs; do
    name=$(basename "$log")
    # to the last line, every consequence matching; and the action log it wrote (JSON) replays
    # on a new game to the same state
    if out=$("$REPLAY" "$log" 2>&1) && echo "$out" | tail -1 | grep -q "all consequences match$" &&
        echo "$out" | grep -q "replays to the same state$"; then
        ok "$name replays: $(echo "$out" | tail -1 | sed 's/.*: //')"
    else
        not_ok "$name: $(echo "$out" | head -5 | tr '\n' ' ')"
    fi
    n=$(echo "$out" | sed -n 's/.*: \([0-9]*\) declared revenues, none above the optimizer.s best.*/\1/p')
    revenues=$((revenues + ${n:-0}))
done
# every revenue the players declared is within the optimizer's best (455 in the 7 games)
[ "$revenues" -ge 450 ] && ok "$revenues declared revenues, none above the optimizer's best" \
    || not_ok "only $revenues declared revenues checked against the optimizer"
state=$("$REPLAY" "$ORACLE/1835_Stoll_12.report" 66 2>/dev/null)
echo "$state" | grep -q '^{"players":{"Eyal":{"cash":50},"Marco":{"cash":65},"Nick":{"cash":90},"Christian":{"cash":24}},"companies":{' \
    && ok "UNTIL prints the state (Stoll_12 before line 66: after the first stock round, privates paid)" \
    || not_ok "UNTIL state: $state"
echo "$state" | grep -q '"BY":{"cash":552,"price":92}' && echo "$state" | grep -q '"M1":{"cash":80,"price":null}' \
    && echo "$state" | grep -q '"bank":10569}$' && ok "companies and bank in the agreed shape" \
    || not_ok "companies/bank: $state"
total=$(echo "$state" | grep -o '"cash":[0-9]*\|"bank":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
[ "$total" = 12000 ] && ok "no money is made or lost (12000 in all)" || not_ok "money in all: $total"
# late in a game, after the Prussian formed and a forced sale: every mark still accounted for
late=$("$REPLAY" "$ORACLE/1835_Forced_Selling_PR_5_Shares.report" 1315 2>/dev/null)
total=$(echo "$late" | grep -o '"cash":-\?[0-9]*\|"bank":-\?[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
echo "$late" | grep -q '"PR":{"cash":137,"price":192}' && [ "$total" = 12000 ] \
    && ok "UNTIL late in a game (Forced_Selling before line 1315: PR 137 at 192; 12000 in all)" \
    || not_ok "late UNTIL state ($total): $late"
# issue 15: house rule 17 tries every lay on a copy, listing again only the runs through the
# changed hex (walked from the hex: back from each stop that reaches it, then forward over it):
# at each operating round's start of a real game, for every company with trains, every tile
# that could be laid anywhere and every station, the best run so found equals the whole
# computation's, under Rails' Elbe ferry and under house rule 3's
out=$("$REPLAY" --check-changed "$ORACLE/1835_Stoll_12.report" 2>&1)
line=$(echo "$out" | grep '^changed ')
set -- $line
[ "${2:-0}" -gt 100000 ] && [ "${3:-1}" -eq 0 ] \
    && ok "a changed board's best run from the runs before it equals the whole ($2 boards, both ferry rules)" \
    || not_ok "changed boards: $line $(echo "$out" | grep 'from the runs before' | head -3)"
# issue 15: the hard positions (three of the longest trains on a final board; the trains of one
# type choose among the runs left by the one before): the optimizer finds what the exhaustive
# search finds wherever that finishes within its budget, and the benchmark's positions agree
# (bench_counts: hard positions the exhaustive search finished, those whose totals differ,
# positions of play, those that differ)
bench_counts() {
    echo "$1" | awk '$1 == "hard" && $7 >= 0 { f++; if ($7 != $5) d++ }
                     $1 == "bench" { n += $2; bd += $3 } END { print f + 0, d + 0, n + 0, bd + 0 }'
}
out=$("$REPLAY" --bench "$ORACLE/1835_Correct_Sell_Pass.report" 2>&1)
line=$(bench_counts "$out")
set -- $line
[ "$1" -ge 2 ] && [ "$2" -eq 0 ] && [ "$3" -gt 0 ] && [ "$4" -eq 0 ] \
    && ok "the optimizer equals the exhaustive search on $1 hard positions and $3 positions of play" \
    || not_ok "hard positions: $line $(echo "$out" | grep '^hard')"
# issue 15: the long lists' ways — the index by track that the trains of one type read, and the
# listing shared with a second thread — forced on from the first run, give the same totals (and
# at each position of play the very runs the default ways choose)
out=$(RAILS_ROUTES_TUNE="0 0" "$REPLAY" --bench "$ORACLE/1835_Correct_Sell_Pass.report" 2>&1)
line=$(bench_counts "$out")
set -- $line
[ "$1" -ge 2 ] && [ "$2" -eq 0 ] && [ "$3" -gt 0 ] && [ "$4" -eq 0 ] \
    && ok "with the index by track and two listing threads from the first run: the same totals on $1 hard positions, the very same runs on $3 positions of play" \
    || not_ok "index and threads: $line $(echo "$out" | grep '^hard')"
# issue 17: the replay reads the title from the log (GameIs): an 1830 log is replayed with
# config/games/1830.json and its options (tests/oracle/rails-1830.json). Auction_Test (the
# private auction: bids, the Schuylkill Valley's price falling to 0 and taken, a single
# bidder's private, the operating round after everyone passed, the auction going on) replays
# to its end with every consequence equal, and its action log to the same state
ORACLE_1830=$(dirname "$ORACLE")/rails-1830
out=$("$REPLAY" "$ORACLE_1830/1830_Auction_Test.report" 2>&1)
echo "$out" | grep -q 'all consequences match$' \
    && echo "$out" | grep -q 'replays to the same state' \
    && ok "Rails' 1830 auction log replays to its end, every consequence equal" \
    || not_ok "the 1830 auction log: $(echo "$out" | tail -3)"
# ... and the other base-game logs replay to their ends too: the auction, the B&O's par, pars
# chosen, full capitalisation, privates bought by companies (C&StL's and D&H's powers then
# theirs), blocked hexes, M&H traded for an NYC share, the market's zones, the operating order
# re-sorted after an emergency sale, the D traded in for a 5, the bank broken ending the set of
# operating rounds; 5forDtrainExchange's typed revenues corrected by the GM as
# tests/oracle/rails-1830-known.json documents; and the two Coalfields & Reading games with
# config/games/1830-coalfields.json (a title extending 1830): N&W and RDG, the C&A's RDG share,
# the Coalfields right, obsolete 2-trains run once more and scrapped
for log in 1830_5forDtrainExchange 1830_SellFullPresCert 1830_B 1830_ShareSelling_Test; do
    out=$("$REPLAY" "$ORACLE_1830/$log.report" 2>&1)
    echo "$out" | tail -1 | grep -q 'all consequences match$' \
        && echo "$out" | grep -q 'replays to the same state' \
        && ok "$log replays to its end: $(echo "$out" | tail -1 | sed 's/.*: //')" \
        || not_ok "$log: $(echo "$out" | grep -m1 -A2 'at line' | tr '\n' ' ')"
done
# any Rails log plays with the options of the Rails save beside it (X.rails for X.report: a Java
# object stream whose options' map rails_replay reads; its Variant names the title file): a
# Coalfields & Reading game (copied elsewhere: the save comes before the oracle's entry), with a save made here in Java's stream format
# (a version, a date, a Long, the game, then the map; a value given again by reference), replays
# to its end; with C&ACertificate=PRR in its save the C&A's RDG share is a mismatch; without a
# save, Rails' defaults are said
jstr() { # a Java TC_STRING
    printf '\164\000'; printf "\\$(printf %03o ${#1})"; printf '%s' "$1"
}
rails_save() { # rails_save FILE C&A-CERTIFICATE
    {
        printf '\254\355\000\005'; jstr "2.4"; jstr "2026-11-25 10:00:00"
        printf '\163\162\000\016java.lang.Long\073\213\344\220\314\217\043\337\002\000\001'
        printf '\112\000\005value\170\162\000\020java.lang.Number\206\254\225\035\013\224\340'
        printf '\213\002\000\000\170\160\000\000\000\000\000\000\000\001'; jstr "1830"
        printf '\163\162\000\021java.util.HashMap\005\007\332\301\303\026\140\321\003\000\002'
        printf '\106\000\012loadFactor\111\000\011threshold\170\160\077\100\000\000\000\000\000'
        printf '\014\167\010\000\000\000\020\000\000\000\004'
        jstr "Variant"; jstr "Coalfields&Reading"; jstr "WithOptional6Train"; jstr "yes"
        jstr "C&ACertificate(ReadingOnly)"; jstr "$2"
        jstr "SeparateSalesAtSamePrice"; printf '\161\000\176\000\013' # "yes" again
        printf '\170'
    } > "$1"
}
tmp=$(mktemp -d)
cp "$ORACLE_1830/1830_ShareSelling_Test.report" "$tmp/"
rails_save "$tmp/1830_ShareSelling_Test.rails" RDG
out=$("$REPLAY" "$tmp/1830_ShareSelling_Test.report" 2>&1)
echo "$out" | grep -q "the options of the Rails save: WithOptional6Train=yes, C&ACertificate=RDG, SeparateSalesAtSamePrice=yes$" \
    && echo "$out" | tail -1 | grep -q 'all consequences match$' \
    && ok "a Rails log replays with its save's options and Variant" \
    || not_ok "the save's options: $(echo "$out" | grep -m1 'options\|at line' | tr '\n' ' ')"
rails_save "$tmp/1830_ShareSelling_Test.rails" PRR
out=$("$REPLAY" "$tmp/1830_ShareSelling_Test.report" 2>&1)
echo "$out" | grep -q "MISMATCH at line [0-9]*: ALSO_GETS,.*,RDG,10" \
    && ok "the save's C&ACertificate=PRR is played: the C&A's RDG share is a mismatch" \
    || not_ok "C&ACertificate=PRR: $(echo "$out" | grep -m1 -A2 'at line' | tr '\n' ' ')"
mv "$tmp/1830_ShareSelling_Test.report" "$tmp/mygame.report"
rm "$tmp/1830_ShareSelling_Test.rails"
out=$("$REPLAY" "$tmp/mygame.report" 2>&1)
echo "$out" | grep -q "no options known for .*mygame.report.*Rails' defaults" \
    && ok "without a save a log plays with Rails' defaults, said" \
    || not_ok "without a save: $(echo "$out" | head -2 | tr '\n' ' ')"
rm -rf "$tmp"
# issue 29: every 1835 and 1830 game Rails ever recorded (tests/oracle/rails-history/, from its
# whole history; README there): each replays to its end, or to a difference documented in
# tests/oracle/rails-TITLE-known.json, every consequence before it matching, and its action log
# to the same state
for log in "$TOP"/tests/oracle/rails-history/*.report; do
    name=$(basename "$log")
    out=$("$REPLAY" "$log" 2>&1)
    if echo "$out" | tail -1 | grep -q 'all consequences match\( up to there\)\?$' &&
        echo "$out" | grep -q 'replays to the same state$'; then
        ok "history $name: $(echo "$out" | grep -m1 '^stopped at line' | sed 's/:.*/; /')$(echo "$out" | tail -1 | sed 's/.*: //')"
    else
        not_ok "history $name: $(echo "$out" | grep -m1 -A2 'MISMATCH\|REFUSED' | tr '\n' ' ')"
    fi
done
# issue 31: every 1856 game Rails recorded — the six of ../shared/oracle/rails-1856/ and Rails'
# others in tests/oracle/rails-1856/ (README there) — replays with config/games/1856.json and
# its save's options, every consequence matching, as far as tests/oracle/rails-1856.json
# "_replays_to" says it must today (0: to its end), stopping only where the engine has not
# built something yet ("not built: ...") or at a known difference
# (tests/oracle/rails-1856-known.json); and its action log replays to the same state
ORACLE_1856=$(dirname "$ORACLE")/rails-1856
must_reach() { # must_reach TITLE LOG: the line rails-TITLE.json "_replays_to" gives (one a line)
    grep -F "\"$2\":" "tests/oracle/rails-$1.json" | sed -n 's/.*: *\([0-9][0-9]*\).*/\1/p'
}
replays_as_far() { # replays_as_far TITLE LOG...: each as far as rails-TITLE.json says
    title=$1
    shift
    for log in "$@"; do
        name=$(basename "$log")
        want=$(must_reach "$title" "$name")
        out=$("$REPLAY" "$log" 2>&1)
        stop=$(echo "$out" | sed -n 's/^stopped at line \([0-9]*\).*/\1/p')
        why=$(echo "$out" | sed -n 's/^stopped at line [0-9]* ([^)]*): //p')
        if [ -z "$want" ]; then
            not_ok "$title $name: no line in tests/oracle/rails-$title.json \"_replays_to\""
        elif ! echo "$out" | tail -1 | grep -q 'all consequences match\( up to there\)\?$' ||
            ! echo "$out" | grep -q 'replays to the same state$'; then
            not_ok "$title $name: $(echo "$out" | grep -m1 -A3 'MISMATCH\|REFUSED\|REPLAY OF THE LOG\|cannot' | tr '\n' ' ')"
        elif [ -n "$stop" ] && { [ "$want" -eq 0 ] || [ "$stop" -lt "$want" ]; }; then
            not_ok "$title $name stops at line $stop, before line $want: $why"
        elif [ -n "$stop" ]; then
            ok "$title $name replays to line $stop (at least $want today), every consequence equal; stops: $why"
        else
            ok "$title $name replays to its end, every consequence equal"
        fi
    done
}
replays_as_far 1856 "$ORACLE_1856"/*.report tests/oracle/rails-1856/*.report
# ... and what it checks can fail: a 1856 log changed by a sed script replays to the line
# expected (changed_1856 NAME LOG SED PATTERN: PATTERN found in the replay's output)
changed_1856() {
    sed "$3" "$ORACLE_1856/$2.report" > "$tmp/$1.report"
    [ -f "$ORACLE_1856/$2.rails" ] && cp "$ORACLE_1856/$2.rails" "$tmp/$1.rails"
    "$REPLAY" "$tmp/$1.report" 2>&1 | grep -q "$4"
}
tmp=$(mktemp -d)
changed_1856 money 1856_20131124_0943_J1 's/^Has,LPS,400/Has,LPS,401/' "^MISMATCH at line 47: Has,LPS,401" \
    && ok "1856: a changed consequence is a mismatch (LPS's money after the first stock round)" \
    || not_ok "1856: a changed consequence is not found"
# the flat map's rotation words are read (tests/oracle/rails-1856-tile-offsets.json "rotation"):
# a pointy map's word (W) is no rotation of 1856's, and the lays before it were taken
changed_1856 turned 1856_20131124_0943_J1 's/^LaysTileAt,LPS,5,C14,N\r\?$/LaysTileAt,LPS,5,C14,W/' \
    "^MISMATCH at line 69: LaysTileAt,LPS,5,C14,W" \
    && ok "1856's rotation words are the flat map's (S, SW, NW, N, NE, SE), its tiles laid at them" \
    || not_ok "1856's rotation words are not read"
# amounts written with $ (older Rails) are read as without: the same end as the log's own (a
# copy of the same name: its known differences apply)
end=$("$REPLAY" "$ORACLE_1856/1856_CGR-10Shares-Test.report" 2>&1 | grep -m1 '^stopped at line' | cut -d' ' -f1-4)
[ -n "$end" ] && end="^$end " || end='all consequences match$'
changed_1856 1856_CGR-10Shares-Test 1856_CGR-10Shares-Test 's/^\(BID_ITEM_LOG,[^,]*,\)\([0-9]\)/\1$\2/; s/^\(Has,[^,]*,\)\([0-9]\)/\1$\2/' \
    "$end" \
    && ok "1856: amounts written with \$ (older Rails) read as without" \
    || not_ok "1856: amounts with \$ are not read"
rm -rf "$tmp"
# issue 32: Rails' one 18GA game — 18GA_A of ../shared/oracle/rails-18GA/ (to the bank's break
# in OR 7.1) and Rails' own rewrite of it after its J10 fix in tests/oracle/rails-18GA/ (README
# there) — replays with config/games/18GA.json and its save's options (and Rails' base-game
# terrain costs, rails-18GA.json "_as_logged"), every consequence matching, as far as
# tests/oracle/rails-18GA.json "_replays_to" says; the places where Rails of 2011 and the
# published rules differ are tests/oracle/rails-18GA-known.json's, each corrected by the GM:
# J10's cost Rails lacked, and three revenues of Rails' calculator with Montgomery and
# Tallahassee as towns
ORACLE_18GA=$(dirname "$ORACLE")/rails-18GA
replays_as_far 18GA "$ORACLE_18GA"/*.report tests/oracle/rails-18GA/*.report
out=$("$REPLAY" "$ORACLE_18GA/18GA_A.report" 2>&1)
n=$(echo "$out" | grep -c 'a known difference)$')
[ "$n" -eq 4 ] && echo "$out" | grep -q "the GM gives ACL the 40 back" \
    && echo "$out" | grep -q '3 declared revenues above the best, each a known difference' \
    && ok "18GA_A: the GM corrects 4 known differences (J10's 40; 3 revenues with Montgomery and Tallahassee as towns)" \
    || not_ok "18GA_A's corrections: $n $(echo "$out" | grep 'known difference' | tr '\n' ' ')"
# before OR 7.1 (line 1070): every dollar accounted for, the GM's corrections paid by the bank
state=$("$REPLAY" "$ORACLE_18GA/18GA_A.report" 1070 2>/dev/null)
total=$(echo "$state" | grep -o '"cash":-\?[0-9]*\|"bank":-\?[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
echo "$state" | grep -q '"bazik":{"cash":1925}' && echo "$state" | grep -q '"ACL":{"cash":17,"price":110}' \
    && [ "$total" = 8000 ] && ok "18GA_A before OR 7.1: the money as Rails', 8000 in all" \
    || not_ok "18GA_A's state before line 1070 ($total): $state"
# the terrain costs are Rails' base game's (rails-18GA.json "_as_logged": TerrainCosts=rails):
# with the title's default (18xx.games': G3 free) ACL's 57 on Columbus at line 834 is no 40
out=$(PBEMGM_OPTIONS="Variant=Basegame" "$REPLAY" "$ORACLE_18GA/18GA_A.report" 2>&1)
echo "$out" | grep -q "^MISMATCH at line 834: LaysTileAtFor,ACL,57,G3,NW,40" \
    && ok "18GA_A: Rails' base-game terrain costs, as logged (G3 40 at line 834; 18xx.games' none)" \
    || not_ok "18GA_A without TerrainCosts=rails: $(echo "$out" | grep -m1 -A2 'MISMATCH\|REFUSED' | tr '\n' ' ')"
# ... and what it checks can fail (changed_18GA NAME LOG SED PATTERN: a copy of LOG changed by
# SED, under NAME, its save beside it, replays to PATTERN)
changed_18GA() {
    dir=$ORACLE_18GA
    [ -f "$dir/$2.report" ] || dir=tests/oracle/rails-18GA
    sed "$3" "$dir/$2.report" > "$tmp/$1.report"
    cp "$dir/$2.rails" "$tmp/$1.rails"
    "$REPLAY" "$tmp/$1.report" 2>&1 | grep -q "$4"
}
tmp=$(mktemp -d)
# ACL's money after OR 2.1 is Rails' only with the GM's 40 back for J10
changed_18GA 18GA_A 18GA_A 's/^Has,ACL,350\r\?$/Has,ACL,310/' "^MISMATCH at line 185: Has,ACL,310" \
    && ok "18GA: a changed consequence is a mismatch (ACL's money after J10's lay)" \
    || not_ok "18GA: a changed consequence is not found"
# with J10's 40 charged (Rails' rewrite), ACL cannot pay for the 4-train it bought in OR 4.1 —
# where Rails stopped loading the save: pbemgm refuses it too
changed_18GA 18GA_A_c73b8b557 18GA_A_c73b8b557 's/^LoadInterrupted,218\r\?$/BuysTrain,ACL,4,IPO,300/' \
    "the engine says: a 4 train costs 300, and ACL has 270$" \
    && ok "18GA: after Rails' J10 fix ACL cannot pay for its 4-train in OR 4.1, in pbemgm as in Rails" \
    || not_ok "18GA: the rewrite's ACL 4-train is not refused"
# amounts written with $ (older Rails) are read as without: the same end
changed_18GA 18GA_A 18GA_A 's/^\(BID_ITEM_LOG,[^,]*,\)\([0-9]\)/\1$\2/; s/^\(Has,[^,]*,\)\([0-9]\)/\1$\2/; s/^\(Payout,[^,]*,\)\([0-9]\)/\1$\2/' \
    '1027 lines checked, all consequences match$' \
    && ok "18GA: amounts written with \$ (older Rails) read as without" \
    || not_ok "18GA: amounts with \$ are not read"
rm -rf "$tmp"
