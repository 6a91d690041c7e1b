# Issue 32: 18GA and 18Kaas through the service as 1830 is — `game create --title`, players,
# `game start --options pbem-house-rules`, the start mail (its special rules said, lines of at
# most 78 characters, no "(null)", its HTML read by xmllint when installed), a player's mail
# acknowledged (the privates' orders of each title understood), turns resolved and the turn
# report mailed (18GA's train limit and its end at 300 under "The game now"), and the game's
# map drawn (at least 1000 px wide).
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
PBEMGM="$BUILD/pbemgm"
MAILTOOL="$BUILD/tests/tools/mailtool"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
tmp=$(mktemp -d /tmp/pbemgm-titles-XXXXXX)
trap 'echo "1..$N"; rm -rf "$tmp"' EXIT

# the mail to ann whose subject begins so, decoded (mailtool show), in FILE
mail_to_ann() {
    m=$(grep -l "^Subject: $1" $(grep -l "^To: ann" maildir/out/new/* 2>/dev/null) 2>/dev/null |
        head -1)
    mkdir -p "$2.html"
    [ -n "$m" ] && "$MAILTOOL" show "$m" > "$2" && "$MAILTOOL" html "$m" "$2.html" > /dev/null 2>&1
    return 0
}

# well_formed NAME FILE: no "(null)", no line over 78, the HTML part read without error
well_formed() {
    if [ ! -s "$2" ]; then not_ok "$1: no mail"; return; fi
    long=$(awk 'length($0) > 78' "$2" | head -1)
    if grep -q "(null)" "$2" || [ -n "$long" ]; then
        not_ok "$1: a (null) or a long line: $long"
    elif command -v xmllint > /dev/null &&
         [ -n "$(xmllint --html --noout "$2.html/page.html" 2>&1)" ]; then
        not_ok "$1: its HTML: $(xmllint --html --noout "$2.html/page.html" 2>&1 | head -2)"
    else
        ok "$1: text within 78 characters, no (null), its HTML well formed"
    fi
}

# has NAME FILE TEXT: the decoded mail's text (its wrapped lines joined) says TEXT
has() {
    if tr '\n' ' ' < "$2" | tr -s ' ' | grep -qF -- "$3"; then
        ok "$1 says \"$3\""
    else
        not_ok "$1 does not say \"$3\""
    fi
}

# game TITLE NAME: created, three players, started with the house rules' preset, mailed
game() {
    mkdir "$tmp/$2" && cd "$tmp/$2" || exit 1
    {
        "$PBEMGM" init
        "$PBEMGM" game create "$2" --title "$1"
        for p in ann bob cy; do
            "$PBEMGM" player add "$2" "$p" "$p@example.org" --password "pw-$p" --no-mail
        done
        "$PBEMGM" game start "$2" --options pbem-house-rules
        "$PBEMGM" game set "$2" --grace-minutes 0
        "$PBEMGM" serve --once
    } > "$tmp/$2.log" 2>&1 || not_ok "$1: the game was not started: $(tail -2 "$tmp/$2.log")"
    mail_to_ann "$2: the game begins" "$tmp/$2-start.txt"
    well_formed "$1's start mail" "$tmp/$2-start.txt"
    has "$1's start mail" "$tmp/$2-start.txt" "== Special rules of $1"
}

# drawn TITLE GAME: the game's map drawn, at least 1000 px wide (its PNG's IHDR)
drawn() {
    "$PBEMGM" map "$2" --png "$tmp/$2.png" > /dev/null 2>&1
    width=$(od -An -tu1 -j16 -N4 "$tmp/$2.png" 2>/dev/null |
            awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
    if [ "${width:-0}" -ge 1000 ]; then
        ok "$1's map drawn, $width px wide"
    else
        not_ok "$1's map: ${width:-none}"
    fi
}

# ann's mail with orders (ORDERS: its lines), answered by the daemon, the answer in FILE
orders() {
    {
        printf 'From: ann@example.org\nTo: pbemgm@localhost\nSubject: orders\n'
        printf 'Message-ID: <%s@example.org>\n\n' "$1"
        printf 'GAME %s\nPLAYER ann\nPASSWORD pw-ann\nTURN 1\n%s\n' "$1" "$2"
    } > "maildir/in/new/$1.ann"
    rm -f maildir/out/new/*
    "$PBEMGM" serve --once > /dev/null 2>&1
    mail_to_ann "Re: orders" "$tmp/$1-ack.txt"
}

# 18GA: the W&S's station and the Midland's tile understood; the report's own rules
game 18GA ga
has "18GA's start mail" "$tmp/ga-start.txt" "reaches 300 (the market's end)"
has "18GA's start mail" "$tmp/ga-start.txt" "LT: Lexington Terminal, 20: BUY LT"
orders ga "BUY LT
CoG:
LAY 8 ON F12
USE W&S"
has "18GA's acknowledgement" "$tmp/ga-ack.txt" "BUY 1 LT would be carried out now"
has "18GA's acknowledgement" "$tmp/ga-ack.txt" "CoG: USE W&S"
if grep -q "not understood\|not an order" "$tmp/ga-ack.txt"; then
    line=$(grep -m1 "not understood\|not an order" "$tmp/ga-ack.txt")
    not_ok "18GA's acknowledgement: a line not understood: $line"
else
    ok "18GA's acknowledgement: every line understood"
fi
rm -f maildir/out/new/*
"$PBEMGM" game resolve ga > /dev/null 2>&1 && "$PBEMGM" serve --once > /dev/null 2>&1
mail_to_ann "ga: turn 1" "$tmp/ga-report.txt"
well_formed "18GA's turn report" "$tmp/ga-report.txt"
has "18GA's turn report" "$tmp/ga-report.txt" \
    "In this phase a company buys at most 1 train from the bank (or the pool) in an operating turn."
drawn 18GA ga

# 18Kaas: the D&H's orders understood; the report as 1830's
cd "$tmp"
game 18Kaas kaas
has "18Kaas's start mail" "$tmp/kaas-start.txt" "Ruhrgebied (J17, K18): worth nothing itself"
orders kaas "BUY SVNRR
PRR:
LAY 57 ON K16
USE D&H"
has "18Kaas's acknowledgement" "$tmp/kaas-ack.txt" "PRR: USE D&H"
rm -f maildir/out/new/*
"$PBEMGM" game resolve kaas > /dev/null 2>&1 && "$PBEMGM" serve --once > /dev/null 2>&1
mail_to_ann "kaas: turn 1" "$tmp/kaas-report.txt"
well_formed "18Kaas's turn report" "$tmp/kaas-report.txt"
if grep -q "In this phase a company buys" "$tmp/kaas-report.txt"; then
    not_ok "18Kaas's report speaks of a train limit it does not have"
else
    ok "18Kaas's report has no train limit (1830's rules)"
fi
drawn 18Kaas kaas
