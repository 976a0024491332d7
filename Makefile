# Foldout: one command to build the example site, one to run every test.
# Swift comes from /opt/swift on our machines; elsewhere it must be on PATH.
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

.PHONY: site release test unit-tests browser-tests bench install clean python-env-tests python-env-bench faults fault-tests

## Build the example site in Content/ into Output/.
site: release
	$(FOLDOUT) build

## Compile the foldout binary (release), installing libcmark-dev, libmimalloc-dev, libxml2-dev, libxxhash-dev and libvips-dev when missing.
release:
	scripts/require-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) build $(RELEASE) --product foldout

## Run every test: the Swift test suite, then the browser, HTML-checker and link tests, then
## the short fault-injection run.
test: unit-tests browser-tests fault-tests

unit-tests:
	scripts/require-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) test

browser-tests: release
	FOLDOUT=$(CURDIR)/$(FOLDOUT) Tests/browser/run.sh

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
	scripts/require-packages.sh strace
	FOLDOUT=$${FOLDOUT:-$(CURDIR)/$(FOLDOUT)} FAULTS_SCALE=short $(FAULTS_PYTEST)

## Benchmark against Hugo and the floor (bare cmark plus copying the output); writes
## docs/benchmarks.md. Takes about 10 minutes. BENCH_ARGS passes options (see bench/run.py -h).
# Python packages (Hugo among them) come from bench/requirements.txt, in .venv/bench.
BENCH_PACKAGES = cmark time python3
bench: release
	scripts/require-packages.sh $(BENCH_PACKAGES)
	"$$(scripts/python-env.sh bench)" bench/run.py $(BENCH_ARGS)

## Copy the binary to $(PREFIX)/bin.
install: release
	install -d $(PREFIX)/bin
	install -m 755 $(FOLDOUT) $(PREFIX)/bin/foldout

## The Python environments, made from the pinned requirements files: .venv/tests for the
## browser tests (Tests/browser/requirements.txt), .venv/bench for the benchmarks
## (bench/requirements.txt). The test and bench targets make them when they are missing.
python-env-tests:
	scripts/python-env.sh tests
python-env-bench:
	scripts/python-env.sh bench

clean:
	rm -rf .build Output .venv
