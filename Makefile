# Foldout: one command to build the example site, one to run every test.
# Swift comes from /opt/swift on our machines; elsewhere it must be on PATH.
# The user's own PATH, before Swift's is added: `make install` says whether it reaches foldout.
USER_PATH := $(PATH)
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_PACKAGES = libcmark-dev libmimalloc-dev libxml2-dev libxxhash-dev libvips-dev pkg-config
FOLDOUT = .build/release/foldout
# The Swift runtime and Foundation linked into the binary: calls into the runtime (a retain
# or release for each value copied) are direct, and the program starts without relocating
# Foundation's shared library; a large build takes about 12% less time. Every release build
# of the package must use the same flags, or each one rebuilds everything.
RELEASE = -c release --static-swift-stdlib

.PHONY: site release test unit-tests browser-tests bench install clean python-env-tests python-env-bench faults fault-tests fault-tests-with fuzz-replay fuzz-replay-with format lint

## Build the example site in Content/ into Output/.
site: release
	$(FOLDOUT) build

## Compile the foldout binary (release), installing libcmark-dev, libmimalloc-dev, libxml2-dev, libxxhash-dev and libvips-dev when missing.
release:
	scripts/require-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) build $(RELEASE) --product foldout

## Run every test: the Swift test suite, then the browser, HTML-checker and link tests, a
## bounded fuzz run and the short fault-injection run. The last three use the debug binary
## the Swift build made: a release build would add about ten minutes to a CI run.
## `make browser-tests` and `make fault-tests` alone test the release binary.
DEBUG_FOLDOUT = .build/debug/foldout
## Each phase says how long it took (scripts/timed.sh); docs/browser-tests.md has the figures.
## After the build, the Swift tests, the fuzz replay and the fault tests run one after another
## beside the browser tests (scripts/beside.sh), which leave a core partly idle while they
## wait on Chromium; what both need (packages, the Python environment) is installed first,
## so no two installs run at once.
TEST_LOG = artifacts/beside-browser-tests.log
test:
	scripts/timed.sh "lint" $(MAKE) --no-print-directory lint
	scripts/require-packages.sh $(BUILD_PACKAGES) strace
	scripts/timed.sh "Swift build" $(SWIFT) build --build-tests
	scripts/python-env.sh tests >/dev/null
	scripts/timed.sh "browser tests, with the rest beside them" scripts/beside.sh $(TEST_LOG) \
	    "$(SWIFT) test --skip-build" \
	    "$(MAKE) --no-print-directory fuzz-replay-with FUZZ_SECONDS=20" \
	    "$(MAKE) --no-print-directory fault-tests-with FOLDOUT=$(CURDIR)/$(DEBUG_FOLDOUT)" \
	    -- env FOLDOUT=$(CURDIR)/$(DEBUG_FOLDOUT) Tests/browser/run.sh

unit-tests:
	scripts/require-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) test

browser-tests: release
	FOLDOUT=$(CURDIR)/$(FOLDOUT) Tests/browser/run.sh

## The fuzz target (Sources/FoldoutFuzz, docs/bad-input.md) without libFuzzer: every seed in
## Fuzz/seeds once, then FUZZ_SECONDS of random mutations of them with a new seed each run
## (printed; a finding leaves its input in .fuzz/replay/last-input). scripts/fuzz.sh runs
## the libFuzzer build for longer.
FUZZ_SECONDS ?= 45
FUZZ_SEED ?= $(shell date +%s)
## `fuzz-replay-with` runs the FoldoutFuzz that `swift test` already built (make test): asking
## for the product again re-runs the template plugin, about a minute on a loaded machine.
fuzz-replay:
	$(SWIFT) build --product FoldoutFuzz
	$(MAKE) --no-print-directory fuzz-replay-with
fuzz-replay-with:
	mkdir -p .fuzz/replay
	cd .fuzz/replay && $(CURDIR)/.build/debug/FoldoutFuzz $(CURDIR)/Fuzz/seeds
	cd .fuzz/replay && $(CURDIR)/.build/debug/FoldoutFuzz --random $(FUZZ_SECONDS) --seed $(FUZZ_SEED) $(CURDIR)/Fuzz/seeds

