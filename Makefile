# firebreak: `make demo` lints, analyses and draws the bundled example app, `make test` runs every test.
# Both work on a fresh machine with the Swift toolchain: they install libgraphviz-dev when it is
# missing and fetch and build the Swift packages.

SWIFT ?= swift
BIN := .build/debug/firebreak
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo images test test-browser test-plugins test-bazel docs clean

# libgraphviz renders diagrams in-process; no `dot` binary is needed.
deps:
	@pkg-config --exists libgvc 2>/dev/null || { \
		echo "installing libgraphviz-dev"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libgraphviz-dev pkg-config >/dev/null; }

# One progress line, not the compiler's output (Scripts/build.sh keeps the log in .build/build.log).
build: deps
	@SWIFT=$(SWIFT) Scripts/build.sh

# Lint exits 1 when it finds violations, which is the point of the demo: accept 0 and 1.
demo: build
	$(BIN) lint Examples/ClinicApp; status=$$?; [ $$status -le 1 ]
	$(BIN) analyze Examples/ClinicApp
	$(BIN) why ProfileView APIClient Examples/ClinicApp
	mkdir -p out/diagrams
	$(BIN) graph Examples/ClinicApp --all-views --format svg --output-dir out/diagrams
	$(BIN) graph Examples/ClinicApp --modules --format svg --output out/diagrams/modules.svg
	@echo "diagrams: out/diagrams/index.html"
	cd $(PAIR)/before && $(CURDIR)/$(BIN) analyze ProfileApp --format json --output $(CURDIR)/out/before.json
	cd $(PAIR)/after && $(CURDIR)/$(BIN) analyze ProfileApp --format json --output $(CURDIR)/out/after.json
	$(BIN) diff out/before.json out/after.json --fail-on new-findings

# The seed's refactor, before and after, as two trees (see docs/diff.md).
PAIR := Tests/EndToEndTests/Fixtures/ProfileRefactor

# The README's picture, drawn by firebreak from the example app.
images: build
	mkdir -p docs/images
	$(BIN) graph Examples/ClinicApp --view ProfileView --format png --output docs/images/ProfileView.png
	$(BIN) graph Examples/ClinicApp --view ProfileView --firewalled --format png --output docs/images/ProfileView-firewalled.png
	mkdir -p out
	cd $(PAIR)/before && $(CURDIR)/$(BIN) analyze ProfileApp --format json --output $(CURDIR)/out/before.json
	cd $(PAIR)/after && $(CURDIR)/$(BIN) analyze ProfileApp --format json --output $(CURDIR)/out/after.json
	$(BIN) graph --diff out/before.json out/after.json --view ProfileView --format png --output docs/images/ProfileView-diff.png
	$(BIN) analyze Examples/ClinicApp --format html --output out/analysis.html
	chromium --headless --no-sandbox --disable-gpu --window-size=1400,1700 --screenshot=docs/images/analysis-html.png file://$(CURDIR)/out/analysis.html

# firebreak lints its own sources (the root .firebreak.yml) and fails on a finding; then every test,
# all XCTest cases (Swift Testing would only add a "0 tests" line), so the last line is the count.
test: deps
	$(SWIFT) build --build-tests
	$(BIN) lint Sources
	$(SWIFT) test --skip-build --disable-swift-testing
	$(MAKE) test-browser
	$(MAKE) test-plugins
	$(MAKE) test-bazel

# The SwiftPM plugins on packages made in a temporary folder that depend on this checkout, one at
# tools 5.9 and one at 6.0: the command plugin's report, and the build-tool plugin failing
# `swift build` on a planted singleton read, then passing once it is gone (about 8 minutes: SwiftPM
# builds firebreak and swift-syntax for each consumer).
test-plugins: deps
	Tests/Plugins/run.sh

# Examples/Bazel, offline: facts actions per target, the merged reports, one facts action rerun
# after an edit, the gate failing on a finding (installs Debian's bazel-bootstrap when missing).
test-bazel: build
	Tests/Bazel/run.sh $(BIN)

# Pages firebreak writes, checked in headless Chromium (installed when missing); part of `make test`.
test-browser: deps
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing chromium"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null; }
	$(SWIFT) build
	Tests/Browser/run.sh $(BIN)

# docs/rules.md is generated from the rule examples the tests run.
docs: build
	$(BIN) rules --format markdown > docs/rules.md
	$(BIN) --experimental-dump-help | python3 Scripts/cli_reference.py > docs/cli.md

clean:
	rm -rf .build out
