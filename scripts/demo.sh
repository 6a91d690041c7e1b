#!/bin/sh
# make demo: a throwaway game on the embedded default (Maildir in and out, a SQLite file) in a
# temporary directory. A game of 1835 with three players is started under the GM's house rules;
# sample player mails (orders for turn 1, and mail that goes wrong in the usual ways) are dropped
# into the inbox; the daemon runs once: it answers every mail and, every player's orders being
# in, resolves the turn. The answers and the GM's copy of the turn report are printed, decoded.
set -eu
pbemgm=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
mailtool="$top/build/tests/tools/mailtool"
# PBEMGM_DEMO_DIR: where to play it (make report-preview looks at its mail there)
dir=${PBEMGM_DEMO_DIR:-$(mktemp -d /tmp/pbemgm-demo-XXXXXX)}
mkdir -p "$dir"
cd "$dir"

echo "== pbemgm demo in $dir (no configuration file: the embedded default)"
"$pbemgm" init
"$pbemgm" game create demo
"$pbemgm" player add demo alice alice@example.org --password tulip-7
"$pbemgm" player add demo bob bob@example.org --password maple-3
"$pbemgm" player add demo carol carol@example.org --password birch-9 --no-mail
"$pbemgm" game start demo --options pbem-house-rules
# resolved as soon as every player's orders are in (a real game waits 15 minutes for slips)
"$pbemgm" game set demo --grace-minutes 0

echo
echo "== sample mails dropped into maildir/in/new:"
i=0
for f in "$top"/scripts/demo-mail/*.eml; do
    i=$((i + 1))
    cp "$f" "maildir/in/new/$(date +%s).demo$i.$(basename "$f" .eml)"
    echo "   $(basename "$f")"
done

echo
echo "== pbemgm serve --once"
"$pbemgm" serve --once
"$pbemgm" status

echo
echo "== the mail pbemgm wrote (maildir/out/new), decoded (of the turn report, alice's copy with"
echo "   her order form, and the GM's):"
for f in $(ls -tr maildir/out/new/*); do
    if grep -q "^Subject: demo: turn " "$f" && ! grep -q "^To: .*\(gm\|alice\)@" "$f"; then
        continue
    fi
    echo
    echo "------------------------------------------------------------------------------"
    "$mailtool" show "$f" | sed 1d
done
echo "== the demo's files stay in $dir"
