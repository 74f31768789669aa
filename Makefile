# digraph: developer entry points.
#
#   make setup    install the system packages the build needs (only when missing)
#   make build    debug build of every target
#   make test     swift test, showing failures and summaries (all of it in .build/test-output.log;
#                 SWIFT_TEST_FLAGS="--filter Cycle" to narrow)
#   make test-fast  the edit-test loop: every suite but the command-line ones and a few heavy ones
#                 (under 30 s after the build)
#   make goldens  rewrite the goldens tests compare with (DOT renderings, docs/rules.md) from the
#                 code as it is; review the diff, then commit. Refused when CI is set.
#   make demo     run `digraph check` on the projects under Examples/; links `digraph` into $(PREFIX)/bin
#   make install  release build, installed as $(PREFIX)/bin/digraph (PREFIX=/usr/local)
#   make bench    release build, then digraph-bench   (BENCH_ARGS="--files 500")
#   make man      preview man/digraph.1; `make man-lint` checks it renders without warnings
#   make fuzz     libFuzzer on every input digraph reads, FUZZ_SECONDS each (FUZZ_TARGETS="swift config",
#                 FUZZ_CONFIG=release FUZZ_SCRATCH=.build to reuse a release build's swift-syntax)
#   make mutate   scripts/mutate.py over MUTATE_DIR (default Examples): crashes, hangs, nondeterminism
#
# Variables: SWIFT (the swift driver), SWIFT_BUILD_FLAGS, SWIFT_TEST_FLAGS, BENCH_ARGS,
# DEMO_FLAGS (extra flags for the demo's `digraph check`, e.g. DEMO_FLAGS="--format json"),
# FUZZ_SECONDS, FUZZ_TARGETS, FUZZ_SCRATCH, FUZZ_CONFIG, MUTATE_DIR, MUTATE_ARGS.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules

SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
SWIFT_TEST_FLAGS ?=
BENCH_ARGS ?=
DEMO_FLAGS ?=
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin

EXAMPLES := Examples/SwinjectShop Examples/ServiceLocatorApp Examples/WidgetApp Examples/ResolverWallet \
	Examples/AutoregistrationCoordinators Examples/RouterLocatorApp Examples/DipStarships \
	Examples/TranquillityReader Examples/FactoryShop Examples/DependenciesApp Examples/KeyPathContainerApp \
	Examples/NeedleJukebox Examples/WeaverCinema \
	Examples/FactoriesApp
MANPAGE := man/digraph.1

# System packages: Graphviz's C library (libgvc, found through pkg-config) for rendering.
APT_PACKAGES := libgraphviz-dev pkg-config man-db
# apt-get needs root: use sudo when we are not root and sudo exists.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || ! command -v sudo >/dev/null 2>&1 || echo sudo)

.PHONY: all setup build quiet-build test test-fast goldens demo link install bench man man-lint clean help fuzz fuzz-build mutate

all: build

help:
	@sed -n '3,22s/^# \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

setup:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc && command -v man >/dev/null 2>&1; then \
	    echo "setup: libgvc $$(pkg-config --modversion libgvc) and man already installed"; \
	elif command -v apt-get >/dev/null 2>&1; then \
	    echo "setup: installing $(APT_PACKAGES)"; \
	    $(SUDO) apt-get update; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	    pkg-config --exists libgvc || { echo "setup: libgvc still not found by pkg-config" >&2; exit 1; }; \
	else \
	    echo "setup: libgvc (Graphviz) not found and apt-get is not available;" >&2; \
	    echo "setup: install Graphviz and pkg-config yourself (macOS: brew install graphviz pkg-config)" >&2; \
	    exit 1; \
	fi

build: setup
	$(SWIFT) build $(strip $(SWIFT_BUILD_FLAGS))

# The debug build with the compiler's output in $(BUILD_LOG), its last lines shown when it fails:
# `make demo` shows the demo, not the build (issue 30).
BUILD_LOG ?= .build/digraph-build.log
quiet-build: setup
	@mkdir -p "$(dir $(BUILD_LOG))"
	@echo "build: swift build (its output is in $(BUILD_LOG))"
	@if ! $(SWIFT) build $(strip $(SWIFT_BUILD_FLAGS)) > "$(BUILD_LOG)" 2>&1; then \
	    tail -n 30 "$(BUILD_LOG)" >&2; \
	    echo "build: failed; the whole output is in $(BUILD_LOG)" >&2; \
	    exit 1; \
	fi

test: setup
	python3 -m unittest discover -s scripts -p 'test_*.py'
	SWIFT="$(SWIFT)" scripts/test-output.sh $(strip $(SWIFT_BUILD_FLAGS) $(SWIFT_TEST_FLAGS))

# The edit-test loop: every test except the command-line suites (they run the built binary, a
# browser, the examples) and the few that scan large generated inputs or build packages. Seconds,
# not minutes, after the build; `make test` runs everything before a commit.
SLOW_TESTS := DigraphCLITests|ExporterTests|ScanCostTests|DeepInputTests|GraphvizRendererTests
test-fast: setup
	python3 -m unittest discover -s scripts -p 'test_*.py'
	SWIFT="$(SWIFT)" scripts/test-output.sh $(strip $(SWIFT_BUILD_FLAGS) $(SWIFT_TEST_FLAGS)) --skip '$(SLOW_TESTS)'

