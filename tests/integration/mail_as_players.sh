# Shared by test_18kaas_e2e.sh and test_18ga_e2e.sh (issue 32): mail as players write it, on
# top of lib.sh's orders(). A player answers the GM's last mail to him: a greeting, a line of
# chat, the order form filled in (its GAME, PLAYER, TURN lines and its "#" notes kept), his
# orders, a sign-off, his name, his phone's footer, then the GM's mail quoted below with ">".
# Expects lib.sh sourced, GAME set.

# newest_mail WHO: the decoded text of the newest message in WHO's mailbox
newest_mail() {
    newest=$(ls -t "$MAILROOT/$1"/new/* "$MAILROOT/$1"/cur/* 2>/dev/null | head -1)
    [ -n "$newest" ] && "$MAILTOOL" show "$newest"
}

# reply_orders WHO TURN LINES...: WHO's answer to the GM's last mail, with the orders LINES
# (a line "#..." is one of the form's notes, kept where it stands; $BELOW, if set, a line he
# writes under his name), by SMTP; then waits (30 s at
# most) for the acknowledgement and keeps it in $WORK/ack-WHO-TURN.txt.
reply_orders() {
    who=$1; turn=$2; shift 2
    newest_mail "$who" > "$WORK/quoted-$who.txt" 2>/dev/null || : > "$WORK/quoted-$who.txt"
    f="$WORK/$GAME-$who-$turn.eml"
    name=$(echo "$who" | sed 's/^./\U&/')
    { printf 'From: %s <%s@pbem.test>\r\nSubject: Re: %s turn %s\r\n' "$name" "$who" "$GAME" "$turn"
      printf 'Message-ID: <%s-%s-%s@pbem.test>\r\n' "$GAME" "$turn" "$who"
      printf 'Content-Type: text/plain; charset=utf-8\r\n\r\n'
      printf 'Hi GM,\r\n\r\n'
      printf 'thanks for the report, here are my orders for turn %s.\r\n\r\n' "$turn"
      printf 'GAME %s\r\nPLAYER %s\r\nPASSWORD %s-pw1\r\nTURN %s\r\n\r\n' "$GAME" "$who" "$who" "$turn"
      for o in "$@"; do printf '%s\r\n' "$o"; done
      printf '\r\nCheers,\r\n%s\r\n' "$name"
      [ -n "${BELOW:-}" ] && printf '%s\r\n' "$BELOW"
      printf '\r\nSent from my iPhone\r\n\r\n'
      printf 'On Thu, 26 Nov 2026 at 17:00, Test GM <gm@pbem.test> wrote:\r\n'
      sed 's/^/> /; s/$/\r/' "$WORK/quoted-$who.txt" | head -200; } > "$f"
    send "$who@pbem.test" "$f"
    i=0 # the answer threaded to this mail (the turn's report may come just after it)
    until ack=$(grep -l "^In-Reply-To: <$GAME-$turn-$who@pbem.test>" "$MAILROOT/$who"/new/* \
                "$MAILROOT/$who"/cur/* 2>/dev/null | head -1) && [ -n "$ack" ]; do
        [ $i -ge 60 ] && { : > "$WORK/ack-$GAME-$who-$turn.txt"; return 1; }
        sleep 0.5; i=$((i + 1))
    done
    "$MAILTOOL" show "$ack" > "$WORK/ack-$GAME-$who-$turn.txt"
}

# ack_says WHO TURN PATTERN: the acknowledgement of WHO's mail for TURN says PATTERN (grep)
ack_says() { grep -q -- "$3" "$WORK/ack-$GAME-$1-$2.txt"; }

# report_of TURN: the turn's report (text) in $WORK/report-TURN.txt
report_of() { gm game report "$GAME" "$1" > "$WORK/$GAME-report-$1.txt" 2>&1; }
