# Issue 16: every libFuzzer target of tests/fuzz (built by make check and make fuzz into
# build/fuzz) runs from its seeds in tests/fuzz/corpus/NAME for PBEMGM_FUZZ_SECONDS (5 in
# make check, from seed 1; make fuzz: FUZZ_SECONDS, a new seed each time). A target that finds
# a crash, a leak or a sanitizer report fails; what it found stays in build/fuzz/NAME.found/
# (crash-*, leak-*) with its log; each finding, fixed, joins its seeds as a regression.
set -u
TOP=${PBEMGM_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
SECONDS_EACH=${PBEMGM_FUZZ_SECONDS:-5}
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
trap 'echo "1..$N"' EXIT
for src in "$TOP"/tests/fuzz/fuzz_*.c; do
    name=$(basename "$src" .c)
    bin="$TOP/build/fuzz/$name"
    if [ ! -x "$bin" ]; then
        not_ok "$name is built (make $bin)"
        continue
    fi
    seeds="$TOP/tests/fuzz/corpus/${name#fuzz_}"
    out="$TOP/build/fuzz/$name"
    mkdir -p "$out.corpus" "$out.found"
    if (cd "$out.found" && ASAN_OPTIONS=detect_leaks=1 "$bin" -max_total_time="$SECONDS_EACH" \
            -seed="${PBEMGM_FUZZ_SEED:-1}" \
            -max_len=8192 -timeout=20 -rss_limit_mb=2048 "$out.corpus" "$seeds") \
            > "$out.log" 2>&1; then
        runs=$(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$out.log" | tail -1)
        ok "$name: ${runs:-?} runs in ${SECONDS_EACH} s, nothing found"
    else
        not_ok "$name found something: see $out.log and $out.found/"
        tail -30 "$out.log"
    fi
done
