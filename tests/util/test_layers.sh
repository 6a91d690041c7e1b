# The house's shape (docs/layers.md) kept: scripts/check_layers.sh passes on the tree as it is,
# and fails, naming the file and line, on trees made to break it — an include crossing the
# table, a private header included from outside, two files calling each other in a circle (also
# through a header's inline function or macro) —
# while a circle's look-alikes (a static function, a name in a comment) do not trip it.
set -u
TOP=${PBEMGM_TOP:?}
CHECK="$TOP/scripts/check_layers.sh"
WORK=$(mktemp -d /tmp/pbemgm-layers-XXXXXX)
trap 'rm -rf "$WORK"; echo "1..$N"' EXIT
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }

# tree NAME: a small tree under the real map, no allowances; files added with put
tree() {
    T="$WORK/$1"
    mkdir -p "$T/docs" "$T/src/util" "$T/src/engine" "$T/src/turn"
    cp "$TOP/docs/layers.md" "$T/docs/"
    : > "$T/docs/layers.allow"
    printf '#include "util/util.h"\nint util_one(void) { return 1; }\n' > "$T/src/util/util.c"
    printf 'int util_one(void);\n' > "$T/src/util/util.h"
}
put() { mkdir -p "$(dirname "$T/$1")"; printf '%b' "$2" > "$T/$1"; }

# expect DESCRIPTION RC TEXT: the check on $T exits RC and says TEXT
expect() {
    out=$(sh "$CHECK" "$T" 2>&1); rc=$?
    if [ "$rc" -eq "$2" ] && printf '%s\n' "$out" | grep -qF -- "$3"; then
        ok "$1"
    else
        not_ok "$1 (exit $rc, wanted $2 and \"$3\"; said: $out)"
    fi
}

out=$(sh "$CHECK" "$TOP" 2>&1) && ok "the tree keeps to docs/layers.md" \
    || not_ok "the tree keeps to docs/layers.md: $out"

tree fine
put src/engine/game.c '#include "util/util.h"\nint eng_two(void) { return util_one() + 1; }\n'
expect "a tree that keeps to the map passes" 0 "0 breach(es)"

tree upward
put src/engine/game.c '/* the rules */\n#include "turn/turn.h"\nint eng_two(void) { return 2; }\n'
expect "an include up a floor fails, naming file and line" 1 \
    "src/engine/game.c:2: includes turn/turn.h: src/engine may not include src/turn"

tree private
put src/turn/turn.c '#include "engine/state.h"\nint turn_x(void) { return 0; }\n'
expect "a private header included from another directory fails" 1 \
    "src/turn/turn.c:1: includes engine/state.h, a private header of src/engine"

tree circle
put src/turn/a.c 'int turn_b(void);\nint turn_a(int n)\n{\n    return n ? turn_b() : 0;\n}\n'
put src/turn/b.c 'int turn_a(int n);\nint turn_b(void) { return turn_a(0); }\n'
expect "two files calling each other fail, both named" 1 "src/turn/a.c -> src/turn/b.c (turn_b)"
expect "... the circle said as a circle of its directory" 1 "src/turn: a circle of 2 files"

tree inline_circle
put src/turn/a.c '#include "turn/b.h"\nint turn_a(int n) { return n ? turn_b_now(n) : 0; }\n'
put src/turn/b.h 'int turn_b(void);\nstatic inline int turn_b_now(int n)\n{\n    return n + turn_b();\n}\n'
put src/turn/b.c 'int turn_a(int n);\n__attribute__((noinline)) int turn_b(void) { return turn_a(0); }\n'
expect "a circle through a header's inline function (and a definition under __attribute__) fails" 1 \
    "src/turn/a.c -> src/turn/b.c (turn_b)"

tree macro_circle
put src/turn/a.c '#include "turn/m.h"\nint turn_a(int n) { return TURN_TWICE(n); }\n'
put src/turn/m.h '#define TURN_TWICE(n) \\\n    (turn_b(n) + turn_b(n))\nint turn_b(int n);\n'
put src/turn/b.c 'int turn_a(int n);\nint turn_b(int n) { return n ? turn_a(n - 1) : 0; }\n'
expect "a circle through a header's macro fails" 1 "src/turn/a.c -> src/turn/b.c (turn_b)"

tree declarations
put src/turn/a.c '#include "turn/d.h"\nint turn_a(void) { return 1; }\n'
put src/turn/d.h 'int turn_a(void);\nint turn_b(void);\n'
put src/turn/b.c '#include "turn/d.h"\nint turn_b(void) { return turn_a(); }\n'
expect "a header's declarations make no circle of the files that include it" 0 "0 breach(es)"

tree lookalikes
put src/turn/a.c 'int turn_b(void);\nint turn_a(void) { return turn_b(); }\n'
put src/turn/b.c '/* unlike turn_a */\nstatic int helper(void) { return 0; }\nint turn_b(void) { char *s = "turn_a"; (void)s; return helper(); }\n'
put src/turn/c.c 'static int helper(void) { return 1; }\nint turn_c(void) { return helper(); }\n'
expect "a name in a comment or string, or a static namesake, is no call" 0 "0 breach(es)"

tree allowed
put src/engine/game.c '#include "turn/turn.h"\n'
printf 'include src/engine/game.c turn/turn.h   # the item that removes it\ncircle src/mail   # gone\n' \
    > "$T/docs/layers.allow"
expect "a breach docs/layers.allow lists passes, said as allowed" 0 \
    "# allowed: src/engine/game.c:1: includes turn/turn.h"
expect "an allowance that matches nothing is said" 0 "no longer needed in docs/layers.allow: circle src/mail"

tree unexplained
put src/engine/game.c '#include "turn/turn.h"\n'
printf 'include src/engine/game.c turn/turn.h\n' > "$T/docs/layers.allow"
expect "an allowance without its reason fails" 1 "says no reason"

tree unmapped
put src/plugins/x.c '#include "util/util.h"\n'
expect "a directory the map does not name fails" 1 "src/plugins: the directory is not in docs/layers.md"
