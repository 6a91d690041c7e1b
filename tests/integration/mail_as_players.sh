# Shared by test_18kaas_e2e.sh and test_18ga_e2e.sh (issue 32): mail as players write it, on
# top of lib.sh's orders(). A player answers the GM's last mail to him: a greeting, a line of
# chat, his orders (or the GM's order form filled in, its notes kept), a sign-off, his name
# (maybe a PS under it), his phone's footer and the GM's mail quoted with ">" (or Outlook's
# divider and the GM's mail unquoted). Every line he typed must be accounted for in the
# acknowledgement (every_line_accounted_for). Expects lib.sh sourced, GAME set.

# seat_and_start NAME [OPTIONS]: alice, bob and carol (passwords WHO-pw1) seated in game NAME,
# which starts (a test line) with OPTIONS (game start --options), each turn resolved as soon as
# all orders are in
seat_and_start() {
    for p in alice bob carol; do
        gm player add "$1" $p $p@pbem.test --password ${p}-pw1 --no-mail >/dev/null
    done
    check "and started ($1${2:+, options $2})" \
        sh -c "cd '$WORK' && '$PBEMGM' -c pbemgm.json game start '$1' ${2:+--options '$2'} >/dev/null"
    gm game set "$1" --grace-minutes 0 >/dev/null
}

