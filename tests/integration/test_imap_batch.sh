# The IMAP source takes mail in batches through real Dovecot: one batch holds the waiting mails
# in delivery order with their sizes, a mail over the size limit as its header only, at most
# MAIL_BATCH_MAILS (100) of them; fetching marks nothing seen, so a crash before the batch's
# acknowledgement leaves every one of its mails waiting; the acknowledgement takes them all.
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
batch() { "$MAILTOOL" batch "${PBEMGM_IMAP_PORT:-10143}" gm "$@" 2>> "$WORK/batch.log"; }
mail() { # N [BODY-BYTES]: a mail from alice, Message-ID <bN@pbem.test>
    { printf 'From: alice@pbem.test\r\nSubject: b%s\r\nMessage-ID: <b%s@pbem.test>\r\n\r\n' "$1" "$1"
      head -c "${2:-10}" /dev/zero | tr '\0' 'x'; printf '\r\n'; } > "$WORK/b$1.eml"
}
mail 1; mail 2 5000; mail 3
send alice@pbem.test "$WORK/b1.eml" "$WORK/b2.eml" "$WORK/b3.eml" || not_ok "sending"
wait_mail gm 3 || not_ok "delivery"

batch 2048 > "$WORK/first"
check "one batch holds the three mails" test "$(wc -l < "$WORK/first")" = 3
check "in delivery order (their UIDs)" sh -c "cut -d' ' -f1 '$WORK/first' | sort -c -n"
check "each of them" test "$(awk '{ print $5 }' "$WORK/first" | sort | tr '\n' ' ')" = "b1@pbem.test b2@pbem.test b3@pbem.test "
check "with their sizes, whole under the limit" \
    awk '$3 == "whole" && $2 == $4 { n++ } END { exit n != 2 }' "$WORK/first"
check "the one over the limit as its header only" \
    awk '$5 == "b2@pbem.test" && $3 == "truncated" && $2 > 5000 && $4 < 2048 && $4 > 50 { n++ } END { exit n != 1 }' "$WORK/first"
batch 2048 > "$WORK/again"
check "fetching marks nothing seen (a crash before the ack: all of them again)" cmp -s "$WORK/first" "$WORK/again"
batch 2048 ack > "$WORK/acked"
check "the acknowledged batch is the same" cmp -s "$WORK/first" "$WORK/acked"
batch 2048 > "$WORK/after"
check "after the acknowledgement nothing waits" test ! -s "$WORK/after"

i=10; files=""
while [ $i -lt 115 ]; do mail $i; files="$files $WORK/b$i.eml"; i=$((i + 1)); done
send alice@pbem.test $files || not_ok "sending 105"
wait_mail gm 108 || not_ok "delivery of 105"
batch 2048 ack > "$WORK/big1"
batch 2048 ack > "$WORK/big2"
check "a batch holds at most 100 mails" test "$(wc -l < "$WORK/big1")" = 100
check "the next batch the rest" test "$(wc -l < "$WORK/big2")" = 5
check "in delivery order" sh -c "cat '$WORK/big1' '$WORK/big2' | cut -d' ' -f1 | sort -c -n"
check "each mail in exactly one batch" test "$(cat "$WORK/big1" "$WORK/big2" | awk '{ print $5 }' | sort -u | wc -l)" = 105
