#!/bin/sh
# How a page lays out in a narrow window, as headless Chromium draws it (issue 27, item 17: the
# HTML mail on a phone). Chromium's window is never narrower than 500 px, so the page is loaded in
# an iframe WIDTH px wide; a script added to a copy of the page measures it on load and posts the
# measurement to the frame's parent, which --dump-dom prints. Prints one line:
#   INNERWIDTH SCROLLWIDTH CLIENTWIDTH SCROLLHEIGHT | the elements that stick out (at most six)
# With --shot FILE.png it also draws the page at that width, its whole height, to FILE.png.
#   scripts/page_width.sh [--shot FILE.png] PAGE.html WIDTH
# Uses chromium (or chromium-browser) from PATH; exits 2 when there is none, 1 when it measured
# nothing.
set -eu
shot=""
if [ "${1:-}" = --shot ]; then shot=$2; shift 2; fi
page=$1; width=$2
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "page_width: Chromium is not installed" >&2; exit 2; }
dir=$(cd "$(dirname "$page")" && pwd)
base=$(basename "$page" .html)
probe="$dir/.probe-$width-$base.html"
frame="$dir/.frame-$width-$base.html"
work=$(mktemp -d)
trap 'rm -rf "$work" "$probe" "$frame"' EXIT

cat > "$work/probe.js" <<'JS'
<script>
window.addEventListener('load', function () {
  var d = document.documentElement, cw = d.clientWidth, out = [];
  function clipped(e) { /* inside a box that scrolls or clips sideways */
    for (var p = e.parentElement; p && p !== d; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  }
  var all = document.body.getElementsByTagName('*');
  for (var i = 0; i < all.length && out.length < 6; i++) {
    var e = all[i], r = e.getBoundingClientRect();
    if (r.right <= cw + 0.5 || clipped(e)) continue;
    var pr = e.parentElement.getBoundingClientRect();
    if (e.parentElement !== document.body && pr.right > cw + 0.5) continue; /* its parent is named */
    out.push(e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' ' +
             Math.round(r.width) + 'px "' +
             e.textContent.replace(/\s+/g, ' ').trim().slice(0, 40) + '"');
  }
  parent.postMessage(window.innerWidth + ' ' + d.scrollWidth + ' ' + cw + ' ' + d.scrollHeight +
                     ' | ' + out.join('; '), '*');
});
</script>
JS
# the probe goes just before the last </body> (the order form may quote the word)
awk -v probe="$work/probe.js" '
    { line[NR] = $0 } /<\/body>/ { last = NR }
    END { for (i = 1; i <= NR; i++) {
              if (i == last) { while ((getline l < probe) > 0) print l }
              print line[i] } }' "$page" > "$probe"

chromium() { # window-size, then what to do
    size=$1; shift
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$work/profile" --hide-scrollbars --window-size="$size" \
        --virtual-time-budget=5000 "$@" 2> "$work/browser.log"
}
framed() { # height: the page in a frame WIDTH px wide
    cat > "$frame" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0; background: #555; }
iframe { display: block; border: 0; width: ${width}px; height: $1px; background: #fff; }</style></head>
<body><iframe src="$(basename "$probe")"></iframe><pre id="measured"></pre>
<script>window.addEventListener('message', function (e) {
  document.getElementById('measured').textContent = 'measured ' + e.data; });</script>
</body></html>
HTML
}
framed 900
m=$(chromium 600,900 --dump-dom "file://$frame" | grep -o 'measured [^<]*' | head -1 || true)
[ -n "$m" ] || { echo "page_width: Chromium measured nothing: $(tail -c 300 "$work/browser.log")" >&2; exit 1; }
m=${m#measured }
printf '%s\n' "$m"
if [ -n "$shot" ]; then
    height=$(printf '%s' "$m" | awk '{ print $4 }')
    framed "$height"
    chromium "$width,$height" --screenshot="$shot" "file://$frame" > /dev/null
    [ -s "$shot" ] || { echo "page_width: Chromium drew nothing: $(tail -c 300 "$work/browser.log")" >&2; exit 1; }
fi