# newest_mail WHO: the decoded text of the newest mail of $GAME to WHO not answering his
newest_mail() {
    newest=$(ls -t "$MAILROOT/$1"/new/* "$MAILROOT/$1"/cur/* 2>/dev/null |
             while read -r m; do grep -q "^Subject:.*\<$GAME\>" "$m" && ! grep -q "^Subject: Re:" "$m" &&
                                { echo "$m"; break; }; done) # (a report or the start mail)
    [ -n "$newest" ] && "$MAILTOOL" show "$newest"
}

# reply_orders WHO TURN LINES...: WHO's answer to the GM's last mail, with the orders LINES
# (a line "#..." is one of the form's notes, kept where it stands; $BELOW, if set, a line he
# writes under his name; $FORM set: the orders written into the GM's order form, fill_form;
# $STYLE=outlook: the GM's mail below Outlook's divider, not quoted; $STYLE=html: all of it as
# HTML only, the quote a <blockquote>), by SMTP; then waits (30 s at
# most) for the acknowledgement and keeps it in $WORK/ack-WHO-TURN.txt.
reply_orders() {
    who=$1; turn=$2; shift 2
    newest_mail "$who" > "$WORK/quoted-$who.txt" 2>/dev/null || : > "$WORK/quoted-$who.txt"
    f="$WORK/$GAME-$who-$turn.eml"
    name=$(echo "$who" | sed 's/^./\U&/')
    { printf 'From: %s <%s@pbem.test>\r\nSubject: Re: %s turn %s\r\n' "$name" "$who" "$GAME" "$turn"
      printf 'Message-ID: <%s-%s-%s@pbem.test>\r\n' "$GAME" "$turn" "$who"
      if [ "${STYLE:-}" = html ]; then
          printf 'Content-Type: text/html; charset=utf-8\r\n\r\n'
      else
          printf 'Content-Type: text/plain; charset=utf-8\r\n\r\n'
      fi
      { printf 'Hi GM,\r\n\r\n'
      printf 'thanks for the report, here are my orders for turn %s.\r\n\r\n' "$turn"
      if [ -n "${FORM:-}" ] && grep -q '^GAME ' "$WORK/quoted-$who.txt"; then
          printf '%s\n' "$@" > "$WORK/typed.txt"
          fill_form "$WORK/quoted-$who.txt" "$WORK/typed.txt" "$who-pw1" | sed 's/$/\r/'
      else
          printf 'GAME %s\r\nPLAYER %s\r\nPASSWORD %s-pw1\r\nTURN %s\r\n\r\n' "$GAME" "$who" "$who" "$turn"
          for o in "$@"; do printf '%s\r\n' "$o"; done
      fi
      printf '\r\nCheers,\r\n%s\r\n' "$name"
      [ -n "${BELOW:-}" ] && printf '%s\r\n' "$BELOW"
      if [ "${STYLE:-}" = outlook ]; then # (Outlook: the original below a divider, unquoted)
          printf '\r\n-----Original Message-----\r\nFrom: Test GM <gm@pbem.test>\r\n'
          printf 'Sent: Thursday, November 26, 2026 17:00\r\nTo: %s\r\nSubject: %s\r\n\r\n' "$name" "$GAME"
          sed 's/$/\r/' "$WORK/quoted-$who.txt" | head -200
      else # (a phone's footer, the original quoted with ">")
          printf '\r\nSent from my iPhone\r\n\r\n'
          printf 'On Thu, 26 Nov 2026 at 17:00, Test GM <gm@pbem.test> wrote:\r\n'
          sed 's/^/> /; s/$/\r/' "$WORK/quoted-$who.txt" | head -200
      fi; } | if [ "${STYLE:-}" = html ]; then as_html; else cat; fi; } > "$f"
    send "$who@pbem.test" "$f"
    i=0 # the answer threaded to this mail (the turn's report may come just after it)
    until ack=$(grep -l "^In-Reply-To: <$GAME-$turn-$who@pbem.test>" "$MAILROOT/$who"/new/* \
                "$MAILROOT/$who"/cur/* 2>/dev/null | head -1) && [ -n "$ack" ]; do
        [ $i -ge 60 ] && { : > "$WORK/ack-$GAME-$who-$turn.txt"; return 1; }
        sleep 0.5; i=$((i + 1))
    done
    "$MAILTOOL" show "$ack" > "$WORK/ack-$GAME-$who-$turn.txt"
    printf '%s\n' "$@" > "$WORK/typed-$GAME-$who-$turn.txt"
    account_for "$WORK/typed-$GAME-$who-$turn.txt" "$WORK/ack-$GAME-$who-$turn.txt" ||
        echo "$GAME $who turn $turn" >> "$WORK/unaccounted.txt"
    echo "$GAME $who turn $turn" >> "$WORK/accounted.txt"
}

# account_for TYPED ACK: each order line the player typed (not a note, not a section's line
# alone) is in the acknowledgement ACK: among the orders as they stand, or refused with its
# line number (the line of chat aside)
account_for() {
    typed=$(sed 's/^\(•\|[0-9]*[.)]\|-\) *//' "$1" | grep -v '^ *#' | grep -v '^ *$' |
            grep -cv '^[^ ]*:$') # (list markers aside)
    listed=$(sed -n '/as they stand now:/,/^Orders for this turn/p' "$2" |
             grep '^    [^ ]' | grep -cv '(kept from earlier)$')
    refused=$(grep '^line [1-9][0-9]*: ' "$2" | grep -cv '"THANKS" is not an order')
    [ "$typed" -eq $((listed + refused)) ]
}

# every_line_accounted_for: the check over every mail reply_orders sent
every_line_accounted_for() {
    check "every line the players typed is an order in the acknowledgement or refused there with its line ($(wc -l < "$WORK/accounted.txt") mails)" \
        sh -c "! [ -s '$WORK/unaccounted.txt' ] || { cat '$WORK/unaccounted.txt' >&2; exit 1; }"
}

# as_html: the text on stdin as a mail program writes it in HTML (a <div> a line, the quote a
# <blockquote>)
as_html() {
    python3 -c '
import html, sys
out, quoting = ["<html><body>"], False
for line in sys.stdin.read().replace("\r", "").split("\n"):
    if line.startswith("> ") != quoting:
        quoting = not quoting
        out.append("<blockquote type=\"cite\">" if quoting else "</blockquote>")
    text = line[2:] if quoting else line
    out.append("<div>%s</div>" % (html.escape(text) if text else "<br>"))
out.append("</blockquote></body></html>" if quoting else "</body></html>")
print("\r\n".join(out))'
}

