# frozen_string_literal: true

# positions_diff.rb: two engines' position summaries of one game compared action by action —
# 18xx.games' (xgames_engine.rb positions) and pbemgm's (tests/tools/xgreplay, same keys: see
# the summary's description at the top of xgames_engine.rb). Run by scripts/xgames_diff.sh:
#   ruby positions_diff.rb [--all] XGAMES_LINES PBEMGM_LINES
# Summaries are matched by "action" (the file's action id); an id only one side printed a
# summary for is not compared (pbemgm applies run_routes and dividend as one decision, and may
# print once for both), only counted. Within a summary only the keys both sides print are
# compared; players by seat (their names with characters other than letters, digits, - and _
# read as _, as pbemgm seats them), corporations and privates by id, trains as sorted lists,
# shares without the zero entries. Prints the first action whose summaries differ, field by
# field (--all: every such action), or that none do. A line without "action" is an engine's
# error object (the file refused): it is printed. Exit 0 no difference, 1 a difference, a
# refusal or nothing to compare, 64 usage.
require 'json'

module PbemgmPositionsDiff
  module_function

  def norm_name(name)
    name.is_a?(String) ? name.gsub(/[^A-Za-z0-9_-]/, '_') : name
  end

  # The lines as JSON objects; one that is not stands as an error object saying so.
  def sorted(list)
    Array(list).map(&:to_s).sort
  end

  def names(list)
    Array(list).map { |n| norm_name(n) }
  end

  def read_lines(path)
    File.readlines(path).map(&:strip).reject(&:empty?).map do |l|
      o = JSON.parse(l)
      o.is_a?(Hash) ? o : { 'unreadable' => l }
    rescue JSON::ParserError
      { 'unreadable' => l }
    end
  end

  # [summaries by action id, error objects]
  def index(lines)
    by_id = {}
    errors = []
    lines.each { |l| l.key?('action') ? by_id[l['action']] = l : errors << l }
    [by_id, errors]
  end

  def scalar_diffs(path, a, b)
    a == b ? [] : [[path, a, b]]
  end

  def hash_diffs(path, a, b)
    a = (a || {}).reject { |_, v| v.is_a?(Numeric) && v.zero? }
    b = (b || {}).reject { |_, v| v.is_a?(Numeric) && v.zero? }
    (a.keys | b.keys).flat_map { |k| scalar_diffs("#{path}.#{k}", a[k], b[k]) }
  end

  # Two records (a player, a corporation) field by field: the fields both have.
  def record_diffs(path, a, b)
    return scalar_diffs(path, a && 'present', b && 'present') if a.nil? || b.nil?

    (a.keys & b.keys).flat_map do |k|
      x = a[k]
      y = b[k]
      case k
      when 'shares' then hash_diffs("#{path}.#{k}", x, y)
      when 'trains' then scalar_diffs("#{path}.#{k}", sorted(x), sorted(y))
      when 'name', 'president' then scalar_diffs("#{path}.#{k}", norm_name(x), norm_name(y))
      else scalar_diffs("#{path}.#{k}", x, y)
      end
    end
  end

  def players_diffs(a, b)
    (0...[a.size, b.size].max).flat_map do |i|
      label = norm_name((a[i] || b[i])['name'])
      record_diffs("players[#{i + 1} #{label}]", a[i], b[i])
    end
  end

  def corporations_diffs(a, b)
    ha = a.to_h { |c| [c['id'], c] }
    hb = b.to_h { |c| [c['id'], c] }
    (ha.keys | hb.keys).flat_map { |id| record_diffs("corporations[#{id}]", ha[id], hb[id]) }
  end

  def privates_diffs(a, b)
    (a.keys | b.keys).flat_map do |id|
      scalar_diffs("privates[#{id}]", norm_name(a.fetch(id, 'absent')),
                   norm_name(b.fetch(id, 'absent')))
    end
  end

  # Every field where two summaries of one action differ: [path, 18xx.games', pbemgm's].
  def summary_diffs(a, b)
    (a.keys & b.keys).reject { |k| k == 'action' }.flat_map do |k|
      case k
      when 'players' then players_diffs(a[k], b[k])
      when 'corporations' then corporations_diffs(a[k], b[k])
      when 'privates' then privates_diffs(a[k], b[k])
      when 'acting' then scalar_diffs(k, names(a[k]), names(b[k]))
      else scalar_diffs(k, a[k], b[k])
      end
    end
  end

  def report(id, diffs)
    puts "action #{id}: #{diffs.size} field(s) differ (18xx.games | pbemgm)"
    diffs.each { |path, a, b| puts "  #{path}: #{JSON.generate(a)} | #{JSON.generate(b)}" }
  end

  def print_errors(side, errors)
    errors.each { |e| puts "#{side} refused the file: #{JSON.generate(e)}" }
  end

  def main(argv)
    all = argv.delete('--all')
    if argv.size != 2
      warn 'usage: positions_diff.rb [--all] XGAMES_LINES PBEMGM_LINES'
      return 64
    end

    xg, xg_errors = index(read_lines(argv[0]))
    pb, pb_errors = index(read_lines(argv[1]))
    common = xg.keys.select { |id| pb.key?(id) }
    differing = 0
    last_same = nil
    common.each do |id|
      diffs = summary_diffs(xg[id], pb[id])
      if diffs.empty?
        last_same = id if differing.zero?
        next
      end
      differing += 1
      report(id, diffs) if all || differing == 1
    end
    only_xg = xg.size - common.size
    only_pb = pb.size - common.size
    puts "#{common.size} actions compared, #{differing} differ; " \
         "the same up to action #{last_same.inspect}; " \
         "summaries of 18xx.games only: #{only_xg}, of pbemgm only: #{only_pb}"
    print_errors('18xx.games', xg_errors)
    print_errors('pbemgm', pb_errors)
    differing.zero? && !common.empty? && xg_errors.empty? && pb_errors.empty? ? 0 : 1
  end
end

exit PbemgmPositionsDiff.main(ARGV.dup) if $PROGRAM_NAME == __FILE__
