#!/bin/sh
# Fuzzes Foldout's readers of untrusted text (front matter, YAML, slugs, cmark, the whole
# pipeline) for DURATION seconds with libFuzzer.
#
#   scripts/fuzz.sh DURATION [extra libFuzzer flags]
#
# The fuzz build has its own build folder (.build-fuzz) so it never disturbs `swift build`.
# The growing corpus and any crashing inputs stay outside git, in .fuzz/corpus and
# .fuzz/crashes (FOLDOUT_FUZZ_DIR moves them). Seeds come from Fuzz/seeds and Content/.
# Replay a crash with: .build-fuzz/release/FoldoutFuzz .fuzz/crashes/crash-...
# Set FOLDOUT_FUZZ_NO_LIBFUZZER=1 to use the plain seeded random driver instead.
set -eu
cd "$(dirname "$0")/.."
duration=${1:?usage: scripts/fuzz.sh DURATION_SECONDS [libFuzzer flags]}
shift
root=$(pwd)
work=${FOLDOUT_FUZZ_DIR:-$root/.fuzz}
mkdir -p "$work/corpus" "$work/crashes"

if [ -n "${FOLDOUT_FUZZ_NO_LIBFUZZER:-}" ]; then
    swift build --product FoldoutFuzz
    cd "$work/crashes"    # the driver leaves the input it ran last here as `last-input`
    exec "$root/.build/debug/FoldoutFuzz" --random "$duration" --seed "$(date +%s)" \
        "$work/corpus" "$root/Fuzz/seeds" "$root/Content"
fi

# Every module is compiled with AddressSanitizer and libFuzzer's coverage counters, but only
# the fuzz target links libFuzzer (Package.swift reads FOLDOUT_LIBFUZZER): `-sanitize=fuzzer`
# would also link libFuzzer's `main` into the build tools. lld, because gold fails on ASan.
toolchain=$(dirname "$(dirname "$(command -v swift)")")
libfuzzer=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -n 1)
if ! FOLDOUT_LIBFUZZER=$libfuzzer swift build -c release --scratch-path .build-fuzz --product FoldoutFuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -use-ld=lld > "$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log"
    exit 1
fi
# -timeout: an input that takes 10 s is a hang; -rss_limit_mb: a 2 GB expansion is a bomb.
# -detect_leaks=0: the Swift runtime's caches look like leaks and checking costs 80% of the time.
exec .build-fuzz/release/FoldoutFuzz -max_total_time="$duration" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -max_len=8192 -artifact_prefix="$work/crashes/" -print_final_stats=1 "$@" \
    "$work/corpus" Fuzz/seeds Content
