# The export checked by 18xx.games' own engine (scripts/xgames_engine.sh): games of 1830 played
# by pbemgm's engine (tests/tools/xgexport's seeded robot: the auction, pars, shares bought and
# sold, tiles, stations, runs, trains bought, rusted and discarded, privates bought by
# companies) are exported as 18xx.games files; each loads whole in 18xx.games' engine, and the
# position after the last action (the start of a stock round: every player's cash and shares,
# every company's cash, trains, price, president, the shares in the IPO and the pool, the
# privates, the bank, the phase, who acts) is pbemgm's. 18xx.games' recorded games imported
# (xg_import) and exported again load to their results, with the file's decisions in order: a
# run's routes compared by their number and total (pbemgm keeps the total, not each train's
# part), a private bought by a company next to the pass of its trains' step in either order
# (pbemgm's log does not say which came first). Games of 1835 played by pbemgm's engine with
# the options of the title's "18xx.games" section load whole too, at pbemgm's position but for
# what 18xx.games' 1835 shows otherwise (below, and docs/titles.md, "1835 on 18xx.games"). No
# engine here (no ruby, no tobymao/18xx source): SKIP.
set -u
TOP=${PBEMGM_TOP:?}
BUILD=${PBEMGM_BUILD:-$TOP/build}
ORACLE=${PBEMGM_XG_ORACLE:-$TOP/../shared/oracle/18xx-games}
[ -d "$ORACLE" ] || [ -n "${PBEMGM_XG_ORACLE:-}" ] || ORACLE=/work/shared/oracle/18xx-games
ENGINE="$TOP/scripts/xgames_engine.sh"
DIFF="$TOP/tests/tools/xgames/positions_diff.rb"
TOOL="$BUILD/tests/tools/xgexport"
# seed:actions[:players[:options]] (after so many actions on to a stock round's start). Played
# with 1830's 18xx.games options, games 4, 5 and 12 meet the rules where pbemgm's defaults
# differ (counted with 18xx.games' engine): 4 (3 players) an auction among three bidders (the
# lowest bidder acts), players over a limit who must sell (6 turns), a private bought from a
# player; 5 a stock round ending on the sales of a player after the last buyer (the priority
# after him); 12 (3 players) a director selling his train buyer's own shares, its presidency
# kept (5 sales), second sales of a company in a turn at the fallen price
GAMES=${PBEMGM_XG_GAMES:-"1:1500 2:1500:5:WithOptional6Train=yes 3:400:3 7:400 4:1500:3 5:1500 12:1500:3"}
# 1835's, seed:actions: games whose packet 18xx.games' draft takes (docs/titles.md)
GAMES_1835=${PBEMGM_XG_1835_GAMES:-"2:120 8:120 5:300 12:300"}
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
work=$(mktemp -d)
trap 'rm -rf "$work"; echo "1..$N"' EXIT

# loaded FILE: the engine's check of FILE (its JSON on stdout); true when it loaded whole
loaded() {
    sh "$ENGINE" check "$1" >"$work/check.json" 2>&1 &&
        grep -q '"loaded":true' "$work/check.json"
}

# exported GAME: how many of pbemgm's actions became how many of 18xx.games', by type
exported() {
    ruby -rjson -e '
        d = JSON.parse(File.read(ARGV[0])); l = JSON.parse(File.read(ARGV[0] + ".log"))
        t = d["actions"].map { |a| a["type"] }.tally
        puts "#{l["actions"].size} pbemgm actions exported as #{d["actions"].size} " \
             "(#{t.sort.map { |k, v| "#{v} #{k}" }.join(", ")})"' "$1"
}

# where POSITION: the position's action, round, phase and who acts (or the game over)
where() {
    ruby -rjson -e '
        d = JSON.parse(File.read(ARGV[0]))
        who = d["finished"] ? "the game over" : "#{d["acting"].join} to act"
        puts "action #{d["action"]}, #{d["round"]} round #{d["turn"]}, " \
             "phase #{d["phase"]}, #{who}"' "$1"
}

if [ ! -x "$TOOL" ]; then
    not_ok "$TOOL is built (make $TOOL)"
    exit 0
fi
if ! why=$(sh "$ENGINE" setup 2>&1 >/dev/null); then
    N=$((N + 1))
    echo "ok $N # SKIP $why"
    exit 0
fi