# The only way goldens change: a test run compares and never writes. The golden tests run with
# DIGRAPH_GOLDEN_ACTUAL naming a scratch folder, where each differing test leaves what it produced
# (under the golden's path); those files are copied over the goldens, and the tests run again.
GOLDEN_TESTS := DOTGoldenTests|RulesMarkdownTests
goldens:
	@if [ -n "$${CI+set}" ]; then \
	    echo "goldens: refused because CI is set: goldens are rewritten on a developer's machine, reviewed and committed" >&2; \
	    exit 1; \
	fi
	@$(MAKE) --no-print-directory setup
	$(SWIFT) build --build-tests $(strip $(SWIFT_BUILD_FLAGS))
	@actual="$$(mktemp -d)"; trap 'rm -rf "$$actual"' EXIT; \
	DIGRAPH_GOLDEN_ACTUAL="$$actual" $(SWIFT) test --skip-build $(strip $(SWIFT_BUILD_FLAGS)) \
	    --filter '$(GOLDEN_TESTS)' >"$$actual.log" 2>&1 || true; \
	rm -f "$$actual.log"; \
	changed="$$(cd "$$actual" && find . -type f | sed 's|^\./||' | sort)"; \
	if [ -z "$$changed" ]; then echo "goldens: every golden is current"; exit 0; fi; \
	for file in $$changed; do cp "$$actual/$$file" "$$file"; echo "goldens: rewrote $$file"; done; \
	$(SWIFT) test --skip-build $(strip $(SWIFT_BUILD_FLAGS)) --filter '$(GOLDEN_TESTS)' >/dev/null 2>&1 \
	    || { echo "goldens: the golden tests still fail after the rewrite; run them to see why" >&2; exit 1; }; \
	echo "goldens: review with git diff, then commit"

# `digraph check` exits 1 when it finds something, which is the point of the examples, so
# that is not a failure here; exit 2 (could not run) is.
demo: quiet-build link
	@bin="$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)"; \
	for example in $(EXAMPLES); do \
	    echo; \
	    echo "$$ digraph check $$example$(if $(DEMO_FLAGS), $(DEMO_FLAGS))"; \
	    status=0; \
	    "$$bin/digraph" check "$$example" $(DEMO_FLAGS) || status=$$?; \
	    echo "exit code: $$status"; \
	    if [ "$$status" -ge 2 ]; then \
	        echo "demo: digraph could not run on $$example" >&2; \
	        exit "$$status"; \
	    fi; \
	done

# The debug build, on the PATH: what the README's commands run after `make demo`. Where
# $(BINDIR) is not writable, say how to get it on the PATH instead.
link: quiet-build
	@bin="$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)"; \
	if mkdir -p "$(BINDIR)" 2>/dev/null && ln -sf "$$bin/digraph" "$(BINDIR)/digraph" 2>/dev/null; then \
	    echo "link: $(BINDIR)/digraph -> $$bin/digraph"; \
	else \
	    echo "link: $(BINDIR) is not writable; run: export PATH=\"$$bin:\$$PATH\" (or make install PREFIX=~/.local)"; \
	fi

# A release build copied to $(BINDIR) (replacing the link `make demo` made).
install: setup
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --product digraph
	mkdir -p "$(BINDIR)"
	rm -f "$(BINDIR)/digraph"
	install -m 0755 "$$($(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --show-bin-path)/digraph" "$(BINDIR)/digraph"
	@echo "install: $(BINDIR)/digraph"

# One `--product` per invocation: SwiftPM keeps only the last one given.
bench: setup
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --product digraph
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --product digraph-bench
	"$$($(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --show-bin-path)/digraph-bench" $(BENCH_ARGS)

man:
	MANWIDTH=$${MANWIDTH:-80} man -l $(MANPAGE) | cat

# Fails on any warning from man or groff (bad macros, lines that do not fit, …).
man-lint:
	@command -v man >/dev/null 2>&1 || { echo "man-lint: install man-db and groff" >&2; exit 1; }
	@warnings="$$(MANWIDTH=80 man --warnings -l $(MANPAGE) 2>&1 >/dev/null)"; \
	if [ -n "$$warnings" ]; then echo "$$warnings" >&2; exit 1; fi; \
	echo "man-lint: $(MANPAGE) renders without warnings"

# Fuzzing: digraph's own modules built with libFuzzer's coverage and AddressSanitizer (DIGRAPH_FUZZ
# in Package.swift) into FUZZ_SCRATCH, dependencies as usual; then scripts/fuzz.sh runs each
# target for FUZZ_SECONDS. libFuzzer comes with the Swift toolchain (Linux). A crash fails the run
# and is saved under .build/fuzz-artifacts/; see scripts/fuzz.sh.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_SCRATCH ?= .build/fuzz
# debug or release: release runs many times faster, after a release build of swift-syntax.
FUZZ_CONFIG ?= debug
LIBFUZZER = $(shell find "$$(dirname "$$(readlink -f "$$(command -v swiftc)")")/../lib/clang" \
	-name 'libclang_rt.fuzzer_no_main-*.a' 2>/dev/null | head -n 1)

fuzz-build: setup
	@[ -n "$(LIBFUZZER)" ] || { echo "fuzz: libFuzzer (libclang_rt.fuzzer_no_main) is not in this Swift toolchain" >&2; exit 1; }
	DIGRAPH_FUZZ="$(LIBFUZZER)" $(SWIFT) build --scratch-path $(FUZZ_SCRATCH) -c $(FUZZ_CONFIG) $(strip $(SWIFT_BUILD_FLAGS)) --product digraph-fuzz

fuzz: fuzz-build
	scripts/fuzz.sh $(FUZZ_SCRATCH)/$(FUZZ_CONFIG)/digraph-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Mutants of real Swift files through `digraph check`: crashes, hangs and output that differs
# between two runs. Builds the debug digraph first; MUTATE_ARGS="--max-mutants 2000" bounds a run.
MUTATE_DIR ?= Examples
MUTATE_ARGS ?=
mutate: build
	python3 scripts/mutate.py --digraph "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/digraph" $(MUTATE_ARGS) $(MUTATE_DIR)

clean:
	$(SWIFT) package clean
