# 1835's export checked by 18xx.games' own engine (scripts/xgames_engine.sh; docs/titles.md,
# "1835 on 18xx.games"): short games of 1835 played by pbemgm's engine with the options of the
# title's "18xx.games" section (tests/tools/xgexport's seeded robot: the whole start packet,
# stock rounds, operating rounds with tiles, trains and runs) are exported as 18xx.games files;
# each loads whole in its engine, and the position after the last action (a stock round's
# start) is pbemgm's: who acts, every player's cash and certificates and value, every company's
# trains, president, price, shares in the IPO and the pool, whether it floated, and the
# privates' owners. What 18xx.games' 1835 shows otherwise is left out of the comparison, not
# hidden: a company not started has its fixed par as its price there (pbemgm: none yet); a
# company not floated holds the money of its IPO shares sold there at once (pbemgm: when it
# floats), and the bank the rest; the minors and the BY director's certificate are companies
# closed there once bought (pbemgm: no privates). The seeds are games whose packet is sold as
# 18xx.games can take it (docs/titles.md: other packet rounds stop its engine). No engine here
# (no ruby, no tobymao/18xx source): SKIP.
set -u
TOP=${PBEMGM_TOP:?}
BUILD=${PBEMGM_BUILD:-$TOP/build}
ENGINE="$TOP/scripts/xgames_engine.sh"
DIFF="$TOP/tests/tools/xgames/positions_diff.rb"
TOOL="$BUILD/tests/tools/xgexport"
# seed:actions (after so many actions on to a stock round's start)
GAMES=${PBEMGM_XG_1835_GAMES:-"2:120 8:120 5:300 12:300"}
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
work=$(mktemp -d)
trap 'rm -rf "$work"; echo "1..$N"' EXIT

if [ ! -x "$TOOL" ]; then
    not_ok "$TOOL is built (make $TOOL)"
    exit 0
fi
if ! why=$(sh "$ENGINE" setup 2>&1 >/dev/null); then
    N=$((N + 1))
    echo "ok $N # SKIP $why"
    exit 0
fi

# comparable XGAMES PBEMGM: both positions with what 18xx.games' 1835 shows otherwise left out
# (above), pbemgm's ids as 18xx.games spells them (the section's "companies")
comparable() {
    ruby -rjson -e '
        ids = JSON.parse(File.read(ARGV[2]))["18xx.games"]["companies"] || {}
        x = JSON.parse(File.readlines(ARGV[0]).last)
        p = JSON.parse(File.readlines(ARGV[1]).last)
        p["privates"] = p["privates"].to_h { |k, v| [ids.fetch(k, k), v] }
        x["privates"].reject! { |k, v| v == "closed" && !p["privates"].key?(k) }
        open = false
        p["corporations"].each do |pc|
          xc = x["corporations"].find { |c| c["id"] == pc["id"] } or next
          [xc, pc].each { |c| c.delete("price") } if pc["price"].nil?
          next if pc["floated"]
          [xc, pc].each { |c| c.delete("cash") }
          open = true
        end
        [x, p].each { |o| o.delete("bank") } if open
        File.write(ARGV[3], JSON.generate(x) + "\n")
        File.write(ARGV[4], JSON.generate(p) + "\n")' "$1" "$2" "$TOP/config/games/1835.json" \
        "$work/x.cmp" "$work/p.cmp"
}

for spec in $GAMES; do
    seed=${spec%%:*}
    actions=${spec#*:}
    game="$work/game$seed.json"
    if (cd "$TOP" && "$TOOL" play 1835 "$seed" "$actions" "$game" 4 >"$work/pbemgm$seed.pos" \
            2>"$work/play.err"); then
        ok "1835 game $seed: $(ruby -rjson -e '
            d = JSON.parse(File.read(ARGV[0])); l = JSON.parse(File.read(ARGV[0] + ".log"))
            t = d["actions"].map { |a| a["type"] }.tally
            puts "#{l["actions"].size} pbemgm actions exported as #{d["actions"].size} " \
                 "(#{t.sort.map { |k, v| "#{v} #{k}" }.join(", ")})"' "$game")"
    else
        not_ok "1835 game $seed: pbemgm's robot game is exported: $(cat "$work/play.err")"
        continue
    fi
    if sh "$ENGINE" check "$game" >"$work/check.json" 2>&1 &&
        grep -q '"loaded":true' "$work/check.json"; then
        ok "1835 game $seed loads whole in 18xx.games' engine"
    else
        not_ok "1835 game $seed in 18xx.games' engine: $(head -c 600 "$work/check.json")"
        continue
    fi
    sh "$ENGINE" position "$game" | tail -n 1 >"$work/xgames$seed.last"
    tail -n 1 "$work/pbemgm$seed.pos" >"$work/pbemgm$seed.last"
    if ! comparable "$work/xgames$seed.last" "$work/pbemgm$seed.last"; then
        not_ok "1835 game $seed: the positions cannot be read"
    elif out=$(ruby "$DIFF" "$work/x.cmp" "$work/p.cmp" 2>&1); then
        ok "1835 game $seed: 18xx.games' position at the end is pbemgm's ($(ruby -rjson -e '
            d = JSON.parse(File.read(ARGV[0]))
            puts "action #{d["action"]}, #{d["round"]} round #{d["turn"]}, phase #{d["phase"]}, " \
                 "#{d["acting"].join} to act"' "$work/xgames$seed.last"))"
    else
        not_ok "1835 game $seed: the positions differ: $out"
    fi
done
