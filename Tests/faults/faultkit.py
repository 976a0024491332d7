"""What the fault-injection tests share: sites made from bench/gen_corpus.py, edits to their
content, builds, and the checks a build's output folder must pass after a fault.

A site is a folder holding `Content/`, the output folder `out/` and Foldout's own
`.foldout-cache/` beside it, always at the same path, so what a build records about paths
stays true from one trial to the next. Content folders are farms of hard links into a
generated tree: an edit writes a new file and renames it over the old name (never writing
into a linked file), so switching a site from one content to another relinks only the
files that differ, as an editor or `git checkout` would change them.
"""
import filecmp
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN_CORPUS = os.path.join(REPO, "bench", "gen_corpus.py")

# Files Foldout keeps inside the output folder for itself (docs/reliability.md,
# "Publishing"): compared by no check, published by no server that follows the docs.
BOOKKEEPING = (".foldout-manifest", ".foldout-journal")
TEMPORARY_MARK = ".foldout-tmp"
OUTPUT = "out"
STRACE = shutil.which("strace") or "/usr/bin/strace"


# --- content -----------------------------------------------------------------------------

def generate(folder, items, seed=14):
    """A catalog corpus of `items` items (bench/gen_corpus.py) in `folder`."""
    subprocess.run([sys.executable, GEN_CORPUS, folder, str(items), "--seed", str(seed)],
                   check=True, stdout=subprocess.DEVNULL)


def files_under(root):
    """Relative path -> absolute path of every file under `root`, sorted."""
    found = {}
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in names:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = path
    return dict(sorted(found.items()))


def replace_file(path, data):
    """Writes `data` as a new file renamed over `path`: a hard link to the old bytes keeps them."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = path + ".edit"
    with open(temporary, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    os.replace(temporary, path)


def link_tree(source, target):
    """`target` as a farm of hard links to `source`'s files (cp -al)."""
    subprocess.run(["cp", "-al", source, target], check=True)


def derive(source, target, seed, change, add, remove, retitle_section=False):
    """`target`: `source` with edits a writer makes between two builds. Of the items, the
    fraction `change` is edited (half the body, half the title, which changes the catalog
    pages and search too), `add` new ones are added and `remove` are deleted; each a
    fraction of the item count. Returns what was done, for the figures."""
    link_tree(source, target)
    r = random.Random(seed)
    items = [rel for rel in files_under(target) if rel.endswith(".md") and not rel.endswith("_index.md")]
    r.shuffle(items)
    n = len(items)
    changed = items[:max(1, int(n * change))]
    removed = items[len(changed):len(changed) + max(1, int(n * remove))]
    for i, rel in enumerate(changed):
        path = os.path.join(target, rel)
        with open(path) as f:
            text = f.read()
        if i % 2:
            text = re.sub(r'^title: "(.*)"$', lambda m: f'title: "{m.group(1)} (edit {seed})"', text, count=1, flags=re.M)
        else:
            text += f"\n## Update {seed}\n\nRevised in edit {seed}: *{r.randrange(10**6)}* words changed.\n"
        replace_file(path, text)
    for rel in removed:
        os.unlink(os.path.join(target, rel))
    added = []
    for i in range(max(1, int(n * add))):
        model = items[len(changed) + len(removed) + i]
        with open(os.path.join(target, model)) as f:
            text = f.read()
        text = re.sub(r'^title: "(.*)"$', lambda m: f'title: "New {seed}-{i} {m.group(1)}"', text, count=1, flags=re.M)
        rel = os.path.join(os.path.dirname(model), f"new-{seed}-{i}.md")
        replace_file(os.path.join(target, rel), text)
        added.append(rel)
    if retitle_section:
        section = sorted(rel for rel in files_under(target) if rel.count("/") == 2 and rel.endswith("_index.md"))[0]
        path = os.path.join(target, section)
        with open(path) as f:
            text = f.read()
        replace_file(path, re.sub(r'^title: "(.*)"$', lambda m: f'title: "{m.group(1)} {seed}"', text, count=1, flags=re.M))
    return {"changed": len(changed), "added": len(added), "removed": len(removed)}


