#!/bin/sh
# Starts and stops the real mail servers the integration tests and the benchmark use, on
# 127.0.0.1 only: Dovecot (IMAP, and LMTP for delivery) and OpenSMTPD (SMTP, handing mail for
# the domain pbem.test to Dovecot over LMTP).
#
#   servers.sh start DIR     configure under DIR and start both; waits until they answer
#   servers.sh stop DIR      stop both (also safe when they are not running)
#   servers.sh imap-down DIR / imap-up DIR   stop / start Dovecot alone (outage tests)
#   servers.sh env DIR       print the settings as shell assignments
#
# Users (password = user name + "pass"): gm, alice, bob, carol, dave, mallory — all @pbem.test.
# Each user's mail is the Maildir DIR/mail/USER. Ports: PBEMGM_IMAP_PORT (default 10143),
# PBEMGM_SMTP_PORT (10025), PBEMGM_LMTP_PORT (10024).
#
# Facts this relies on (Debian 12): Dovecot will not access mail as root, so mail belongs to
# nobody; its passwd-file must be root:dovecot 0640. OpenSMTPD 6.8 has fixed paths
# (/var/spool/smtpd, /run/smtpd.sock), so one instance runs per machine; it stops on SIGTERM.
set -eu

cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|env DIR" >&2; exit 2; }
IMAP_PORT=${PBEMGM_IMAP_PORT:-10143}
SMTP_PORT=${PBEMGM_SMTP_PORT:-10025}
LMTP_PORT=${PBEMGM_LMTP_PORT:-10024}
USERS="gm alice bob carol dave mallory"

# bash's /dev/tcp is not in sh: use a tiny probe through bash when present
probe() { bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

wait_port() {
    i=0
    while ! probe "$1"; do
        i=$((i + 1))
        [ $i -lt 100 ] || { echo "servers: port $1 did not open" >&2; return 1; }
        sleep 0.1
    done
}

write_dovecot_conf() {
    d="$dir/dovecot"
    mkdir -p "$d/run" "$d/state" "$dir/mail"
    chown nobody:nogroup "$dir/mail"
    : > "$d/passwd.tmp"
    for u in $USERS; do echo "$u:{PLAIN}${u}pass" >> "$d/passwd.tmp"; done
    mv "$d/passwd.tmp" "$d/passwd"
    chown root:dovecot "$d/passwd"; chmod 0640 "$d/passwd"
    cat > "$d/dovecot.conf" <<CONF
base_dir = $d/run
state_dir = $d/state
log_path = $d/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:$dir/mail/%n
mail_uid = nobody
mail_gid = nogroup
first_valid_uid = 1
lmtp_save_to_detail_mailbox = no
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $d/passwd
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=$dir/mail/%n allow_all_users=yes
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
protocol lmtp {
  auth_username_format = %n
}
CONF
}

write_smtpd_conf() {
    # LMTP is a local delivery: OpenSMTPD wants a system user for every recipient, so all of
    # pbem.test maps to nobody; rcpt-to hands Dovecot the original address.
    cat > "$dir/smtpd.conf" <<CONF
table vusers { "@pbem.test" = "nobody" }
listen on 127.0.0.1 port $SMTP_PORT
action "dovecot" lmtp "127.0.0.1:$LMTP_PORT" rcpt-to virtual <vusers>
match from any for domain "pbem.test" action "dovecot"
CONF
    chmod 0644 "$dir/smtpd.conf"
}

start() {
    mkdir -p "$dir"
    if [ -e /run/smtpd.sock ] && pgrep -x smtpd >/dev/null; then
        echo "servers: an OpenSMTPD is running already (only one per machine); stop it first" >&2
        exit 1
    fi
    write_dovecot_conf
    write_smtpd_conf
    dovecot -c "$dir/dovecot/dovecot.conf"
    smtpd -d -f "$dir/smtpd.conf" > "$dir/smtpd.log" 2>&1 &
    echo $! > "$dir/smtpd.pid"
    wait_port "$IMAP_PORT" && wait_port "$LMTP_PORT" && wait_port "$SMTP_PORT" || {
        echo "servers: did not start; logs:" >&2
        tail -n 20 "$dir/dovecot/dovecot.log" "$dir/smtpd.log" >&2 || true
        stop; exit 1; }
}

stop() {
    if [ -f "$dir/smtpd.pid" ]; then
        pid=$(cat "$dir/smtpd.pid")
        kill "$pid" 2>/dev/null || true
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$dir/smtpd.pid"
    fi
    if [ -f "$dir/dovecot/dovecot.conf" ]; then
        doveadm -c "$dir/dovecot/dovecot.conf" stop 2>/dev/null || true
    fi
}

case "$cmd" in
start) start ;;
stop) stop ;;
imap-down) # a real outage: the master and every process it started, open connections too
    master=$(cat "$dir/dovecot/run/master.pid")
    children=$(pgrep -P "$master" || true)
    kill -9 "$master" $children 2>/dev/null || true
    rm -f "$dir/dovecot/run/master.pid" ;;
imap-up) dovecot -c "$dir/dovecot/dovecot.conf" && wait_port "$IMAP_PORT" && wait_port "$LMTP_PORT" ;;
env)
    echo "IMAP_PORT=$IMAP_PORT SMTP_PORT=$SMTP_PORT LMTP_PORT=$LMTP_PORT MAILROOT=$dir/mail" ;;
*) echo "usage: $0 start|stop|env DIR" >&2; exit 2 ;;
esac
