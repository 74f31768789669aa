# digraph: developer entry points.
#
#   make setup    install the system packages the build needs (only when missing)
#   make build    debug build of every target
#   make test     swift test            (SWIFT_TEST_FLAGS="--filter Cycle" to narrow)
#   make demo     run `digraph check` on the projects under Examples/
#   make bench    release build, then digraph-bench   (BENCH_ARGS="--files 500")
#   make man      preview man/digraph.1; `make man-lint` checks it renders without warnings
#
# Variables: SWIFT (the swift driver), SWIFT_BUILD_FLAGS, SWIFT_TEST_FLAGS, BENCH_ARGS,
# DEMO_FLAGS (extra flags for the demo's `digraph check`, e.g. DEMO_FLAGS="--format json").

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

EXAMPLES := Examples/SwinjectShop Examples/ServiceLocatorApp Examples/FactoryShop Examples/DependenciesApp \
	Examples/KeyPathContainerApp
MANPAGE := man/digraph.1

# System packages: Graphviz's C library (libgvc, found through pkg-config) for rendering.
APT_PACKAGES := libgraphviz-dev pkg-config
# apt-get needs root: use sudo when we are not root and sudo exists.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || ! command -v sudo >/dev/null 2>&1 || echo sudo)

.PHONY: all setup build test demo bench man man-lint clean help

all: build

help:
	@sed -n '3,11s/^# \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

setup:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc; then \
	    echo "setup: libgvc $$(pkg-config --modversion libgvc) already installed"; \
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

test: setup
	$(SWIFT) test $(strip $(SWIFT_BUILD_FLAGS) $(SWIFT_TEST_FLAGS))

# `digraph check` exits 1 when it finds something, which is the point of the examples, so
# that is not a failure here; exit 2 (could not run) is.
demo: build
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

clean:
	$(SWIFT) package clean