def switch_content(content, target, copy=False):
    """Makes the link farm `content` hold `target`'s files: links whose file differs are
    replaced, files `target` lacks are deleted (and folders left empty). With `copy` (on
    another file system), files whose bytes differ are copied instead."""
    want = files_under(target)
    have = files_under(content)
    for rel, path in have.items():
        if rel not in want:
            os.unlink(path)
    for rel, source in want.items():
        path = os.path.join(content, rel)
        if rel in have and (filecmp.cmp(path, source, shallow=False) if copy else os.stat(path).st_ino == os.stat(source).st_ino):
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if rel in have:
            os.unlink(path)
        if copy:
            shutil.copy2(source, path)
        else:
            os.link(source, path)
    for folder, dirs, names in os.walk(content, topdown=False):
        if folder != content and not os.listdir(folder):
            os.rmdir(folder)


# --- photos ------------------------------------------------------------------------------

def photo(path, seed, size=(1200, 800)):
    """A JPEG with enough detail that encoding its variants takes real work (Pillow, from
    the tests' Python environment)."""
    from PIL import Image, ImageDraw
    r = random.Random(repr(seed))
    image = Image.new("RGB", size, tuple(r.randrange(256) for _ in range(3)))
    draw = ImageDraw.Draw(image)
    for _ in range(60):
        x, y = r.randrange(size[0]), r.randrange(size[1])
        draw.ellipse([x, y, x + r.randrange(40, 300), y + r.randrange(40, 300)],
                     fill=tuple(r.randrange(256) for _ in range(3)))
    temporary = path + ".edit"
    image.save(temporary, "JPEG", quality=88)
    os.replace(temporary, path)


def photo_site(folder, items, seed, size=(1200, 800)):
    """The corpus with each pet group's PNG replaced by a JPEG photo its items show. Returns
    the photos' paths."""
    generate(folder, items, seed)
    photos = []
    for rel, path in files_under(folder).items():
        if rel.endswith(".png"):
            os.unlink(path)
            photo(path[:-4] + ".jpg", (seed, rel), size)
            photos.append(path[:-4] + ".jpg")
    for rel, path in files_under(folder).items():
        if rel.endswith(".md"):
            with open(path) as f:
                text = f.read()
            if re.search(r"^image: .*\.png$", text, re.M):
                replace_file(path, re.sub(r"^(image: .*)\.png$", r"\1.jpg", text, flags=re.M))
    return sorted(photos)


# --- building ----------------------------------------------------------------------------

class Run:
    """A finished build: exit status, what it printed, and how long it took."""
    def __init__(self, code, output, seconds):
        self.code, self.output, self.seconds = code, output, seconds

    @property
    def killed(self):
        return self.code == -signal.SIGKILL

    def __repr__(self):
        return f"Run(code={self.code}, {self.seconds:.2f} s, {self.output[-300:]!r})"


def build_command(foldout, output=OUTPUT, content="Content"):
    return [foldout, "build", "--content", content, "--output", output]


