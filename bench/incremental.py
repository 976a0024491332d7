#!/usr/bin/env python3
"""Measures Foldout's incremental rebuilds on the benchmark corpus, against the targets in
docs/benchmarks-incremental.md.

    make release
    python3 bench/incremental.py --items 10000 --runs 7

What it does, in a scratch folder (the corpus is copied there, never edited in place):

1. a clean build (no output folder, no cache), for scale;
2. rebuilds with nothing changed: wall time, and that no file in the output folder was
   written (every file keeps its inode and modification time);
3. one item's body edited further down (its row, title and summary, stays the same): wall
   time, and which files were rewritten (expected: that item's page only);
4. one item's first paragraph edited (its row's summary changes): wall time and rewritten
   files (expected: the item's page, its catalog page and the tag pages listing it);
5. `foldout serve`: the time from saving an edited item to its new page being in the
   output folder, and to the end of the rebuild that follows;
6. a clean build of the edited content into another folder, compared file by file with
   the incrementally built one.

Times are medians of --runs runs. The machine's load average is printed with them: on a
shared machine, wall times drift with what else runs, while CPU seconds (user + system of
the build process) drift less.
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_generator(given):
    # The repository's copy of shared/bench's generator, so a clean clone needs nothing beside it.
    candidates = [given] if given else [os.path.join(REPO, "bench", "gen_corpus.py")]
    for path in candidates:
        if path and os.path.exists(path):
            return os.path.abspath(path)
    sys.exit("gen_corpus.py not found; pass --generator PATH")


def output_state(root):
    """path -> (inode, mtime_ns) of every file under root."""
    state = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            state[os.path.relpath(path, root)] = (info.st_ino, info.st_mtime_ns)
    return state


def changed(before, after):
    return sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p) and p != ".foldout-manifest")


def timed(command):
    """Runs command; returns (wall seconds, cpu seconds, stdout)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr))
    cpu = (after.ru_utime - usage.ru_utime) + (after.ru_stime - usage.ru_stime)
    return wall, cpu, result.stdout


def median_ms(values):
    return "%.0f ms" % (statistics.median(values) * 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--foldout", default=os.path.join(REPO, ".build", "release", "foldout"))
    parser.add_argument("--generator")
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args()
    foldout = os.path.abspath(args.foldout)
    if not os.path.exists(foldout):
        sys.exit("%s not found: run `make release` first" % foldout)

    scratch = tempfile.mkdtemp(prefix="foldout-incremental-")
    content, output = os.path.join(scratch, "Content"), os.path.join(scratch, "Output")
    subprocess.run([sys.executable, find_generator(args.generator), content, str(args.items)], check=True,
                   stdout=subprocess.DEVNULL)
    build = [foldout, "build", "--content", content, "--output", output]
    rows = []
    print("machine: %d cores, load average %.2f %.2f %.2f" % ((os.cpu_count(),) + os.getloadavg()))

    wall, cpu, out = timed(build)
    rows.append(("clean build (no output, no cache)", "%.2f s" % wall, "%.2f s" % cpu, out.strip()))

    # 2. Nothing changed.
    walls, cpus, touched = [], [], set()
    for _ in range(args.runs):
        before = output_state(output)
        wall, cpu, out = timed(build)
        walls.append(wall)
        cpus.append(cpu)
        touched.update(changed(before, output_state(output)))
    rows.append(("rebuild, nothing changed", median_ms(walls), median_ms(cpus),
                 "files written: %d" % len(touched)))

    # 3 and 4. One item edited.
    item = next(os.path.join(folder, name) for folder, _, names in sorted(os.walk(os.path.join(content, "pets")))
                for name in sorted(names) if name.endswith(".md") and name != "_index.md")
    original = open(item, encoding="utf-8").read()
    for label, edit in [
        ("rebuild, one item's body edited (row unchanged)",
         lambda n: original.rstrip("\n") + "\n\nAn added sentence, number %d.\n" % n),
        ("rebuild, one item's first paragraph edited (row changes)",
         lambda n: re.sub(r"(\n---\n\n)", r"\1Edit number %d. " % n, original, count=1)),
    ]:
        walls, cpus, touched = [], [], set()
        for n in range(args.runs):
            with open(item, "w", encoding="utf-8") as handle:
                handle.write(edit(n))
            before = output_state(output)
            wall, cpu, out = timed(build)
            walls.append(wall)
            cpus.append(cpu)
            touched.update(changed(before, output_state(output)))
        rows.append((label, median_ms(walls), median_ms(cpus), "rewritten: " + ", ".join(touched)))
        with open(item, "w", encoding="utf-8") as handle:
            handle.write(original)
        timed(build)

    # 5. Under foldout serve.
    rows += measure_serve(foldout, content, output, item, original, args.runs)

    # 6. Incremental equals clean.
    clean = os.path.join(scratch, "Clean")
    timed([foldout, "build", "--content", content, "--output", clean])
    differ = subprocess.run(["diff", "-r", "--exclude=.foldout-manifest", output, clean], capture_output=True, text=True)
    rows.append(("incremental output equals a clean build", "", "", "yes" if differ.returncode == 0 else "NO:\n" + differ.stdout[:2000]))

    print("\n| measurement | wall (median) | CPU (median) | notes |\n|---|---|---|---|")
    for row in rows:
        print("| %s | %s | %s | %s |" % row)
    print("\nload average after: %.2f %.2f %.2f" % os.getloadavg())
    if args.keep:
        print("scratch folder:", scratch)
    else:
        shutil.rmtree(scratch)


def measure_serve(foldout, content, output, item, original, runs):
    process = subprocess.Popen([foldout, "serve", "--content", content, "--output", output, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    built = []  # times at which a rebuild finished
    ready = threading.Event()

    def read():
        for line in process.stdout:
            if line.startswith("serving"):
                ready.set()
            elif line.startswith("built"):
                built.append(time.perf_counter())
    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(120):
        process.kill()
        sys.exit("foldout serve did not start")
    page = os.path.join(output, os.path.relpath(item, content)[:-3] + ".html")
    to_page, to_done = [], []
    for n in range(runs):
        time.sleep(1.5)  # let the previous rebuild finish
        marker = "Saved-edit-%d-%d" % (n, time.time_ns())
        finished = len(built)
        start = time.perf_counter()
        with open(item, "w", encoding="utf-8") as handle:
            handle.write(original.rstrip("\n") + "\n\n" + marker + "\n")
        while True:
            try:
                with open(page, encoding="utf-8") as handle:
                    if marker in handle.read():
                        break
            except FileNotFoundError:
                pass
            time.sleep(0.0005)
        to_page.append(time.perf_counter() - start)
        deadline = time.perf_counter() + 30
        while len(built) <= finished and time.perf_counter() < deadline:
            time.sleep(0.001)
        if len(built) > finished:
            to_done.append(built[finished] - start)
    with open(item, "w", encoding="utf-8") as handle:
        handle.write(original)
    time.sleep(2)
    process.terminate()
    process.wait(timeout=20)
    return [
        ("serve: saved edit -> new page in Output/", median_ms(to_page), "",
         "all runs: " + ", ".join("%.0f" % (t * 1000) for t in to_page) + " ms"),
        ("serve: saved edit -> whole rebuild done", median_ms(to_done) if to_done else "n/a", "", ""),
    ]


if __name__ == "__main__":
    main()
