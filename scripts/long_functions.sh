#!/bin/sh
# long_functions.sh [-n LINES] [PATH...]: the C functions longer than LINES lines (default 100,
# the house rule), from the line naming the function to its closing brace, longest first:
#   LENGTH FILE:LINE NAME
# PATH: files or directories (default src). Exits 1 when it lists any, 0 when none.
# Needs Universal Ctags (its end: field).
set -eu
max=100
if [ "${1:-}" = "-n" ]; then
    max=$2
    shift 2
fi
[ $# -gt 0 ] || set -- src
found=$(find "$@" -name '*.c' -print | sort |
    xargs ctags -o - --language-force=C --c-kinds=f --fields=+ne |
    awk -F '\t' -v max="$max" '
        { line = end = 0
          for (i = 4; i <= NF; i++) {
              if ($i ~ /^line:/) line = substr($i, 6)
              if ($i ~ /^end:/) end = substr($i, 5)
          }
          if (line && end && end - line + 1 > max) print end - line + 1, $2 ":" line, $1 }' |
    sort -k1,1nr -k2,2)
[ -z "$found" ] && exit 0
echo "$found"
exit 1