# fill_form MAIL ORDERS PASSWORD: the order form at the end of the GM's mail MAIL, filled in as
# a player does: his password for "your-password", each order of the file ORDERS under its
# section's notes (the stock round's under the form's first notes, a company's under its
# "CO:" line and notes; a section the form lacks added at its end), the notes kept.
fill_form() {
    python3 - "$1" "$2" "$3" <<'PY'
import re, sys
mail = open(sys.argv[1]).read().splitlines()
typed = open(sys.argv[2]).read().splitlines()
starts = [i for i, l in enumerate(mail) if re.match(r"GAME \S+$", l)]
form = [l.replace("your-password", sys.argv[3]) for l in mail[starts[-1]:]]
head = re.compile(r"([A-Za-z&]+):$")
sections, current = {"": []}, ""
for line in typed:
    m = head.match(line.strip())
    if m:
        current = m.group(1).upper()
        sections.setdefault(current, [])
    else:
        sections[current].append(line)
blocks, block = [], []
for line in form + [""]:
    if line.strip():
        block.append(line)
    elif block:
        blocks.append(block)
        block = []
placed = set()
for n, block in enumerate(blocks):
    m = head.match(block[0])
    if m and m.group(1).upper() in sections:
        block += sections[m.group(1).upper()]
        placed.add(m.group(1).upper())
    elif "" not in placed and (block[0].startswith("#") or n + 1 == len(blocks) or
                               head.match(blocks[n + 1][0])):
        block += sections[""]
        placed.add("")
for name, lines in sections.items():
    if name not in placed and lines:
        blocks.append([name + ":"] + lines)
print("\n\n".join("\n".join(b) for b in blocks))
PY
}

# ack_says WHO TURN PATTERN: the acknowledgement of WHO's mail for TURN says PATTERN (grep)
ack_says() { grep -q -- "$3" "$WORK/ack-$GAME-$1-$2.txt"; }

# report_of TURN: the turn's report (text) in $WORK/report-TURN.txt
report_of() { gm game report "$GAME" "$1" > "$WORK/$GAME-report-$1.txt" 2>&1; }

# play_on TURN A1 A2 B1 B2 C1 C2: from TURN on, each turn alice mails the stock orders A1 and A2,
# bob B1 B2, carol C1 C2 (their companies played for them), until $GAME is over (90 turns at
# most); then every turn's report in $WORK/all.txt, the last turn in $last
play_on() {
    turn=$1; shift
    while [ "$(game_status)" = running ] && [ $turn -le 90 ]; do
        orders alice $turn "$1" "$2"
        orders bob $turn "$3" "$4"
        orders carol $turn "$5" "$6"
        wait_turn $turn || break
        turn=$((turn + 1))
    done
    last=$(game_turn)
    t=1; : > "$WORK/all.txt"
    while [ $t -le "$last" ]; do gm game report "$GAME" $t >> "$WORK/all.txt" 2>/dev/null; t=$((t + 1)); done
}

# every_order_has_its_fate: in every turn's report ($WORK/all.txt), each order of the players'
# ("line N" or "(standing)") is carried out, by an ELSE said with why not the first, or not
# carried out with its reason
every_order_has_its_fate() {
    fates=$(grep -cE '^  (line [0-9]+|\(standing\)) "' "$WORK/all.txt")
    check "every order in the reports has its fate, a reason where it was not carried out ($fates)" \
        sh -c "[ $fates -gt 0 ] && ! grep -E '^  (line [0-9]+|\(standing\)) \"' '$WORK/all.txt' |
               grep -vE '\": (carried out\$|carried out by its ELSE \".*\" \(.+\)\$|not carried out: .+)'"
}

# the_last_checks PATTERN: the last report renders as a page with its map and PATTERN (a company
# as HTML writes it); SIGTERM stops the daemon; the outbox is empty
the_last_checks() {
    gm game report "$GAME" "$last" --html "$WORK/last.html" >/dev/null 2>&1
    check "the last report renders as a page, with its map" \
        sh -c "grep -q '$1' '$WORK/last.html' && grep -q '<img' '$WORK/last.html'"
    check "SIGTERM stops the daemon cleanly" stop_daemon TERM
    check "nothing is left in the outbox" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status<>'sent'")" = 0
}
