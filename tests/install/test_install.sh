# The installed pbemgm (issue 28): make install into a prefix and into a DESTDIR, the tree it
# lays, the installed program played through a game from a directory outside the source tree
# (it finds its titles and templates where they were installed), make uninstall, the man pages
# rendered without a groff warning, the systemd unit verified (when systemd-analyze is here),
# and the Debian package built by dpkg-buildpackage, looked at by lintian (when debhelper and
# lintian are here).
set -u
TOP="${PBEMGM_TOP:?}"
WORK=$(mktemp -d /tmp/pbemgm-install-XXXXXX)
trap 'rm -rf "$WORK"; echo "1..$N"' EXIT
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
skip() { N=$((N + 1)); echo "ok $N # SKIP $1"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }
expect_ok() { desc=$1; shift; if out=$("$@" 2>&1); then ok "$desc"; else not_ok "$desc ($out)"; fi; }

# 1. make install into a prefix of its own: the program there is the one played below
PREFIX="$WORK/prefix"
expect_ok "make install PREFIX=$PREFIX" make -s --no-print-directory -C "$TOP" install PREFIX="$PREFIX"
P="$PREFIX/bin/pbemgm"
check "the program is installed, executable" test -x "$P"
check "the titles are installed" test -f "$PREFIX/share/pbemgm/games/1835.json" -a \
    -f "$PREFIX/share/pbemgm/games/1830.json" -a -f "$PREFIX/share/pbemgm/games/1830-coalfields.json"
check "the templates are installed" test -f "$PREFIX/share/pbemgm/templates/reply.txt" -a \
    -f "$PREFIX/share/pbemgm/templates/turn_report.html"
check "the man pages are installed" test -f "$PREFIX/share/man/man1/pbemgm.1" -a \
    -f "$PREFIX/share/man/man5/pbemgm.conf.5"
check "the example configuration is installed" test -f "$PREFIX/etc/pbemgm/pbemgm.json.example"
check "the systemd unit is installed" test -f "$PREFIX/lib/systemd/system/pbemgm.service"
grep -q "^ExecStart=$PREFIX/bin/pbemgm -c $PREFIX/etc/pbemgm/pbemgm.json serve\$" \
    "$PREFIX/lib/systemd/system/pbemgm.service" \
    && ok "the unit starts the installed program with the installed configuration" \
    || not_ok "the unit's ExecStart: $(grep ExecStart "$PREFIX/lib/systemd/system/pbemgm.service")"
# (its debugging information names the directory it was compiled in; its paths must not)
if grep -aqF -e "$TOP/templates" -e "$TOP/config/games" "$P"; then
    not_ok "the installed program looks in the source tree"
elif grep -aqF "$PREFIX/share/pbemgm/templates" "$P"; then
    ok "the installed program looks in PREFIX/share/pbemgm, not in the source tree"
else not_ok "the installed program's templates directory"; fi

# 2. the installed program through a game, in a directory outside the source tree, on the
# embedded default (Maildir in and out, pbemgm.db here)
mkdir -p "$WORK/game" && cd "$WORK/game" || exit 1
expect_ok "init" "$P" init
expect_ok "game create (finds the title 1835)" "$P" game create berlin1
expect_ok "a game of 1830 (finds the title 1830)" "$P" game create g1830 --title 1830
for who in alice bob carol; do
    expect_ok "player add $who" "$P" player add berlin1 "$who" "$who@example.org" --password "pw-$who"