## The house layout of Swift code, kept by swift-format (it ships with the toolchain) with the
## rules in .swift-format: `make format` rewrites the files in place, `make lint` fails on any
## difference or broken rule (it runs first in `make test`, in about half a minute). Then
## scripts/check-source-rules.py: `public` only in the library product's targets, no file
## under Sources/ over 500 lines, every import of a target declared in Package.swift.
SWIFT_FORMAT ?= swift-format
FORMATTED = Package.swift Sources Tests Plugins
format:
	$(SWIFT_FORMAT) format --in-place --parallel --recursive $(FORMATTED)
lint:
	$(SWIFT_FORMAT) lint --strict --parallel --recursive $(FORMATTED)
	scripts/check-source-rules.py

## Fault injection (Tests/faults, docs/reliability.md): builds killed at random and named
## moments, builds at once over one cache, damaged cache files, a full disk, a read-only
## output; Hugo beside it for figures. 15 to 20 minutes; FOLDOUT=... tests another binary,
## FAULTS_FIGURES=file.json keeps the figures. `fault-tests` is the short run (60 to 140 s).
FAULTS_PYTEST = "$$(scripts/python-env.sh tests)" -m pytest -p no:cacheprovider Tests/faults -q -rs
faults: release
	scripts/require-packages.sh strace
	scripts/python-env.sh bench >/dev/null
	FOLDOUT=$${FOLDOUT:-$(CURDIR)/$(FOLDOUT)} FAULTS_SCALE=full $(FAULTS_PYTEST)
fault-tests: release
	$(MAKE) --no-print-directory fault-tests-with FOLDOUT=$${FOLDOUT:-$(CURDIR)/$(FOLDOUT)}
fault-tests-with:
	scripts/require-packages.sh strace
	FOLDOUT=$(FOLDOUT) FAULTS_SCALE=short $(FAULTS_PYTEST)

## Benchmark against Hugo and the floor (bare cmark plus copying the output); writes
## docs/benchmarks.md. Takes about 10 minutes. BENCH_ARGS passes options (see bench/run.py -h).
# Python packages (Hugo among them) come from bench/requirements.txt, in .venv/bench.
BENCH_PACKAGES = cmark time python3
bench: release
	scripts/require-packages.sh $(BENCH_PACKAGES)
	"$$(scripts/python-env.sh bench)" bench/run.py $(BENCH_ARGS)

## Copy the binary to $(PREFIX)/bin: with sudo when that folder is not writable (the build
## itself never runs as root), and say how to reach it when it is not on PATH.
install: release
	@sudo=""; \
	if [ ! -w "$(PREFIX)/bin" ] && ! { [ ! -e "$(PREFIX)/bin" ] && mkdir -p "$(PREFIX)/bin" 2>/dev/null; }; then \
	    sudo="sudo"; echo "$(PREFIX)/bin is not writable by you: installing with sudo"; \
	fi; \
	$$sudo install -d "$(PREFIX)/bin" && $$sudo install -m 755 $(FOLDOUT) "$(PREFIX)/bin/foldout"
	@case ":$(USER_PATH):" in \
	    *":$(PREFIX)/bin:"*) echo "installed $(PREFIX)/bin/foldout; next: foldout init my-site && cd my-site && foldout serve" ;; \
	    *) echo "installed $(PREFIX)/bin/foldout, but $(PREFIX)/bin is not on your PATH; add this line to ~/.bashrc" \
	            "(or ~/.zshrc), then open a new terminal:"; \
	       echo "    export PATH=\"$(PREFIX)/bin:\$$PATH\"" ;; \
	esac

## The Python environments, made from the pinned requirements files: .venv/tests for the
## browser tests (Tests/browser/requirements.txt), .venv/bench for the benchmarks
## (bench/requirements.txt). The test and bench targets make them when they are missing.
python-env-tests:
	scripts/python-env.sh tests
python-env-bench:
	scripts/python-env.sh bench

clean:
	rm -rf .build Output .venv
