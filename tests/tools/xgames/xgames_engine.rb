# frozen_string_literal: true

# xgames_engine.rb: pbemgm's second oracle's own tool — it loads an 18xx.games game file in
# 18xx.games' engine (tobymao/18xx lib/, MIT; called, never copied) and says what that engine
# makes of it. Run through scripts/xgames_engine.sh, which sets the engine up:
#   ruby -I tests/tools/xgames tests/tools/xgames/xgames_engine.rb LIB COMMAND FILE [...]
# LIB: the engine's lib/ folder. Options: --title-dir g_1830[,g_...] (the title's folder under
# lib/engine/game; found from the file's title when not given), --lenient (the engine's
# non-strict load; strict by default). Commands, each printing JSON on stdout:
#   check FILE              one object: {"file","title","loaded":true|false, "actions" (kept,
#                           processed), "raw_actions", "finished", "game_end_reason", "result"
#                           (player id => value, the engine's), "file_result",
#                           "file_game_end_reason", "result_matches"}; when an action fails:
#                           "loaded":false, "error", "error_class", "action_id", "action_type"
#                           (the file's action). Exit 1 when it did not load.
#   position FILE [ID]      one summary line: after the file's actions up to the first whose id
#                           is above ID (the engine's at_action), all of them by default.
#   positions FILE          one summary line after every action the engine applies (undone
#                           ones, undo and redo are not applied and print nothing), in order;
#                           the last line is the error object above when an action fails.
#   log FILE [FROM [TO]]    the engine's log (text, "ID: message" a line) of the actions FROM
#                           to TO: what it did and did by itself (a home token placed, a step
#                           skipped); the error object last when an action fails.
#
# The position summary, one JSON object a line (pbemgm's side prints the same keys:
# tests/tools/xgreplay.c; scripts/xgames_diff.sh compares the two line by line, keys present on
# both sides only; lists of players in seating order, corporations and privates by id; ids as
# 18xx.games writes them: "B&O", "SV"; a side may leave out keys it does not know):
#   "action"       the file's action id just applied (0: before any; a side that applies one
#                  file action as several prints after the last of them, or once for several)
#   "round"        "auction" | "stock" | "operating" | another round's name in lower case
#   "turn"         the round's turn figure: "1" in a stock round, "1.2" the 2nd OR of turn 1
#   "acting"       who is to act: player names, corporation or private ids ([] when over)
#   "players"      [{"name", "cash", "shares":{CORP:percent, ... only those held}, "value"
#                   (cash, shares at the market price, privates at their value: the result)}]
#   "corporations" [{"id", "cash", "trains":["2","3",...] sorted, "price" (market value; null
#                   before its par), "par" (or null), "president" (player name or null),
#                   "ipo" (percent in the company's IPO), "pool" (percent in the market),
#                   "floated"}] — every corporation of the game, closed ones left out
#   "privates"     {ID: owner — a player's name, a corporation's id, null (the bank or not
#                   yet sold) or "closed"}
#   "bank"         the bank's cash
#   "phase"        the phase's name ("2" ... "D")
#   "finished"     true once the game is over; then "game_end_reason" too
# e.g. {"action":29,"round":"stock","turn":"1","acting":["Player 1"],"players":[{"name":
# "Player 1","cash":385,"shares":{"PRR":10},"value":612},...],"corporations":[{"id":"PRR",
# "cash":0,"trains":[],"price":67,"par":67,"president":"Player 4","ipo":70,"pool":0,
# "floated":false},...],"privates":{"SV":"Player 2",...,"BO":"Player 2"},"bank":10583,
# "phase":"2","finished":false}
require 'json'