# 1-21. pbemgm's games: exported, loaded (a finished one to pbemgm's result), the same
# position at the end
for spec in $GAMES; do
    seed=${spec%%:*}
    rest=${spec#*:}
    actions=${rest%%:*}
    players=4
    options=
    case $rest in *:*) rest=${rest#*:}; players=${rest%%:*} ;; esac
    case $rest in *:*) options=${rest#*:} ;; esac
    game="$work/game$seed.json"
    if (cd "$TOP" && XGEXPORT_OPTIONS=$options "$TOOL" play 1830 "$seed" "$actions" "$game" \
            "$players" >"$work/pbemgm$seed.pos"); then
        ok "game $seed ($players players${options:+, $options}): $(exported "$game")"
    else
        not_ok "game $seed: pbemgm's robot game is exported"
        continue
    fi
    if loaded "$game" && ruby -rjson -e 'd = JSON.parse(File.read(ARGV[0]))
            exit(!d["finished"] || d["result_matches"] ? 0 : 1)' "$work/check.json"; then
        ok "game $seed loads whole in 18xx.games' engine$(ruby -rjson -e '
            d = JSON.parse(File.read(ARGV[0]))
            print ", ended by the #{d["game_end_reason"]} with the result of pbemgm " \
                  "#{JSON.generate(d["result"])}" if d["finished"]' "$work/check.json")"
    else
        not_ok "game $seed in 18xx.games' engine: $(cat "$work/check.json")"
        continue
    fi
    sh "$ENGINE" position "$game" | tail -n 1 >"$work/xgames$seed.last"
    tail -n 1 "$work/pbemgm$seed.pos" >"$work/pbemgm$seed.last"
    if out=$(ruby "$DIFF" "$work/xgames$seed.last" "$work/pbemgm$seed.last" 2>&1); then
        ok "game $seed: 18xx.games' position at the end is pbemgm's ($(where \
            "$work/xgames$seed.last"))"
    else
        not_ok "game $seed: the positions differ: $out"
    fi
done

# 22-33. 1835's games (the short ones of pbemgm's robot: the whole start packet, stock rounds
# with sales, operating rounds with tiles, trains and runs), exported, loaded, and at the end
# at pbemgm's position: who acts, every player's cash, certificates and worth, every company's
# trains, president, price, shares in the IPO and the pool, whether it floated, the privates'
# owners. Left out, not hidden: a company not started has its fixed par as its price there
# (pbemgm: none yet); a company not floated holds the money of its IPO shares sold there at once
# (pbemgm: when it floats), and the bank the rest; the minors and the BY director's certificate
# are companies closed there once bought (pbemgm: no privates).
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

for spec in $GAMES_1835; do
    seed=${spec%%:*}
    actions=${spec#*:}
    game="$work/game$seed.json"
    if (cd "$TOP" && "$TOOL" play 1835 "$seed" "$actions" "$game" 4 >"$work/pbemgm$seed.pos" \
            2>"$work/play.err"); then
        ok "1835 game $seed: $(exported "$game")"
    else
        not_ok "1835 game $seed: pbemgm's robot game is exported: $(cat "$work/play.err")"
        continue
    fi
    if loaded "$game"; then
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
        ok "1835 game $seed: 18xx.games' position at the end is pbemgm's ($(where \
            "$work/xgames$seed.last"))"
    else
        not_ok "1835 game $seed: the positions differ: $out"
    fi
done

# the decisions of an 18xx.games file (undo and redo resolved, the automatic actions after
# theirs, programs and messages left out) and of its export, compared; exit 0 when the same
same_decisions() {
    ruby -rjson -e '
        def kept(actions)
          active = []; stack = []
          actions.each do |a|
            case a["type"]
            when "undo"
              if a["action_id"]
                gone = active.select { |x| x["id"] > a["action_id"] }
                active -= gone
              else
                i = active.rindex { |x| x["type"] != "message" }
                gone = i ? [active.delete_at(i)] : []
              end
              stack << gone
            when "redo" then active.concat(stack.pop || [])
            else
              stack = [] unless a["type"] == "message"
              active << a
            end
          end
          active.flat_map { |a| [a] + (a["auto_actions"] || []) }
                .reject { |a| a["type"] == "message" || a["type"].start_with?("program_") }
        end
        KEYS = %w[type entity company price shares corporation share_price hex tile rotation
                  city train kind exchange percent].freeze
        def sig(a, seats)
          s = a.slice(*KEYS)
          s["entity"] = seats[s["entity"]] if seats.key?(s["entity"])
          if a["type"] == "run_routes"
            s["routes"] = [a["routes"].size, a["routes"].sum { |r| r["revenue"].to_i }]
          end
          s
        end
        file = JSON.parse(File.read(ARGV[0])); out = JSON.parse(File.read(ARGV[1]))
        seats = file["players"].each_with_index.to_h { |p, i| [p["id"], i + 1] }
        a = kept(file["actions"]).map { |x| sig(x, seats) }
        b = out["actions"].map { |x| sig(x, {}) }
        i = 0
        while i < [a.size, b.size].max
          if a[i] != b[i] && a[i + 1] == b[i] && a[i] == b[i + 1] &&
             [a[i]["type"], b[i]["type"]].sort == %w[buy_company pass]
            i += 2
            next
          end
          if a[i] != b[i]
            puts "decision #{i + 1}: the file #{a[i].to_json}, exported #{b[i].to_json}"
            exit 1
          end
          i += 1
        end
        puts "#{a.size} decisions"' "$1" "$2"
}

# 34-. 18xx.games' recorded games imported and exported again
for f in "$ORACLE"/1830/*.json "$TOP"/tests/oracle/18xx-games/1830/*.json; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .json)
    again="$work/again-$name.json"
    if (cd "$TOP" && "$TOOL" again "$f" "$again" 2>"$work/again.err"); then
        ok "$name imported and exported again"
    else
        not_ok "$name imported and exported again: $(cat "$work/again.err")"
        continue
    fi
    if loaded "$again" && grep -q '"result_matches":true' "$work/check.json"; then
        ok "$name exported again loads in 18xx.games' engine to the file's result"
    else
        not_ok "$name exported again, in 18xx.games' engine: $(cat "$work/check.json")"
    fi
    if out=$(same_decisions "$f" "$again"); then
        ok "$name exported again has the file's decisions in order: $out"
    else
        not_ok "$name exported again: $out"
    fi
done