def build(foldout, site, output=OUTPUT, content="Content", timeout=600):
    start = time.monotonic()
    done = subprocess.run(build_command(foldout, output, content), cwd=site, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace", timeout=timeout)
    return Run(done.returncode, done.stdout, time.monotonic() - start)


def build_killed_after(foldout, site, delay, output=OUTPUT):
    """Starts a build and sends it SIGKILL `delay` seconds later (unless it ended before)."""
    start = time.monotonic()
    process = subprocess.Popen(build_command(foldout, output), cwd=site, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace")
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
    out, _ = process.communicate()
    return Run(process.returncode, out, time.monotonic() - start)


def clean_build(foldout, work, name, content):
    """A build of `content` into a fresh folder with a fresh cache: what every build of that
    content must give. Returns the output folder."""
    site = os.path.join(work, "clean-" + name)
    os.makedirs(site)
    link_tree(content, os.path.join(site, "Content"))
    run = build(foldout, site)
    assert run.code == 0, f"a clean build of {name} failed: {run}"
    return os.path.join(site, OUTPUT)


def copy_tree(source, target):
    subprocess.run(["cp", "-a", source, target], check=True)


def remove_tree(path):
    if os.path.lexists(path):
        shutil.rmtree(path)


# --- reading output folders --------------------------------------------------------------

def is_bookkeeping(rel):
    return rel in BOOKKEEPING


def digests(folder):
    """Relative path -> digest of the bytes of every file (bookkeeping left out)."""
    found = {}
    for rel, path in files_under(folder).items():
        if is_bookkeeping(rel):
            continue
        with open(path, "rb") as f:
            found[rel] = hashlib.blake2b(f.read(), digest_size=16).digest()
    return found


def diff(expected, actual, bookkeeping=False):
    """`diff -rq` of two folders; the lines it prints (empty: the same). Bookkeeping files
    are left out unless `bookkeeping`."""
    command = ["diff", "-rq", "--no-dereference"]
    if not bookkeeping:
        command += [f"--exclude={name}" for name in BOOKKEEPING]
    done = subprocess.run(command + [expected, actual], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace")
    return done.stdout.splitlines()


def records(folder):
    """Path -> (size, modification time in ns) of each file the manifest and the journal
    record; None when the folder has neither."""
    found = None
    for name in BOOKKEEPING:
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        found = found if found is not None else {}
        with open(path, "rb") as f:
            for line in f.read().decode("utf-8", "replace").split("\n"):
                fields = line.split("\t")
                if len(fields) == 6 and fields[0] == "file" and fields[2].isdigit() and fields[3].isdigit():
                    found.setdefault(fields[5], set()).add((int(fields[2]), int(fields[3])))
    return found


def state_after_fault(folder, old, new):
    """What a fault left in the output folder `folder`, against the digests of clean builds
    of the old content and the new. Counts of files: `temporary` (named as Foldout's
    temporaries), `neither` (other files holding neither version: torn or stray), `missing`
    (in both versions, gone), `unrecorded` (not described by the manifest or journal as they
    are on disk), and whether pages of both versions are mixed."""
    state = {"temporary": 0, "neither": 0, "missing": 0, "unrecorded": 0, "old": 0, "new": 0,
             "mixed": False, "examples": []}
    recorded = records(folder) or {}
    present = set()
    for rel, path in files_under(folder).items():
        if is_bookkeeping(rel):
            continue
        present.add(rel)
        if TEMPORARY_MARK in os.path.basename(rel):
            state["temporary"] += 1
            if len(state["examples"]) < 3:
                state["examples"].append("temporary " + rel)
            continue
        with open(path, "rb") as f:
            digest = hashlib.blake2b(f.read(), digest_size=16).digest()
        is_old, is_new = old.get(rel) == digest, new.get(rel) == digest
        if not (is_old or is_new):
            state["neither"] += 1
            if len(state["examples"]) < 3:
                state["examples"].append("neither old nor new " + rel)
        elif is_old and not is_new and rel in new:
            state["old"] += 1
        elif is_new and not is_old and rel in old:
            state["new"] += 1
        status = os.stat(path)
        if (status.st_size, status.st_mtime_ns) not in recorded.get(rel, ()):
            state["unrecorded"] += 1
    for rel in old.keys() & new.keys():
        if rel not in present:
            state["missing"] += 1
            if len(state["examples"]) < 3:
                state["examples"].append("missing " + rel)
    state["mixed"] = state["old"] > 0 and state["new"] > 0
    return state


def state_is_sound(state):
    return not (state["temporary"] or state["neither"] or state["missing"] or state["unrecorded"])


IMAGE_REFERENCE = re.compile(rb'(?:src|srcset|href)="([^"#?]+\.(?:jpe?g|png|webp|avif|gif))', re.I)


def missing_images(folder):
    """Image files that pages of `folder` name but the folder lacks."""
    missing = set()
    for rel, path in files_under(folder).items():
        if not rel.endswith(".html"):
            continue
        with open(path, "rb") as f:
            html = f.read()
        for match in IMAGE_REFERENCE.finditer(html):
            for candidate in match.group(1).split(b","):
                url = candidate.strip().split(b" ")[0].decode("utf-8", "replace")
                if "://" in url or not url:
                    continue
                target = os.path.normpath(os.path.join(os.path.dirname(path), url))
                if not os.path.exists(target):
                    missing.add(os.path.relpath(target, folder))
    return sorted(missing)


# --- faults ------------------------------------------------------------------------------

def kill_delays(seed, count, duration):
    """`count` moments spread over `duration` seconds, shuffled: seeded, so a run can be repeated."""
    r = random.Random(seed)
    return [duration * (i + r.random()) / count for i in r.sample(range(count), count)]


def corrupt(path, mode, seed):
    """Damages the file at `path` in place: `truncate` (half its bytes), `empty`, `zero`
    (same length, all zero bytes) or `flip` (eight bits flipped)."""
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if mode == "truncate":
        data = data[:len(data) // 2]
    elif mode == "empty":
        data = bytearray()
    elif mode == "zero":
        data = bytearray(len(data))
    elif mode == "flip":
        r = random.Random(seed)
        for _ in range(8):
            if data:
                i = r.randrange(len(data))
                data[i] ^= 1 << r.randrange(8)
    else:
        raise ValueError(mode)
    # Written into the same inode, as a power cut or a bad block would leave it.
    with open(path, "r+b") as f:
        f.truncate(0)
        f.write(data)


def names_a_file(message, folders):
    """Whether an error message names a file inside one of `folders` (a path relative to
    the site, or absolute), not just the folder."""
    for folder in folders:
        pattern = r"(?:^|[\s'\"`(/])" + re.escape(folder.strip("/")) + r"/[^\s:'\"`]+"
        if re.search(pattern, message, re.M):
            return True
    return False


def is_root():
    return os.geteuid() == 0


def mount_tmpfs(folder, size):
    """Mounts a tmpfs of `size` (bytes, or like '4g') on `folder`; an error message or None."""
    os.makedirs(folder, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return None if done.returncode == 0 else (done.stdout.strip() or f"mount exited {done.returncode}")


def remount(folder, options):
    subprocess.run(["mount", "-o", "remount," + options, folder], check=True)


def unmount(folder):
    subprocess.run(["umount", folder], check=False)


def used_bytes(folder):
    stats = os.statvfs(folder)
    return (stats.f_blocks - stats.f_bfree) * stats.f_frsize


# --- the contents a fault is tried with --------------------------------------------------

class Contents:
    """Three versions of one site's content, each with a clean build: A, the content the
    output was built from; B, A edited (10% of the items changed, 1% added, 1% removed), the
    content of the build that is interrupted; C, B edited again (5%, and a section's title)."""
    def __init__(self, foldout, base, items, seed):
        os.makedirs(base)
        self.base = base
        self.paths = {name: os.path.join(base, "content-" + name) for name in "ABC"}
        generate(self.paths["A"], items, seed)
        self.edits = {"B": derive(self.paths["A"], self.paths["B"], seed + 1, 0.10, 0.01, 0.01),
                      "C": derive(self.paths["B"], self.paths["C"], seed + 2, 0.05, 0.005, 0.005, retitle_section=True)}
        self.clean = {name: clean_build(foldout, base, name, path) for name, path in self.paths.items()}
        self.digests = {name: digests(folder) for name, folder in self.clean.items()}
        for name, folder in self.clean.items():
            described = records(folder)
            assert described is not None and all(
                (os.stat(path).st_size, os.stat(path).st_mtime_ns) in described.get(rel, ())
                for rel, path in files_under(folder).items() if not is_bookkeeping(rel)), \
                f"the manifest of a clean build of {name} does not describe its files as this suite reads it"

    def template(self, foldout):
        """A site whose output was built from A: every trial starts from a copy of it. Made
        on the first call; the tests that share these contents never write into it."""
        template = os.path.join(self.base, "template")
        if not os.path.exists(template):
            os.makedirs(template)
            link_tree(self.paths["A"], os.path.join(template, "Content"))
            run = build(foldout, template)
            assert run.code == 0, f"building A failed: {run}"
        return template


def clone_site(source, target, link=False):
    """A copy of a site: its output and cache copied, its content linked (same inodes).
    With `link`, the output is hard-linked instead, which is quicker for a large site: a
    build replaces published files by renaming, so the source keeps its bytes (`untouched`
    checks that it did). Only for a source no build was stopped in: a build may well write
    into a temporary file a stopped one left."""
    remove_tree(target)
    os.makedirs(target)
    for name in (OUTPUT, ".foldout-cache"):
        if os.path.lexists(os.path.join(source, name)):
            (link_tree if link and name == OUTPUT else copy_tree)(os.path.join(source, name), os.path.join(target, name))
    link_tree(os.path.join(source, "Content"), os.path.join(target, "Content"))


def signature(site):
    """Inode, size and modification time of every file of a site's output."""
    found = {}
    for rel, path in files_under(os.path.join(site, OUTPUT)).items():
        status = os.lstat(path)
        found[rel] = (status.st_ino, status.st_size, status.st_mtime_ns)
    return found


def untouched(site, before):
    """Asserts that no build wrote into a file of `site` shared by hard link with a copy."""
    changed = [rel for rel, status in signature(site).items() if before.get(rel, status) != status]
    assert not changed, (f"a build wrote into {len(changed)} published files in place (e.g. {changed[0]}), through "
                         "the hard links this suite copies sites with: a reader could see them half written, "
                         "and the trials after this one would start from a changed site")


FOLLOW_UPS = (("same", "B"), ("previous", "A"), ("edited", "C"))


def next_builds(foldout, contents, killed, site):
    """The next build after a fault, from the site `killed` left, with the same content (B),
    the previous (A) and a further edit (C): label -> problem (None when the output equals
    a clean build of that content)."""
    results = {}
    for number, (label, name) in enumerate(FOLLOW_UPS, start=1):
        if number < len(FOLLOW_UPS):
            clone_site(killed, site)
        else:
            os.rename(killed, site)  # the last one starts from the stopped build's own folder
        switch_content(os.path.join(site, "Content"), contents.paths[name])
        run = build(foldout, site)
        differences = diff(contents.clean[name], os.path.join(site, OUTPUT))
        problem = None
        if run.code != 0 or differences:
            problem = (f"exit {run.code}; {len(differences)} differences from a clean build"
                       + (f", e.g. {differences[0]}" if differences else "")
                       + (f"; said: {run.output.strip().splitlines()[0][:200]}" if run.code and run.output.strip() else ""))
        results[label] = problem
        remove_tree(site)
    return results


class Tally:
    """Figures of one kind of fault: how many trials left what, and the first examples."""
    KINDS = ("temporary", "neither", "missing", "unrecorded", "mixed")

    def __init__(self):
        self.trials = 0
        self.sound = 0
        self.left = {kind: 0 for kind in self.KINDS}
        self.temporary_files = 0
        self.next_ok = {label: 0 for label, _ in FOLLOW_UPS}
        self.problems = []

    def add(self, where, state, follow_ups):
        self.trials += 1
        self.sound += state_is_sound(state)
        for kind in self.KINDS:
            self.left[kind] += bool(state[kind])
        self.temporary_files += state["temporary"]
        if not state_is_sound(state):
            self.problems.append(f"{where}: left {', '.join(f'{state[k]} {k}' for k in self.KINDS[:-1] if state[k])}"
                                 f" ({'; '.join(state['examples'])})")
        for label, problem in follow_ups.items():
            if problem is None:
                self.next_ok[label] += 1
            else:
                self.problems.append(f"{where}: next build with the {label} content: {problem}")

    def figures(self):
        return {"trials": self.trials, "output sound after the fault": self.sound,
                "trials that left": self.left, "temporary files left in all": self.temporary_files,
                "next build equal to a clean build": self.next_ok, "first problems": self.problems[:8]}

    def verdict(self):
        return "\n".join([f"{len(self.problems)} problems over {self.trials} faults:"] + self.problems[:20])


def traced_build(foldout, site, log, syscalls, inject=None):
    """A build under strace, its calls of `syscalls` written to `log`; `inject` is an
    strace injection (`SYSCALL:signal=KILL:when=N`, `SYSCALL:error=ENOSPC:when=N`).
    Returns strace's exit status (the build's; -9 when it was killed)."""
    command = [STRACE, "-f", "-qq", "-y", "-e", "trace=" + ",".join(syscalls), "-o", log]
    if inject:
        command += ["-e", "inject=" + inject]
    done = subprocess.run(command + build_command(foldout), cwd=site, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    return Run(done.returncode, done.stdout, 0)
