#!/bin/sh
# Installs the Debian packages pbemgm needs to build, test and run, when they are missing.
# Idempotent and quiet when everything is present. Run as root (or with sudo available).
set -eu

PACKAGES="gcc make pkg-config dpkg-dev
libcurl4-gnutls-dev libetpan-dev libsqlite3-dev libcjson-dev libxml2-dev libcrypt-dev nettle-dev
libcairo2-dev fonts-dejavu-core libcmocka-dev sqlite3 dovecot-imapd dovecot-lmtpd opensmtpd valgrind
clang libclang-rt-14-dev chromium
debhelper lintian man-db universal-ctags ruby"
# (clang: libFuzzer, for the fuzz targets that make check runs briefly and make fuzz at length;
# chromium: the report looked at as a phone shows it, by make check (test_phone_width.sh) and
# make report-preview: Debian's Chromium, headless; debhelper, lintian: make deb and its check in
# tests/install/test_install.sh; man-db: the man pages rendered there with man -l;
# universal-ctags: the functions' lengths, scripts/long_functions.sh in make check; ruby:
# 18xx.games' engine, the second oracle's reference, run by scripts/xgames_engine.sh for
# tests/xgames)

missing=""
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# Services must not start on install: the tests start their own instances on loopback.
policy=/usr/sbin/policy-rc.d
created_policy=""
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod 755 "$policy"
    created_policy=1
fi
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
[ -n "$created_policy" ] && $SUDO rm -f "$policy"
echo "deps: done"
