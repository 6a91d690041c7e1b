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
SAN_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all

SRCS      := $(sort $(wildcard src/*/*.c))
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
# the library for the fuzz targets: clang, instrumented for libFuzzer, asserts on
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
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

.PHONY: all deps demo check unit integration bench valgrind clean rails-replay fuzz report-preview

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
