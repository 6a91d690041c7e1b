#!/bin/sh
# check_layers: keeps the house's shape (docs/layers.md). Reads every file of src/*/ (and of a folder in one, as src/engine/titles/) and fails,
# naming file:line, where
#   - an #include "dir/x.h" crosses the "may include" table of docs/layers.md, or names a
#     private header of another directory (the table of private headers there);
#   - the files of one directory call each other in a circle: a.c uses a function b.c defines,
#     ... back to a.c (static functions are their file's own; comments and strings are not read).
# Known breaches, each with the issue item that removes it, are listed in docs/layers.allow:
# they are reported as allowed, not as failures; an allowance that matches nothing any more is
# said, so that the list only shrinks.
#   scripts/check_layers.sh [TOP]      (TOP: the tree to check; default: this script's tree)
# Exit 0 when nothing crosses the map, 1 when something does, 2 when the map cannot be read.
set -u
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
map=$top/docs/layers.md
allow=$top/docs/layers.allow
[ -r "$map" ] || { echo "check_layers: cannot read $map" >&2; exit 2; }
[ -d "$top/src" ] || { echo "check_layers: no $top/src" >&2; exit 2; }
[ -e "$allow" ] || allow=/dev/null
files=$(cd "$top" && ls src/*/*.c src/*/*.h src/*/*/*.c src/*/*/*.h 2>/dev/null)
[ -n "$files" ] || { echo "check_layers: no source files under $top/src" >&2; exit 2; }