done
expect_ok "game start" "$P" game start berlin1 --options pbem-house-rules
expect_ok "serve --once sends the outbox" "$P" serve --once
OUTBOX="$WORK/game/maildir/out/new"
start_mail=$(grep -l "^Subject: berlin1: the game begins" "$OUTBOX"/* 2>/dev/null | head -n 1)
if [ -n "$start_mail" ] && grep -q "alice" "$start_mail" && ! grep -q "{{" "$start_mail"; then
    ok "the start mail is rendered from the installed templates"
else
    not_ok "the start mail ($(ls "$OUTBOX" 2>&1))"
fi
test "$(grep -l "^Subject: berlin1: the game begins" "$OUTBOX"/* 2>/dev/null | wc -l)" = 3 \
    && ok "the three players get it" || not_ok "start mails: $(ls "$OUTBOX" | wc -l) mails"
grep -l "pw-alice" "$OUTBOX"/* >/dev/null 2>&1 && ok "the welcome mail is sent" || not_ok "welcome mail"
expect_ok "game resolve" "$P" game resolve berlin1
"$P" game report berlin1 2>&1 | grep -q "No orders from alice this turn (NMR)" \
    && ok "the turn report is rendered" || not_ok "turn report: $("$P" game report berlin1 2>&1 | head -5)"
expect_ok "the report as a page" "$P" game report berlin1 1 --html "$WORK/turn1.html"
grep -q '<img class="map" src="data:image/png;base64,' "$WORK/turn1.html" \
    && ok "the page carries the map" || not_ok "the page's map"
expect_ok "serve --once sends the reports" "$P" serve --once
test "$(grep -l "^Subject: berlin1: turn 1" "$OUTBOX"/* 2>/dev/null | wc -l)" = 4 \
    && ok "the turn report is mailed to the three players and the GM" \
    || not_ok "the turn report mail: $(grep -h "^Subject" "$OUTBOX"/* | sort | uniq -c)"
cd "$WORK" || exit 1

# 3. make uninstall with the same prefix leaves no file
expect_ok "make uninstall" make -s --no-print-directory -C "$TOP" uninstall PREFIX="$PREFIX"
left=$(find "$PREFIX" -type f | head -n 5)
test -z "$left" && ok "make uninstall removes every installed file" || not_ok "left: $left"

# 4. a staged install (DESTDIR) with the default PREFIX, as a packager does it
STAGE="$WORK/stage"
expect_ok "make install DESTDIR=... (PREFIX=/usr/local)" \
    make -s --no-print-directory -C "$TOP" install DESTDIR="$STAGE"
check "the program is in DESTDIR/usr/local/bin" test -x "$STAGE/usr/local/bin/pbemgm"
check "the data are in DESTDIR/usr/local/share/pbemgm" \
    test -f "$STAGE/usr/local/share/pbemgm/templates/reply.txt" -a -f "$STAGE/usr/local/share/pbemgm/games/1835.json"
if grep -aqF "$STAGE" "$STAGE/usr/local/bin/pbemgm"; then not_ok "the staged program names DESTDIR"
elif grep -aqF "/usr/local/share/pbemgm/templates" "$STAGE/usr/local/bin/pbemgm"; then
    ok "the staged program looks in /usr/local/share/pbemgm, not DESTDIR"
else not_ok "the staged program's templates directory"; fi
expect_ok "make uninstall DESTDIR=..." make -s --no-print-directory -C "$TOP" uninstall DESTDIR="$STAGE"
test -z "$(find "$STAGE" -type f | head -n 1)" && ok "... removes every staged file" \
    || not_ok "staged files left: $(find "$STAGE" -type f | head -n 5)"

# 5. the man pages render without a groff warning
for page in pbemgm.1 pbemgm.conf.5; do
    warn=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=w -l "$TOP/man/$page" 2>&1 >/dev/null)
    text=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$TOP/man/$page" 2>/dev/null)
    if [ -z "$warn" ] && printf '%s' "$text" | grep -q "^NAME"; then ok "man -l $page renders without warnings"
    else not_ok "man -l $page: $warn"; fi
done
# every command of the usage and every key of docs/configuration.md is in its man page
missing=""
for cmd in init serve status "mail list" "mail retry" "game create" "game list" "game start" \
    "game set" "game status" "game one-round" "game resolve" "game preview" "game report" \
    "game release" "game rollback" "game adjust" "game pause" "game resume" "game deadline" \
    "game broadcast" "game history" "game import" "game export" "player add" "player list" \
    "player replace" "player address" orders map \
    backup "db compact"; do
    LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$TOP/man/pbemgm.1" 2>/dev/null | grep -q "^ *$cmd\( \|\$\)" \
        || missing="$missing '$cmd'"
done
test -z "$missing" && ok "pbemgm(1) names every command" || not_ok "pbemgm(1) lacks:$missing"
missing=""
for key in $(grep -o '^| `[a-z_.]*`' "$TOP/docs/configuration.md" | tr -d '|` '); do
    grep -qF "\\fB$key\\fR" "$TOP/man/pbemgm.conf.5" || missing="$missing $key"
done
test -z "$missing" && ok "pbemgm.conf(5) names every key of docs/configuration.md" \
    || not_ok "pbemgm.conf(5) lacks:$missing"

# 6. the systemd unit, as installed for /usr (its program and man pages where it says)
if command -v systemd-analyze >/dev/null 2>&1; then
    VP="$WORK/verify"
    make -s --no-print-directory -C "$TOP" install PREFIX="$VP" >/dev/null 2>&1
    v=$(MANPATH="$VP/share/man" systemd-analyze verify "$VP/lib/systemd/system/pbemgm.service" 2>&1)
    [ $? -eq 0 ] && [ -z "$v" ] && ok "systemd-analyze verify: the unit is clean" \
        || not_ok "systemd-analyze verify: $v"
else
    skip "systemd-analyze verify (no systemd-analyze here)"
fi
u="$TOP/config/pbemgm.service"
grep -q '^User=pbemgm$' "$u" && grep -q '^StateDirectory=pbemgm$' "$u" \
    && grep -q '^WorkingDirectory=/var/lib/pbemgm$' "$u" && grep -q '^NoNewPrivileges=yes$' "$u" \
    && grep -q '^ProtectSystem=strict$' "$u" \
    && grep -q '^ConditionPathExists=/etc/pbemgm/pbemgm.json$' "$u" \
    && ok "the unit: its own user, /var/lib/pbemgm, hardened, waits for the configuration" \
    || not_ok "the unit's settings"

# 7. the Debian package, by dpkg-buildpackage (make deb), and lintian on it
if command -v dh >/dev/null 2>&1 && command -v dpkg-buildpackage >/dev/null 2>&1; then
    if out=$(make -s --no-print-directory -C "$TOP" deb 2>&1); then ok "make deb (dpkg-buildpackage) builds the package"
    else not_ok "make deb: $(printf '%s' "$out" | tail -n 20)"; fi
    deb=$(ls "$TOP"/build/deb/pbemgm_*_*.deb 2>/dev/null | head -n 1)
    if [ -n "$deb" ]; then
        files=$(dpkg-deb -c "$deb" | awk '{print $6}')
        missing=""
        for f in ./usr/bin/pbemgm ./usr/share/pbemgm/templates/reply.txt ./usr/share/pbemgm/games/1835.json \
            ./usr/share/man/man1/pbemgm.1.gz ./usr/share/man/man5/pbemgm.conf.5.gz \
            ./etc/pbemgm/pbemgm.json.example ./lib/systemd/system/pbemgm.service \
            ./usr/share/doc/pbemgm/copyright; do
            printf '%s\n' "$files" | grep -qx "$f" || missing="$missing $f"
        done
        test -z "$missing" && ok "the package holds the program, its files, the man pages, the unit" \
            || not_ok "the package lacks:$missing"
        grep -aq "/usr/share/pbemgm/templates" "$TOP/build/deb/pbemgm/debian/pbemgm/usr/bin/pbemgm" \
            && ok "the packaged program looks in /usr/share/pbemgm" || not_ok "the packaged program's paths"
        dpkg-deb -I "$deb" postinst | grep -q "adduser --system" \
            && ok "its postinst makes the pbemgm system user" || not_ok "postinst: no system user"
        if command -v lintian >/dev/null 2>&1; then
            l=$(lintian --pedantic "$deb" 2>&1 | grep -v "running with root privileges")
            test -z "$l" && ok "lintian --pedantic finds nothing" || not_ok "lintian: $l"
        else
            skip "lintian (not installed)"
        fi
    else
        not_ok "no .deb in build/deb"
    fi
else
    skip "make deb (no debhelper here)"
fi
