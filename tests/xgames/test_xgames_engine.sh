# The second oracle's own tooling (scripts/xgames_engine.sh, tests/tools/xgames/*.rb): the
# recorded 1830 games of 18xx.games (../shared/oracle/18xx-games/1830/) load in 18xx.games' own
# engine to their result and end reason; a file with an illegal action is refused naming the
# action's id and type; the position summaries (check's, position's, positions') agree with
# each other and with the game as it was played; no engine here (no ruby, no tobymao/18xx
# source): SKIP.
set -u
TOP=${PBEMGM_TOP:?}
ORACLE=${PBEMGM_XG_ORACLE:-$TOP/../shared/oracle/18xx-games}
# a clone elsewhere (CI) finds the team's shared folder at its usual place
[ -d "$ORACLE" ] || [ -n "${PBEMGM_XG_ORACLE:-}" ] || ORACLE=/work/shared/oracle/18xx-games
ENGINE="$TOP/scripts/xgames_engine.sh"
N=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
work=$(mktemp -d)
trap 'rm -rf "$work"; echo "1..$N"' EXIT

# json PROGRAM: PROGRAM's value (Ruby), the JSON lines on stdin being `ls`, the last one `d`
json() {
    ruby -rjson -e 'text = $stdin.read; ls = text.lines.map { |l| JSON.parse(l) }; d = ls.last
                    puts(eval(ARGV[0]))' "$1"
}

if ! why=$(sh "$ENGINE" setup 2>&1 >/dev/null); then
    N=$((N + 1))
    echo "ok $N # SKIP $why"
    exit 0
fi