module PbemgmXgames
  module_function

  def usage!
    warn 'usage: xgames_engine.rb LIB check|position|positions|log FILE [ID...] ' \
         '[--title-dir DIR] [--lenient]'
    exit 64
  end

  # The title's folder(s) under lib/engine/game: the one whose meta.rb names the title
  # (GAME_TITLE) or whose module is G + the title's letters and digits (G1830).
  def title_dirs_for(lib, title)
    plain = title.to_s.gsub(/[^A-Za-z0-9]/, '')
    metas = Dir.glob(File.join(lib, 'engine', 'game', 'g_*', 'meta.rb')).sort
    named = metas.find { |m| File.read(m).include?("GAME_TITLE = '#{title}'") }
    named ||= metas.find { |m| File.read(m) =~ /^\s*module G#{Regexp.escape(plain)}\s*$/ }
    named ? [File.basename(File.dirname(named))] : []
  end

  def load_engine(lib, title, dirs)
    dirs = title_dirs_for(lib, title) if dirs.nil? || dirs.empty?
    raise "no folder of 18xx.games' engine plays the title #{title.inspect}" if dirs.empty?

    ENV['PBEMGM_XG_TITLE_DIRS'] = dirs.join(',')
    ENV['ENGINE_LOG_LEVEL'] ||= '4'
    require File.join(File.expand_path(lib), 'engine')
    LOGGER.reopen($stderr)
    game_class = Engine.game_by_title(title)
    # game_by_title takes the closest title loaded: make sure it is this one
    return dirs if game_class&.title == title

    raise "18xx.games' engine has no title #{title.inspect} in #{dirs.join(',')}"
  end

  # The game with no action applied yet (the file's actions applied one by one after).
  def new_game(data, strict)
    game = Engine::Game.load(data, at_action: 0, strict: strict)
    game.instance_variable_set(:@loading, true) unless strict # as the engine's own load does
    game
  end

  # Calls the block after each action the engine applies (and its automatic actions), with
  # the file's action (a Hash); the engine's own loop (process_to_action) does the rest.
  module Observer
    attr_accessor :pbemgm_observer

    def process_action(action, **kwargs)
      result = super
      pbemgm_observer&.call(action) if action.is_a?(Hash)
      result
    end
  end

  def error_object(game, action)
    e = game.exception
    { 'loaded' => false, 'error' => e.message.lines.first.to_s.strip, 'error_class' => e.class.name,
      'action_id' => action&.fetch('id', nil), 'action_type' => action&.fetch('type', nil) }
  end

  # Applies the file's actions as the engine's load does — in the file's order, undo and redo
  # resolved, up to the first whose id is above upto (the last action's id by default) —
  # yielding the file's action after each one applied. Returns [applied, error object or nil]:
  # the engine stops at the first action it refuses.
  def replay(game, data, upto = nil)
    actions = data['actions'] || []
    applied = 0
    failed = nil
    game.extend(Observer)
    game.pbemgm_observer = lambda do |action|
      if game.exception
        failed ||= action
      else
        applied += 1
        yield action if block_given?
      end
    end
    game.process_to_action(upto || actions.last&.fetch('id', 0) || 0)
    game.pbemgm_observer = nil
    [applied, game.exception ? error_object(game, failed) : nil]
  end

  def entity_name(e)
    return nil if e.nil?
    return e.name if e.respond_to?(:player?) && e.player?

    e.id
  end

  def round_kind(round)
    return 'auction' if round.is_a?(Engine::Round::Auction)
    return 'stock' if round.is_a?(Engine::Round::Stock)
    return 'operating' if round.is_a?(Engine::Round::Operating)

    round.name.to_s.downcase
  end

  def turn_figure(game)
    return game.turn.to_s unless game.round.is_a?(Engine::Round::Operating)

    "#{game.turn}.#{game.round.round_num}"
  end

  def player_summary(game, player)
    shares = game.corporations.to_h { |c| [c.id, player.percent_of(c)] }
    shares = shares.select { |_, v| v.positive? }
    { 'name' => player.name, 'cash' => player.cash, 'shares' => shares,
      'value' => game.player_value(player) }
  end

  def corporation_summary(game, corp)
    ipo_owner = corp.respond_to?(:ipo_owner) ? corp.ipo_owner : corp
    { 'id' => corp.id, 'cash' => corp.cash, 'trains' => corp.trains.map(&:name).sort,
      'price' => corp.share_price&.price, 'par' => corp.par_price&.price,
      'president' => entity_name(corp.owner), 'ipo' => ipo_owner.percent_of(corp),
      'pool' => game.share_pool.percent_of(corp), 'floated' => corp.floated? }
  end

  def private_owner(company)
    return 'closed' if company.closed?

    owner = company.owner
    return nil if owner.nil? || owner == company || (owner.respond_to?(:bank?) && owner.bank?)

    entity_name(owner)
  end

  def open_corporations(game)
    game.corporations.reject(&:closed?).map { |c| corporation_summary(game, c) }
  end

  # The players in the file's seating order (the engine's list turns with the priority deal).
  def seated(game)
    order = game.instance_variable_get(:@names).keys
    game.players.sort_by { |p| order.index(p.id) || order.size }
  end

  def summary(game, action_id)
    s = { 'action' => action_id, 'round' => round_kind(game.round), 'turn' => turn_figure(game),
          'acting' => game.finished ? [] : game.round.active_entities.map { |e| entity_name(e) },
          'players' => seated(game).map { |p| player_summary(game, p) },
          'corporations' => open_corporations(game),
          'privates' => game.companies.to_h { |c| [c.id, private_owner(c)] },
          'bank' => game.bank.cash, 'phase' => game.phase.name,
          'finished' => game.finished == true }
    s['game_end_reason'] = game.game_end_reason&.to_s if game.finished
    s
  end

  def check(file, data, game)
    applied, err = replay(game, data)
    out = { 'file' => file, 'title' => data['title'] }
    return out.merge(err) if err

    result = JSON.parse(JSON.generate(game.result))
    out.merge('loaded' => true, 'actions' => applied, 'raw_actions' => (data['actions'] || []).size,
              'finished' => game.finished == true, 'game_end_reason' => game.game_end_reason&.to_s,
              'result' => result, 'file_result' => data['result'],
              'file_game_end_reason' => data['game_end_reason'],
              'result_matches' => result == data['result'])
  end

  def parse_args(argv)
    opts = { strict: true, dirs: nil, rest: [] }
    args = argv.dup
    until args.empty?
      a = args.shift
      case a
      when '--title-dir' then opts[:dirs] = (args.shift || usage!).split(',')
      when '--lenient' then opts[:strict] = false
      else opts[:rest] << a
      end
    end
    opts
  end

  def run_command(cmd, file, rest, data, game)
    case cmd
    when 'check'
      out = check(file, data, game)
      puts JSON.generate(out)
      out['loaded'] ? 0 : 1
    when 'position'
      last = 0
      _, err = replay(game, data, rest.first&.to_i) { |action| last = action['id'] }
      puts JSON.generate(err ? { 'file' => file }.merge(err) : summary(game, last))
      err ? 1 : 0
    when 'positions'
      puts JSON.generate(summary(game, 0))
      _, err = replay(game, data) { |action| puts JSON.generate(summary(game, action['id'])) }
      puts JSON.generate({ 'file' => file }.merge(err)) if err
      err ? 1 : 0
    when 'log'
      from, to = rest.map(&:to_i)
      _, err = replay(game, data, to)
      game.log.each { |l| puts "#{l.action_id}: #{l.message}" if l.action_id.to_i >= from.to_i }
      puts JSON.generate({ 'file' => file }.merge(err)) if err
      err ? 1 : 0
    else
      usage!
    end
  end

  def main(argv)
    lib = argv.shift || usage!
    cmd = argv.shift || usage!
    opts = parse_args(argv)
    file = opts[:rest].shift || usage!
    data = {}
    begin
      data = JSON.parse(File.read(file))
      raise JSON::ParserError, 'not a JSON object' unless data.is_a?(Hash)

      load_engine(lib, data['title'], opts[:dirs])
      game = new_game(data, opts[:strict])
    rescue StandardError, LoadError => e
      puts JSON.generate({ 'file' => file, 'title' => data['title'], 'loaded' => false,
                           'error' => e.message.lines.first.to_s.strip,
                           'error_class' => e.class.name, 'action_id' => nil })
      return 1
    end
    run_command(cmd, file, opts[:rest], data, game)
  end
end

exit PbemgmXgames.main(ARGV.dup) if $PROGRAM_NAME == __FILE__
