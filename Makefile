# firebreak: `make demo` lints the bundled example app, `make test` runs every test.
# Both work on a fresh machine with the Swift toolchain: they fetch and build what is missing.

SWIFT ?= swift
BIN := .build/debug/firebreak

.PHONY: build demo test docs check-docs clean

build:
	$(SWIFT) build

# Lint exits 1 when it finds violations, which is the point of the demo: accept 0 and 1.
demo: build
	$(BIN) lint Examples/ClinicApp; status=$$?; [ $$status -le 1 ]
	$(BIN) analyze Examples/ClinicApp
	$(BIN) why ProfileView APIClient Examples/ClinicApp

test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# docs/rules.md is generated from the rule examples the tests run.
docs: build
	$(BIN) rules --format markdown > docs/rules.md

clean:
	rm -rf .build