cd "$top" && awk -v MAP="$map" -v ALLOW="$allow" '
# ---- the map: "| dir | floor | may include |" rows, and "| dir/x.h | ... |" private headers ----
function cell(s) { gsub(/^[ \t`]+|[ \t`]+$/, "", s); return s }
function read_map(   line, c, n, k, dirs, m) {
    while ((getline line < MAP) > 0) {
        if (line !~ /^\|/) continue
        n = split(line, c, "|")
        if (n < 4) continue
        c[2] = cell(c[2]); c[3] = cell(c[3]); c[4] = cell(c[4])
        if (c[2] ~ /^[a-z_]+$/ && c[3] ~ /^[0-9]+$/) {
            known[c[2]] = 1
            may[c[2], c[2]] = 1
            m = split(c[4], dirs, /[ ,]+/)
            for (k = 1; k <= m; k++) if (dirs[k] ~ /^[a-z_]+$/) may[c[2], dirs[k]] = 1
        } else if (c[2] ~ /^[a-z_]+\/[A-Za-z0-9_]+\.h$/) {
            private[c[2]] = 1
        }
    }
    close(MAP)
}
function read_allow(   line, key) {
    while ((getline line < ALLOW) > 0) {
        key = line; sub(/#.*/, "", key); gsub(/^[ \t]+|[ \t]+$/, "", key); gsub(/[ \t]+/, " ", key)
        if (key == "") continue
        if (line !~ /#/) { print ALLOW ": \"" key "\" says no reason (the issue item that removes it)"; bad++ }
        allowed[key] = 0
    }
    close(ALLOW)
}
# A breach: a failure unless docs/layers.allow lists its key.
function breach(key, text) {
    if (key in allowed) { allowed[key]++; nallowed++; gsub(/\n/, "\n# ", text); print "# allowed: " text; return }
    print text; bad++
}
# ---- one line of C, comments and strings and characters left out (state across lines) ----
function strip(s,   out, i, ch, nx) {
    out = ""
    for (i = 1; i <= length(s); i++) {
        ch = substr(s, i, 1); nx = substr(s, i + 1, 1)
        if (incomment) { if (ch == "*" && nx == "/") { incomment = 0; i++ } continue }
        if (quote != "") {
            if (ch == "\\") i++
            else if (ch == quote) { quote = ""; out = out " " }
            continue
        }
        if (ch == "/" && nx == "*") { incomment = 1; i++; out = out " "; continue }
        if (ch == "/" && nx == "/") break
        if (ch == "\"" || ch == "\047") { quote = ch; continue }
        out = out ch
    }
    quote = "" # (a string does not go on past its line here; a backslash-newline would)
    return out
}
FNR == 1 {
    file = FILENAME; dir = file; sub(/^src\//, "", dir); sub(/\/.*/, "", dir)
    dirof[file] = dir; incomment = 0; depth = 0; pending = ""; inmacro = 0
    if (!(dir in known) && !(("dir " dir) in saidir)) {
        saidir["dir " dir] = 1
        print "src/" dir ": the directory is not in docs/layers.md"; bad++
    }
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
    h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
    if (h !~ /\//) h = dir "/" h
    to = h; sub(/\/.*/, "", to)
    if (to == dir) includers["src/" h] = includers["src/" h] " " file
    if (to != dir && (h in private))
        breach("include " file " " h, file ":" FNR ": includes " h ", a private header of src/" to)
    else if ((dir in known) && !((dir, to) in may))
        breach("include " file " " h, file ":" FNR ": includes " h ": src/" dir " may not include src/" to " (docs/layers.md)")
    next
}
# a macro body in a header (its continuation lines too): the names it uses are the header ones
file ~ /\.h$/ && (inmacro || /^[ \t]*#[ \t]*define[ \t]/) {
    s = strip($0); inmacro = s ~ /\\[ \t]*$/
    if (s ~ /^[ \t]*#/) sub(/^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*/, "", s)
    use_names(s)
    next
}
/^[ \t]*#/ { next }
file ~ /\.[ch]$/ {
    s = strip($0)
    # a function defined here, not static: its name, at the outer level, before any "=",
    # confirmed by the "{" that opens its body (a ";" first: a declaration)
    if (file ~ /\.c$/ && depth == 0 && pending == "" && s ~ /^[A-Za-z_]/ &&
        s !~ /^(static|typedef|extern)[ \t]/) {
        head = s; gsub(/__attribute__[ \t]*\(\([^)]*\)\)[ \t]*/, "", head); sub(/\(.*/, "", head)
        if (head != s && head !~ /=/ && match(head, /[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) {
            pending = substr(head, RSTART, RLENGTH); gsub(/[ \t]/, "", pending)
        }
    }
    n = length(s); body = depth > 0
    for (i = 1; i <= n; i++) {
        ch = substr(s, i, 1)
        if (ch == "{") {
            if (depth == 0 && pending != "") { if (!(pending in definer)) definer[pending] = file; pending = "" }
            depth++; body = 1
        } else if (ch == "}") depth--
        else if (ch == ";" && depth == 0) pending = ""
    }
    # every name the file uses (a header: only in the bodies of its inline functions, not its
    # declarations)
    if (file ~ /\.c$/ || body) use_names(s)
}
function use_names(s,   w) {
    while (match(s, /[A-Za-z_][A-Za-z0-9_]*/)) {
        w = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        if (!((file, w) in uses)) { uses[file, w] = FNR; nuse++; ufile[nuse] = file; uword[nuse] = w }
    }
}
BEGIN { read_map(); read_allow() }
END {
    # file -> file within a directory: the first uses a function the second defines
    # (a name that an inline function or a macro of a header uses is used by each file of the directory
    # that includes the header)
    for (k = 1; k <= nuse; k++) {
        w = uword[k]
        if (!(w in definer)) continue
        g = definer[w]
        nf = split(ufile[k] ~ /\.h$/ ? includers[ufile[k]] : ufile[k], users, " ")
        for (j = 1; j <= nf; j++) {
            f = users[j]
            if (g == f || dirof[g] != dirof[f]) continue
            if (!((f, g) in edge)) { edge[f, g] = w; node[f] = 1; node[g] = 1 }
            else if (length(edge[f, g]) < 60) edge[f, g] = edge[f, g] ", " w
        }
    }
    # reachability (the directories are small), then the circles: files that reach each other
    for (f in node) for (g in node) if ((f, g) in edge) reach[f, g] = 1
    for (m in node) for (f in node) if ((f, m) in reach) for (g in node) if ((m, g) in reach) reach[f, g] = 1
    for (f in node) {
        if ((f in incircle) || !((f, f) in reach)) continue
        members = ""; cnt = 0
        for (g in node) if ((f, g) in reach && (g, f) in reach) { incircle[g] = 1; members = members " " g; cnt++ }
        nm = split(substr(members, 2), mem, " ")
        # sorted, for a stable report
        for (a = 1; a <= nm; a++) for (b = a + 1; b <= nm; b++) if (mem[b] < mem[a]) { t = mem[a]; mem[a] = mem[b]; mem[b] = t }
        text = "src/" dirof[f] ": a circle of " cnt " files:"
        for (a = 1; a <= nm; a++) for (b = 1; b <= nm; b++)
            if ((mem[a], mem[b]) in edge) text = text "\n    " mem[a] " -> " mem[b] " (" edge[mem[a], mem[b]] ")"
        breach("circle src/" dirof[f], text)
    }
    for (key in allowed) if (allowed[key] == 0) print "# no longer needed in docs/layers.allow: " key
    printf "%d breach(es) of docs/layers.md, %d allowed for now\n", bad, nallowed
    exit bad > 0
}
' $files
