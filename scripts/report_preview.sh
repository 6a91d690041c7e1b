#!/bin/sh
# make report-preview: the demo's mail as a player sees it in a browser. The demo is played in
# build/preview/demo; alice's turn report and her start-of-game mail are taken apart (the HTML
# part and its pictures, mailtool html) and rendered by headless Chromium (Debian's package) to
# pictures of the whole page: build/preview/report.png and build/preview/start.png at a desktop's
# width, and as a phone shows them, 360 and 412 px wide (report-360.png, report-412.png,
# start-360.png, start-412.png; scripts/page_width.sh, which also says when a page is wider than
# the phone). A person looks at them; docs/report-preview.png is the report's, kept with the
# documentation.
#   scripts/report_preview.sh PBEMGM MAILTOOL
set -eu
pbemgm=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mailtool=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/build/preview"
rm -rf "$out"
mkdir -p "$out"
PBEMGM_DEMO_DIR="$out/demo" sh "$top/scripts/demo.sh" "$pbemgm" > "$out/demo.log" 2>&1
mail_with() { # the one mail to alice with this subject
    grep -l "^Subject: $1" $(grep -l "^To: alice" "$out"/demo/maildir/out/new/*) | head -1
}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "report-preview: Chromium is not installed (scripts/deps.sh)"; exit 1; }
shoot() { # name mail height
    mkdir -p "$out/$1"
    "$mailtool" html "$2" "$out/$1" > /dev/null
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size="1100,$3" --screenshot="$out/$1.png" "file://$out/$1/page.html" \
        > "$out/$1.browser.log" 2>&1
    [ -s "$out/$1.png" ] || { echo "report-preview: Chromium drew nothing for $1 (see $out/$1.browser.log)"; exit 1; }
    echo "report-preview: $out/$1.png ($(wc -c < "$out/$1.png") bytes) from $out/$1/page.html"
    for w in 360 412; do # as a phone shows it: the whole page at that width
        m=$(sh "$top/scripts/page_width.sh" --shot "$out/$1-$w.png" "$out/$1/page.html" $w) ||
            { echo "report-preview: Chromium drew nothing for $1 at $w px"; exit 1; }
        set -- "$1" "$2" "$3" $m
        if [ "$5" -gt "$6" ]; then
            echo "report-preview: $out/$1-$w.png: WIDER THAN THE PHONE ($5 px):${m#*|}"
        else
            echo "report-preview: $out/$1-$w.png (a phone $w px wide: fits)"
        fi
        set -- "$1" "$2" "$3"
    done
}
shoot report "$(mail_with 'demo: turn 1')" 4600
shoot start "$(mail_with 'demo: the game begins')" 2600