# 1-2. the two recorded games load strictly to the file's result and end reason
for f in "$ORACLE"/1830/*.json; do
    name=$(basename "$f")
    out=$(sh "$ENGINE" check "$f")
    if [ "$(echo "$out" | json 'd["loaded"] && d["finished"] && d["result_matches"] &&
            d["game_end_reason"] == d["file_game_end_reason"]')" = true ]; then
        what='"#{d["actions"]} actions, #{d["game_end_reason"]}, #{JSON.generate(d["result"])}"'
        ok "$name loads in 18xx.games' engine: $(echo "$out" | json "$what")"
    else
        not_ok "$name: $out"
    fi
done
[ "$N" -ge 2 ] || not_ok "the 1830 files are in $ORACLE/1830"

# 3. an illegal move (action 31 of 26855: buy the president's certificate of NYNH) is refused
# with its id and type, and check says so by its exit status
F26855="$ORACLE/1830/26855.json"
ruby -rjson -e 'd = JSON.parse(File.read(ARGV[0]))
                d["actions"].find { |a| a["id"] == 31 }["shares"] = ["NYNH_0"]
                File.write(ARGV[1], JSON.generate(d))' "$F26855" "$work/broken.json"
out=$(sh "$ENGINE" check "$work/broken.json")
rc=$?
refused=$(echo "$out" | json '!d["loaded"] && d["action_id"] == 31 &&
    d["action_type"] == "buy_shares" && d["error_class"] == "Engine::GameError"')
if [ "$rc" = 1 ] && [ "$refused" = true ]; then
    ok "an illegal action is refused with its id: $(echo "$out" | json 'd["error"]')"
else
    not_ok "the illegal action 31 (exit $rc): $out"
fi

# 4. not a game file, and a title the engine does not have: refused, no action named
printf 'not json' > "$work/text.json"
ruby -rjson -e 'd = JSON.parse(File.read(ARGV[0])); d["title"] = "1899"
                File.write(ARGV[1], JSON.generate(d))' "$F26855" "$work/title.json"
a=$(sh "$ENGINE" check "$work/text.json" | json '!d["loaded"] && d["action_id"].nil?')
b=$(sh "$ENGINE" check "$work/title.json" | json '!d["loaded"] && d["error"].include?("1899")')
[ "$a $b" = "true true" ] && ok "a file not JSON and a title the engine lacks are refused" \
    || not_ok "not JSON: $a; title 1899: $b"

# 5. the position after action 29 of 26855 (the first stock round: three companies parred, the
# privates sold in the auction), players in the file's seating order
pos=$(sh "$ENGINE" position "$F26855" 29)
want='d["action"] == 29 && d["round"] == "stock" && d["acting"] == ["Player 1"] &&
      d["players"].map { |p| [p["name"], p["cash"], p["shares"]] } ==
        [["Player 1", 385, {"PRR" => 10}], ["Player 2", 315, {"B&O" => 20}],
         ["Player 3", 396, {"NYC" => 20}], ["Player 4", 321, {"PRR" => 20}]] &&
      d["corporations"].find { |c| c["id"] == "B&O" }.values_at("price", "president", "ipo") ==
        [100, "Player 2", 80] &&
      d["privates"] == {"SV" => "Player 2", "CS" => "Player 2", "DH" => "Player 3",
                        "MH" => "Player 4", "CA" => "Player 1", "BO" => "Player 2"}'
[ "$(echo "$pos" | json "$want")" = true ] && ok "the position after action 29 of 26855" \
    || not_ok "position 29: $pos"

# 6. positions: one line before any action and one per action applied (502 of 588 once undo and
# redo are resolved), the last the game's end, equal to position's
sh "$ENGINE" positions "$F26855" > "$work/positions" 2>&1
sh "$ENGINE" position "$F26855" > "$work/last" 2>&1
lines=$(wc -l < "$work/positions")
end=$(json 'd["finished"] && d["game_end_reason"] == "bankrupt" && d["action"] == 588 &&
            d["acting"] == []' < "$work/positions")
if [ "$lines" = 503 ] && [ "$end" = true ] &&
    [ "$(tail -1 "$work/positions")" = "$(cat "$work/last")" ]; then
    ok "positions: 503 summaries, the last the end (bankrupt), as position prints it"
else
    not_ok "positions: $lines lines, end $end; $(tail -c 300 "$work/positions")"
fi

# 7. undone actions print no summary (26855: 289 undoes back to 273, the rest of 274-288 being
# undone before or undo themselves)
ids=$(json 'ls.map { |l| l["action"] }.select { |i| (273..290).cover?(i) }.join(",")' \
    < "$work/positions")
[ "$ids" = "273,290" ] && ok "the undone actions 274-289 print nothing" \
    || not_ok "summaries from 273 to 290: $ids"

# 8. no engine: exit 2 with the reason (the tests' SKIP)
PBEMGM_18XX=$work/none sh "$ENGINE" check "$F26855" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 2 ] && grep -q "not available" "$work/err" && ok "no engine: exit 2, saying why" \
    || not_ok "no engine: exit $rc, $(cat "$work/err")"

# 9-10. xgames_diff.sh: 18xx.games' positions against themselves are the same; against a
# "pbemgm" whose Player 1 has 10 more from action 100 on (and no summary for action 92, names
# seated as pbemgm seats them) the first difference is action 100, that field
DIFF="$TOP/scripts/xgames_diff.sh"
out=$(PBEMGM_POSITIONS_CMD="sh $ENGINE positions" sh "$DIFF" "$F26855")
rc=$?
[ "$rc" = 0 ] && echo "$out" | grep -q "^503 actions compared, 0 differ" \
    && ok "xgames_diff.sh: the engine against itself, 503 positions the same" \
    || not_ok "xgames_diff.sh against itself (exit $rc): $out"
cat > "$work/fake.sh" <<'FAKE'
sh "$1" positions "$2" | ruby -rjson -ne 'd = JSON.parse($_); next if d["action"] == 92
    d["players"].each { |p| p["name"] = p["name"].tr(" ", "_") }
    d["players"][0]["cash"] += 10 if d["action"] >= 100
    puts JSON.generate(d)'
FAKE
out=$(PBEMGM_POSITIONS_CMD="sh $work/fake.sh $ENGINE" sh "$DIFF" "$F26855")
rc=$?
want="action 100: 1 field(s) differ (18xx.games | pbemgm)
 players[1 Player_1].cash: 99 | 109"
[ "$rc" = 1 ] && [ "$(echo "$out" | sed -n 1,2p | tr -s ' ')" = "$want" ] &&
    echo "$out" | grep -q "the same up to action 97;" \
    && ok "xgames_diff.sh: the first difference (action 100, Player 1's cash), field by field" \
    || not_ok "xgames_diff.sh (exit $rc): $out"

# 11. log: what the engine did by itself at the end of 26855 (the bankrupt director's shares sold)
out=$(sh "$ENGINE" log "$F26855" 588 588)
echo "$out" | grep -q "^588: Player 4 becomes the president of B&M$" &&
    ! echo "$out" | grep -qv "^588: " && ok "log: the engine's own moves of action 588" \
    || not_ok "log 588: $out"

# 12. fixtures: the engine's own recorded 1830 games (the two above and a game ended by the
# bank), the bank's loading to its result
files=$(sh "$ENGINE" fixtures 1830)
bank=$(echo "$files" | grep '/1830_game_end_bank\.json$')
out=$(sh "$ENGINE" check "$bank")
[ "$(echo "$files" | wc -l)" = 3 ] && [ "$(echo "$out" | json 'd["loaded"] && d["result_matches"] &&
        d["game_end_reason"] == "bank"')" = true ] &&
    ok "fixtures 1830: 3 recorded games; 1830_game_end_bank.json ends by the bank, its result" \
    || not_ok "fixtures 1830: $files; $out"
