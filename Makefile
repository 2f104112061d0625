# Taint Playground — `make help` lists the targets.
#
# The site is assembled in web/dist by cmd/mkdist: the files of web/static,
# the release WASM under a content-hashed name (taint-playground.<hash>.wasm),
# wasm_exec.js copied from the Go toolchain that built it (never committed),
# build.json, {"wasm": "<hashed name>"}, which worker.js fetches to find the
# WASM, and examples.json, every scenario of examples/ in gallery order (the
# JSON of examples.Scenario), for the page's gallery. Every text asset and the
# WASM also get a .br and a .gz copy for the server to pick by
# Accept-Encoding. web/dist is deployable as it is to any static host;
# bin/taint-playground embeds it and serves it offline.
#
# Go's build cache makes the WASM and the server cheap to rebuild, and mkdist
# reuses the compressed copies of an unchanged WASM, so the targets rebuild
# every time instead of trusting file dates.

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASM_ENV := GOOS=js GOARCH=wasm
# WASM_PKGS are the packages compiled into the WASM, vetted for js/wasm too.
WASM_PKGS := ./wasm/... ./engine/...
WASM_EXEC := $(GOROOT)/lib/wasm/wasm_exec.js
# TEST_TIMEOUT bounds one package's tests: the browser tests (web/e2e) take
# several minutes, and more than go test's default 10 minutes on a 2-core
# machine that runs other work beside them.
TEST_TIMEOUT ?= 45m
RELEASE_WASM := bin/taint-playground.wasm

.DEFAULT_GOAL := build
.PHONY: help build dist wasm serve test test-native test-wasm test-browser chromium node hugo axe lint verify css contract screenshot fonts bench bench-cluster fuzz clean

help: ## List the targets.
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

build: dist ## Build bin/taint-playground: one file that serves the playground offline.
	$(GO) build -trimpath -o bin/taint-playground ./cmd/taint-playground

dist: wasm ## Assemble web/dist, the static site to copy to any host.
	$(GO) run ./cmd/mkdist -static web/static -wasm $(RELEASE_WASM) -wasm-exec $(WASM_EXEC) -out web/dist

wasm: ## Build the release WASM (-trimpath -ldflags='-s -w').
	$(WASM_ENV) $(GO) build -trimpath -ldflags='-s -w' -o $(RELEASE_WASM) ./wasm

serve: build ## Build and serve on http://127.0.0.1:8080 (PORT=… or ADDR=… to change).
	./bin/taint-playground

test: dist chromium node hugo axe ## Everything: vet (native and js), native tests with the browser tests, the WASM tests in Node.
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet $(WASM_PKGS)
	$(GO) test -timeout $(TEST_TIMEOUT) ./...
	$(WASM_ENV) $(GO) test -exec="$(GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/...

test-native: dist chromium hugo axe ## Only the native tests (browser tests included).
	$(GO) test -timeout $(TEST_TIMEOUT) ./...

test-wasm: node ## Only the WASM bridge's tests, in Node.
	$(WASM_ENV) $(GO) test -exec="$(GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/...

test-browser: dist chromium hugo axe ## Only the tests that drive headless Chromium.
	$(GO) test -timeout $(TEST_TIMEOUT) ./internal/browsertest/... ./web/e2e/...

# require succeeds when one of the commands $(1) is on PATH. Otherwise, as
# root on Debian, it installs Debian's package $(2); anywhere else it stops
# with the message $(3).
define require
	@for c in $(1); do command -v "$$c" >/dev/null && exit 0; done; \
	$(call install,$(2),$(3))
endef

