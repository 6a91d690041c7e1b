# frozen_string_literal: true

# require_all.rb: pbemgm's own stand-in for the `require_all` gem, which 18xx.games' engine
# (tobymao/18xx lib/engine.rb: `require_rel 'engine/game'`) needs and Debian does not package.
# Only `require_rel` (and its alias `require_relative_all`) is provided: every .rb file under
# the paths given (relative to the calling file), base.rb and meta.rb first, then the others
# in name order, those that fail on a constant not yet defined (NameError) tried again after
# the rest until none is left or none more loads. A title's files live in a folder
# lib/engine/game/g_<title>/: when PBEMGM_XG_TITLE_DIRS names folders ("g_1830" or
# "g_1830,g_1817"), only those titles' folders are loaded besides the files every title shares
# (loading all 260 titles is slow, and some do not load in this order). Used by
# tests/tools/xgames/xgames_engine.rb through `ruby -I tests/tools/xgames`.

module PbemgmRequireAll
  TITLE_FOLDER = %r{/game/(g_[^/]+)/}.freeze

  def self.wanted_titles
    list = ENV.fetch('PBEMGM_XG_TITLE_DIRS', '').split(',').map(&:strip).reject(&:empty?)
    list.empty? ? nil : list
  end

  def self.files_under(base, paths)
    paths.flat_map do |p|
      full = File.expand_path(p.to_s, base)
      if File.directory?(full)
        Dir.glob(File.join(full, '**', '*.rb')).sort
      else
        [full.end_with?('.rb') ? full : "#{full}.rb"]
      end
    end
  end

  def self.select_titles(files)
    titles = wanted_titles
    return files unless titles

    files.select do |f|
      m = TITLE_FOLDER.match(f)
      m.nil? || titles.include?(m[1])
    end
  end

  def self.ordered(files)
    first = files.select { |f| f.end_with?('/game/base.rb', '/game/meta.rb') }
    first + (files - first)
  end

  # Requires each file; those failing on a NameError are retried while any other loads.
  def self.load_all(files)
    pending = files
    until pending.empty?
      failed = []
      errors = {}
      pending.each do |f|
        require f
      rescue NameError => e
        failed << f
        errors[f] = e
      end
      if failed.size == pending.size
        raise LoadError, "require_rel: cannot load #{failed.first}: #{errors[failed.first].message}"
      end

      pending = failed
    end
    true
  end
end

def require_rel(*paths)
  base = File.dirname(caller_locations(1, 1).first.path)
  files = PbemgmRequireAll.files_under(base, paths.flatten)
  PbemgmRequireAll.load_all(PbemgmRequireAll.ordered(PbemgmRequireAll.select_titles(files)))
end

alias require_relative_all require_rel
