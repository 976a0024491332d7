#!/usr/bin/env bash
# usage: bench/fastpaths/run.sh CORPUS WORK [ROUNDS [CODING_ROUNDS [PARTS]]]
#
# The fast paths measured against the libraries they replaced (docs/benchmarks.md, "Fast paths against the libraries they
# replace"). Unpacks the committed package (HEAD) into WORK/pkg, puts FastPathBench.swift
# into its FoldoutBuild (the build cache's tables and coding functions and the binary writer's
# count, private or internal in the real code, are made package-visible in this copy only) with a `fastpath-bench` executable linked
# as foldout is (mimalloc through AllocatorTuning), builds it as `make release` builds foldout,
# and runs it: one full build of CORPUS into a new folder under WORK, then each fast path
# against its reference on what that build read and wrote. PARTS (comma-separated, all when
# left out): hash, coding, frontmatter, templates.
set -euo pipefail
export PATH="$PATH:/opt/swift/usr/bin"
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] || { sed -n 2p "$0"; exit 2; }
corpus=$(realpath "$1")
work=$(realpath -m "$2")
mkdir -p "$work/pkg/Sources/fastpath-bench"
git -C "$repo" archive HEAD | tar -x -C "$work/pkg"
cp "$here/FastPathBench.swift" "$work/pkg/Sources/FoldoutBuild/"
cp "$here/main.swift" "$work/pkg/Sources/fastpath-bench/"
python3 - "$work/pkg" <<'PY'
import sys
root = sys.argv[1]
def patch(path, pairs):
    text = open(f"{root}/{path}").read()
    for old, new in pairs:
        assert text.count(old) == 1, (path, old)
        text = text.replace(old, new)
    open(f"{root}/{path}", "w").write(text)
patch("Package.swift", [('        // Turns Templates/ into Swift source',
    '        .executableTarget(name: "fastpath-bench", dependencies: ["AllocatorTuning", "FoldoutBuild"]),\n        // Turns Templates/ into Swift source')])
patch("Sources/FoldoutIncremental/MarkdownCacheFile.swift", [
    ("private var frontMatters", "package var frontMatters"), ("private var bodies", "package var bodies"),
    ("private static func encode(_ value: inout FrontMatter", "package static func encode(_ value: inout FrontMatter"),
    ("private static func decodeFrontMatter", "package static func decodeFrontMatter"),
    ("private static func encode(_ body: inout RenderedBody", "package static func encode(_ body: inout RenderedBody"),
    ("private static func decodeBody", "package static func decodeBody")])
patch("Sources/FoldoutIncremental/BinaryCoding.swift", [("    private(set) var count = 0", "    package private(set) var count = 0")])
PY
(cd "$work/pkg" && swift build -c release --static-swift-stdlib --product fastpath-bench)
"$work/pkg/.build/release/fastpath-bench" "$corpus" "$work/out-$(date +%Y%m%d-%H%M%S)" "${3:-11}" "${4:-7}" "${5:-}"
