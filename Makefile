# pbemgm — play-by-email game master for 18xx.
#
#   make            build build/pbemgm
#   make demo       install what is missing, build, run the daemon once on sample mails
#   make check      install what is missing, build with ASan+UBSan, run unit and integration tests
#   make bench      the route optimizer against its exhaustive baseline; turns on real positions;
#                   a long automatic game; ingest through real Dovecot/OpenSMTPD; the
#                   database's size a turn, sent mail kept whole and trimmed
#   make valgrind   run the unit tests under valgrind (release build)
#   make fuzz       every libFuzzer target of tests/fuzz, FUZZ_SECONDS each (default 60); a
#                   short run of each is part of make check
#   make report-preview  the demo's report and start mail rendered by headless Chromium to
#                   pictures of the page (build/preview/*.png), for a person to look at
#   make install    build/install/pbemgm (finding its files under PREFIX) and install it with
#                   its titles, templates, man pages, example configuration and systemd unit
#                   into DESTDIR/PREFIX (PREFIX=/usr/local); make uninstall removes them
#   make deb        the Debian package, by dpkg-buildpackage, in build/deb/

.DEFAULT_GOAL := all

CC      ?= gcc
PKGS    := libcurl sqlite3 libcjson libxml-2.0 cairo nettle
# libetpan's .pc carries dpkg link specs (no-pie); take only its include path and library.
ETPAN_CFLAGS := -I/usr/include/x86_64-linux-gnu
ETPAN_LIBS   := -letpan

WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2
# Where the program finds its templates and titles; `make TEMPLATES_DIR=... GAMES_DIR=...`
# for an installed copy.
TEMPLATES_DIR ?= $(CURDIR)/templates
GAMES_DIR     ?= $(CURDIR)/config/games
BASE_CFLAGS := -std=c17 -D_GNU_SOURCE $(WARN) -Isrc $(ETPAN_CFLAGS) \
               -DPBEMGM_TEMPLATES_DIR='"$(TEMPLATES_DIR)"' -DPBEMGM_GAMES_DIR='"$(GAMES_DIR)"' \
               $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LIBS    := $(ETPAN_LIBS) $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcrypt -lm

OPT_CFLAGS := -O2 -g
# the test builds (sanitizers, fuzzing) check the engine's invariants after every applied
# action, a broken one fatal (src/engine/invariants.h); the release build does not
CHECK_CFLAGS := -DENG_CHECK_INVARIANTS
SAN_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
              $(CHECK_CFLAGS)