# install installs Debian's package $(1) as root on Debian, and anywhere
# else stops with the message $(2): the shell command that ends require.
define install
if [ "$$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's $(1)."; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(1); \
	else \
		echo "$(2)" >&2; exit 1; \
	fi
endef

# chromium finds a browser for the browser tests: $$CHROME, or one on PATH.
chromium:
	$(call require,$(CHROME) chromium chromium-browser google-chrome google-chrome-stable,chromium,$\
The browser tests need Chromium or Chrome: install one (Debian: apt-get install chromium) or set CHROME=/path/to/chrome.)

# hugo builds examples/embed/hugo, the multilingual docs site that embeds
# examples with the shortcode, for its browser test (web/e2e/hugo_site_test.go).
hugo:
	$(call require,hugo,hugo,The Hugo site's test builds it with hugo: install it (Debian: apt-get install hugo).)

# fonts makes Japanese and Chinese text render as glyphs, not boxes, in the
# screenshots: Chromium draws them with fontconfig's fonts for each language
# (Debian: Noto CJK). Only make screenshot needs it; the tests read text.
fonts:
	@if command -v fc-list >/dev/null && [ -n "$$(fc-list :lang=ja)" ] && [ -n "$$(fc-list :lang=zh-cn)" ]; then exit 0; fi; \
	$(call install,fonts-noto-cjk,The screenshots in Japanese and Chinese need a CJK font: install one (Debian: apt-get install fonts-noto-cjk).)

# node runs the WASM tests ($(GOROOT)/lib/wasm/go_js_wasm_exec).
node:
	$(call require,node,nodejs,The WASM tests run in Node.js: install it (Debian: apt-get install nodejs).)

# AXE is axe-core's browser build, which the accessibility browser test
# (web/e2e/a11y_test.go) runs in every view of the page. npm installs the
# version pinned, with its checksum, in web/e2e/axe/package-lock.json.
AXE := web/e2e/axe/node_modules/axe-core/axe.min.js

axe: $(AXE)

$(AXE): web/e2e/axe/package.json web/e2e/axe/package-lock.json
	$(call require,npm,npm,The accessibility test installs axe-core with npm: install it (Debian: apt-get install npm).)
	npm ci --prefix web/e2e/axe --no-audit --no-fund
	@touch $@

lint: ## gofmt, and go vet for native and for js/wasm.
	@unformatted="$$(gofmt -l .)"; if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet $(WASM_PKGS)

verify: ## Check that generated files (web/static/highlight.css, web/static/js/contract.js) are current.
	$(GO) test ./wasm/highlight/stylesheet -run 'TestStylesheetIsCurrent' -count=1
	$(GO) test ./wasm/contract -run 'TestModuleIsCurrent' -count=1

css: ## Regenerate web/static/highlight.css from the highlighter's palette.
	$(GO) test ./wasm/highlight/stylesheet -run 'TestStylesheetIsCurrent' -count=1 -update

contract: ## Regenerate web/static/js/contract.js, the default options and page numbers the page shares with the WASM (package wasm/contract).
	$(GO) test ./wasm/contract -run 'TestModuleIsCurrent' -count=1 -update

screenshot: dist chromium hugo fonts ## Retake docs/screenshots, the README's pictures: page, phone and embed in each language, light and dark; the Hugo site; the timeline.
	$(GO) test ./internal/browsertest -run 'TestPageScreenshot' -count=1 -readme-screenshot

bench: dist chromium ## Print WASM sizes, first-verdict time, evaluate-and-render latency, engine vs upstream, hostile inputs, the device cluster against node-only (go run ./cmd/bench -only devices for that alone).
	$(GO) run ./cmd/bench
	@echo "The highlighter's longest lines against ordinary YAML of the same size (a backtracking pattern would be hundreds of times slower)"
	$(GO) test -run '^$$' -bench 'HTMLLongLines' -benchtime 1x ./wasm/highlight
	@echo "What each way of writing the highlighter's markup costs on 100 KB of node YAML, line cache warm and cold (README, Measuring)"
	$(GO) test -run '^$$' -bench 'HighlightChoices' -benchmem ./wasm/highlight
	$(MAKE) --no-print-directory bench-cluster

bench-cluster: ## Time check and whatif (wall, CPU, max RSS) on generated cluster snapshots up to 5,000 nodes x 150,000 pods, against upstream's decoding; then check on a device cluster (5,000 nodes x 8 GPUs, 20,000 claims) against the node-only snapshot of the same size.
	nice $(GO) run ./cmd/benchcluster $(BENCH_CLUSTER_FLAGS)
	@echo "Verdicts pair by pair against by shape, up to 5,000 nodes x 151,500 pods (pair by pair takes minutes there)"
	nice $(GO) test -run '^$$' -bench 'VerdictsByShape' -benchtime 1x -benchmem ./engine

# FUZZ_PKGS are the packages that read what a user types: the editors' YAML
# and JSON (decoders, scanner, highlighter, Format), the examples, taint specs,
# what-if commands, the page's report. make fuzz asks each for its targets
# (go test -list), so a new one is fuzzed too, and fuzzes them one at a time,
# FUZZTIME each (FUZZ=regexp picks some); go test keeps an input that fails
# in the package's testdata/fuzz/<target>/, which make test replays. The
# targets of engine/core, scheduler and admission take API fields, not text
# (./engine's matching targets come along here): FUZZ_PKGS=./engine/core
# fuzzes those.
FUZZ_PKGS ?= ./wasm/highlight ./wasm/yamlfmt ./examples ./engine/yamltext ./engine/yaml11 ./engine/manifest ./engine/kubectl ./engine ./wasm/api ./wasm/api/wire
FUZZTIME  ?= 1m
FUZZ      ?= .
# FUZZMINIMIZETIME bounds the minimising of each input that reaches new code
# as well as of a failing one: at 10s, FuzzParse on the large scenario files
# spent nearly all its time minimising (37 execs in 96 s at load 15).
FUZZMINIMIZETIME ?= 2s

fuzz: ## Fuzz every target that reads user text, FUZZTIME (1m) each, niced, one worker; failing inputs stay in testdata/fuzz/.
	@failed=; for pkg in $(FUZZ_PKGS); do \
		list=$$($(GO) test -list '^Fuzz' $$pkg) || { failed="$$failed $$pkg"; continue; }; \
		targets=$$(echo "$$list" | grep '^Fuzz' | grep -E '$(FUZZ)'); \
		for target in $$targets; do \
			echo "== $$pkg $$target for $(FUZZTIME)"; \
			nice -n 19 $(GO) test $$pkg -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) \
				-fuzzminimizetime $(FUZZMINIMIZETIME) -parallel 1 || failed="$$failed $$pkg:$$target"; \
		done; \
	done; \
	if [ -n "$$failed" ]; then echo "failed:$$failed (an input that fails is in the package's testdata/fuzz/)" >&2; exit 1; fi

clean: ## Remove what the build made.
	rm -rf bin test-artifacts
	find web/dist -mindepth 1 ! -name .gitkeep -delete
