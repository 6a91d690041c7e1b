#!/bin/sh
# Runs the whole test suite and ends with the line "N passed, N failed".
#   tests/run.sh BUILD_DIR
# Unit tests: every BUILD_DIR/tests/*/test_* binary (cmocka, TAP output). Shell tests: every
# tests/*/test_*.sh; those in tests/integration/ run against real Dovecot and OpenSMTPD on
# 127.0.0.1 (skipped when PBEMGM_SKIP_INTEGRATION=1). Both print TAP lines; a binary that dies without saying
# which test failed counts as one failure. PBEMGM_VALGRIND=1 runs the unit tests under valgrind.
set -u
build=${1:?usage: tests/run.sh BUILD_DIR}
top=$(cd "$(dirname "$0")/.." && pwd)
passed=0
failed=0
failures=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT INT TERM

# A test skipped where what it needs is not here (18xx.games' engine, Chromium) prints "ok N #
# SKIP why" (a shell test) or "not ok N # SKIP" (cmocka's skip()): counted with the passed,
# said on its line.
count() {
    name=$1; rc=$2
    s=$(grep -c '^\(not \)\{0,1\}ok [0-9]* # SKIP' "$log")
    p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
    c=$(grep -c '^not ok [0-9]* # SKIP' "$log")
    p=$((p + c)); f=$((f - c))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$f" -gt 0 ]; then
        failures="$failures $name"
        echo "---- $name failed (exit $rc):"
        cat "$log"
        echo "----"
    else
        skipped=""
        [ "$s" -gt 0 ] && skipped=" ($s skipped: what they need is not here)"
        echo "$name: $p passed$skipped"
    fi
}

export CMOCKA_MESSAGE_OUTPUT=TAP
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$top/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
vg=""
[ "${PBEMGM_VALGRIND:-}" = 1 ] && vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=$top/tests/valgrind.supp"

for t in "$build"/tests/*/test_*; do
    [ -x "$t" ] || continue
    (cd "$top" && $vg "$t") > "$log" 2>&1
    count "${t#"$build"/tests/}" $?
done

for s in "$top"/tests/*/test_*.sh; do
    [ -f "$s" ] || continue
    case "$s" in */integration/*) [ "${PBEMGM_SKIP_INTEGRATION:-}" = 1 ] && continue ;; esac
    PBEMGM_BUILD="$top/$build" PBEMGM_TOP="$top" timeout 900 sh "$s" > "$log" 2>&1
    count "$(basename "$(dirname "$s")")/$(basename "$s")" $?
done

[ -n "$failures" ] && echo "failed:$failures"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