SRCS      := $(sort $(wildcard src/*/*.c src/engine/titles/*.c))
GEN_SRCS  := build/gen/migrations.c
LIB_SRCS  := $(filter-out src/app/main.c,$(SRCS)) $(GEN_SRCS)
SQL_FILES := $(sort $(wildcard sql/*.sql))
TEST_SRCS := $(sort $(wildcard tests/*/test_*.c))
TOOL_SRCS := $(sort $(wildcard tests/tools/*.c))

# $(1) = build dir, $(2) = cflags, $(3) = the compiler (default $(CC))
define build_rules
$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(or $(3),$$(CC)) $$(BASE_CFLAGS) $(2) -MMD -MP -c $$< -o $$@

$(1)/libpbemgm.a: $$(LIB_SRCS:%.c=$(1)/obj/%.o)
	@rm -f $$@
	@ar rcs $$@ $$^

$(1)/pbemgm: $(1)/obj/src/app/main.o $(1)/libpbemgm.a
	@echo "  LD      $$@"
	@$$(CC) $(2) $$^ $$(LIBS) -o $$@

$(1)/tests/%: $(1)/obj/tests/%.o $(1)/libpbemgm.a
	@mkdir -p $$(dir $$@)
	@echo "  LD      $$@"
	@$$(CC) $(2) $$^ $$(LIBS) -lcmocka -o $$@

-include $$(shell find $(1)/obj -name '*.d' 2>/dev/null)
endef

build/gen/migrations.c: $(SQL_FILES) scripts/embed_sql.sh
	@mkdir -p $(dir $@)
	sh scripts/embed_sql.sh $@ $(SQL_FILES)

$(eval $(call build_rules,build,$(OPT_CFLAGS)))
$(eval $(call build_rules,build/san,$(SAN_CFLAGS)))
# the installed copy: the same program, finding its templates and titles under PREFIX, built
# with the packager's CPPFLAGS/CFLAGS/LDFLAGS (dpkg-buildflags' hardening) when given
$(eval $(call build_rules,build/install,$(OPT_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS)))
# the library for the fuzz targets: clang, instrumented for libFuzzer, asserts on
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
               $(CHECK_CFLAGS) \
               -Wno-format-nonliteral # (gcc checks the formats; clang also flags va_list ones)
$(eval $(call build_rules,build/fuzz,$(FUZZ_CFLAGS),clang))
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=build/fuzz/%)
build/fuzz/fuzz_%: build/fuzz/obj/tests/fuzz/fuzz_%.o build/fuzz/libpbemgm.a
	@echo "  LD      $@"
	@clang -fsanitize=fuzzer,address,undefined $^ $(LIBS) -o $@

# rails_replay reads Rails' saved games' options (tests/tools/lib: helpers, not tools)
build/tests/tools/rails_replay: build/obj/tests/tools/lib/rails_save.o
build/san/tests/tools/rails_replay: build/san/obj/tests/tools/lib/rails_save.o

TEST_BINS     = $(TEST_SRCS:tests/%.c=build/tests/%) $(TOOL_SRCS:tests/%.c=build/tests/%)
SAN_TEST_BINS = $(TEST_SRCS:tests/%.c=build/san/tests/%) $(TOOL_SRCS:tests/%.c=build/san/tests/%)

.PHONY: all deps demo check unit integration bench valgrind clean rails-replay fuzz report-preview \
        install install-build uninstall deb

# Replays a Rails log through the engine (its title from its GameIs line): make rails-replay LOG=FILE [UNTIL=N]
rails-replay: build/tests/tools/rails_replay
	@build/tests/tools/rails_replay "$(LOG)" $(UNTIL)
.SECONDARY:

all: build/pbemgm

deps:
	@sh scripts/deps.sh

demo: deps
	@$(MAKE) -s --no-print-directory build/pbemgm build/tests/tools/mailtool
	@sh scripts/demo.sh build/pbemgm

report-preview: deps
	@$(MAKE) -s --no-print-directory build/pbemgm build/tests/tools/mailtool
	@sh scripts/report_preview.sh build/pbemgm build/tests/tools/mailtool

# The test run: everything under ASan+UBSan, unit tests then real-server integration tests.
check: deps
	@$(MAKE) -s --no-print-directory build/san/pbemgm $(SAN_TEST_BINS) $(FUZZ_BINS)
	@sh tests/run.sh build/san

unit: build/san/pbemgm $(SAN_TEST_BINS)
	@PBEMGM_SKIP_INTEGRATION=1 sh tests/run.sh build/san

valgrind: deps
	@$(MAKE) -s --no-print-directory build/pbemgm $(TEST_BINS)
	@PBEMGM_SKIP_INTEGRATION=1 PBEMGM_VALGRIND=1 sh tests/run.sh build

bench: deps
	@$(MAKE) -s --no-print-directory build/pbemgm $(TEST_BINS) build/tests/tools/rails_replay \
		build/tests/tools/idlepass
	@sh bench/routes.sh build
	@sh bench/turns.sh build
	@sh bench/rails1856.sh build
	@sh bench/autogame.sh build
	@sh bench/idle.sh build
	@sh bench/dbsize.sh build
	@sh bench/ingest.sh build

# Every libFuzzer target of tests/fuzz (clang, installed by scripts/deps.sh), FUZZ_SECONDS each,
# from its seeds in tests/fuzz/corpus/NAME; what it finds lands in build/fuzz/.
FUZZ_SECONDS ?= 60
fuzz: deps
	@$(MAKE) -s --no-print-directory $(FUZZ_BINS)
	@PBEMGM_FUZZ_SECONDS=$(FUZZ_SECONDS) PBEMGM_FUZZ_SEED=0 sh tests/fuzz/test_fuzz.sh

clean:
	rm -rf build

# --- install ---------------------------------------------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=] [SYSCONFDIR=/etc] [SYSTEMD_UNIT_DIR=...]
# The program is built again in build/install with its files' installed places compiled in
# (build/install/paths names them; another PREFIX rebuilds it), so build/ stays the test build.
PREFIX           ?= /usr/local
BINDIR           ?= $(PREFIX)/bin
DATADIR          ?= $(PREFIX)/share/pbemgm
MANDIR           ?= $(PREFIX)/share/man
SYSCONFDIR       ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
SYSTEMD_UNIT_DIR ?= $(PREFIX)/lib/systemd/system
INSTALL          ?= install
INSTALL_PATHS    := $(DATADIR)/templates $(DATADIR)/games

install-build:
	@mkdir -p build/install
	@if [ "$$(cat build/install/paths 2>/dev/null)" != "$(INSTALL_PATHS)" ]; then \
	    rm -rf build/install/obj build/install/pbemgm build/install/libpbemgm.a; \
	    echo "$(INSTALL_PATHS)" > build/install/paths; fi
	@$(MAKE) -s --no-print-directory build/install/pbemgm \
	    TEMPLATES_DIR=$(DATADIR)/templates GAMES_DIR=$(DATADIR)/games

install: install-build
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(DATADIR)/games \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(SYSCONFDIR)/pbemgm \
	    $(DESTDIR)$(SYSTEMD_UNIT_DIR)
	$(INSTALL) -m 0755 build/install/pbemgm $(DESTDIR)$(BINDIR)/pbemgm
	$(INSTALL) -m 0644 templates/* $(DESTDIR)$(DATADIR)/templates/
	$(INSTALL) -m 0644 config/games/*.json $(DESTDIR)$(DATADIR)/games/
	$(INSTALL) -m 0644 man/pbemgm.1 $(DESTDIR)$(MANDIR)/man1/pbemgm.1
	$(INSTALL) -m 0644 man/pbemgm.conf.5 $(DESTDIR)$(MANDIR)/man5/pbemgm.conf.5
	$(INSTALL) -m 0644 config/pbemgm.example.json $(DESTDIR)$(SYSCONFDIR)/pbemgm/pbemgm.json.example
	sed -e 's|/usr/bin/pbemgm|$(BINDIR)/pbemgm|' -e 's|/etc/pbemgm/|$(SYSCONFDIR)/pbemgm/|g' \
	    config/pbemgm.service > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/pbemgm.service
	chmod 0644 $(DESTDIR)$(SYSTEMD_UNIT_DIR)/pbemgm.service

# Removes what make install installed (with the same PREFIX and DESTDIR); the configuration an
# administrator wrote (pbemgm.json) and the data under /var/lib/pbemgm are left alone.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pbemgm $(DESTDIR)$(MANDIR)/man1/pbemgm.1 \
	    $(DESTDIR)$(MANDIR)/man5/pbemgm.conf.5 $(DESTDIR)$(SYSCONFDIR)/pbemgm/pbemgm.json.example \
	    $(DESTDIR)$(SYSTEMD_UNIT_DIR)/pbemgm.service
	rm -rf $(DESTDIR)$(DATADIR)
	-rmdir $(DESTDIR)$(SYSCONFDIR)/pbemgm 2>/dev/null

# The Debian package (debian/), built by dpkg-buildpackage from a copy of the sources in
# build/deb/pbemgm, so that neither the tree nor its parent directory is written to; the .deb
# lands in build/deb/. Needs debhelper (scripts/deps.sh installs it).
DEB_SOURCES := Makefile README.md config debian docs man scripts sql src templates
deb: deps
	rm -rf build/deb
	mkdir -p build/deb/pbemgm
	cp -r $(DEB_SOURCES) build/deb/pbemgm/
	cd build/deb/pbemgm && dpkg-buildpackage -us -uc -b
	@ls build/deb/*.deb
