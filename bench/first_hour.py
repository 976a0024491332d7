#!/usr/bin/env python3
"""Replays a new user's first hour with Foldout and checks what they are told.

usage: bench/first_hour.py [--foldout PATH] [--transcript FILE] [--keep]

A shelter volunteer runs `foldout init`, adds ten pets of their own from a copy of a
starter pet, each with a photo, builds, serves the site for a moment, declares a field of
their own, and then makes the mistakes people make, one at a time, each built with and
without `--strict`:

- the issue's list: a misspelt key (`speices: cat`), a key one letter short
  (`good_with_kid: true`), a word for a number (`age: one`), a value outside the listed
  ones, a required field left out, `image: pickles.jpeg` beside `Pickles.jpg`, a link field
  naming no pet, broken YAML;
- and others a new user makes: a date that is no date, a negative age, two pets at one
  address, a photo whose file name has spaces.

For each it checks that the output names the file at the mistake's line and column with
the suggestion, that the exit status is 0 for warnings and 1 with `--strict` (1 for an
error either way), and that a failed build leaves Output/ byte for byte as it was. The
transcript of everything printed, with the temporary folder shown as `~` and times as
`N.NN s`, is written to bench/first-hour/transcript.txt (or --transcript); the exit status
is 1 when a check fails. Tests/browser/test_first_hour.py runs it in CI.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TRANSCRIPT = REPO / "bench" / "first-hour" / "transcript.txt"

# The ten pets the volunteer adds: (folder, name, species, breed, age, sex, size, good with kids).
NEW_PETS = [
    ("cats", "Ziggy", "Cat", "Bengal", 2, "Male", "Small", "yes"),
    ("cats", "Nala", "Cat", "Ragdoll", 5, "Female", "Medium", "yes"),
    ("cats", "Tofu", "Cat", "Domestic shorthair", 1, "Male", "Small", "no"),
    ("dogs/small-and-medium", "Otis", "Dog", "Border terrier", 4, "Male", "Small", "yes"),
    ("dogs/small-and-medium", "Poppy", "Dog", "Cocker spaniel", 7, "Female", "Medium", "yes"),
    ("dogs/large", "Rocco", "Dog", "Boxer", 6, "Male", "Large", "no"),
    ("dogs/large", "Mabel", "Dog", "Greyhound", 8, "Female", "Large", "yes"),
    ("dogs/large", "Finn", "Dog", "Labrador mix", 2, "Male", "Large", "yes"),
    ("rabbits", "Daisy", "Rabbit", "Lionhead", 1, "Female", "Small", "yes"),
    ("rabbits", "Sage", "Rabbit", "Dutch", 3, "Female", "Small", "yes"),
]

# The starter pet the volunteer copies, with its values replaced.
TEMPLATE = """---
title: {name}
species: {species}
breed: {breed}
age: {age}
sex: {sex}
size: {size}
good_with_kids: {kids}
status: Available
date: 2026-11-{day:02d}
image: {slug}.jpg
image_alt: Photo of {name}, a {breed_lower}
---

{name} arrived in November and is settling in well. Ask a volunteer to meet {pronoun}.
"""

# A photo of the starter's for each folder, copied as the new pets' photos.
PHOTO_OF = {"cats": "cats/luna.jpg", "dogs/small-and-medium": "dogs/small-and-medium/pepper.jpg",
            "dogs/large": "dogs/large/bruno.jpg", "rabbits": "rabbits/clover.jpg"}


class Replay:
    def __init__(self, foldout: str, work: Path):
        self.foldout = foldout
        self.work = work
        self.site = work / "shelter"
        self.lines: list[str] = []
        self.failures: list[str] = []
        self.checks = 0

    # --- the transcript ----------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.lines.append(text)

    def shown(self, text: str) -> str:
        """`text` as the transcript shows it: the same on every machine and every run."""
        text = text.replace(str(self.work), "~")
        text = re.sub(r"\b\d+\.\d+ s\b", "N.NN s", text)
        text = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", text)
        # Where the port was busy (a second serve, a test server): said, but not the same each time.
        text = re.sub(r"port \d+ is in use \(another foldout serve\?\); listening on \d+ instead\n", "", text)
        return text.rstrip("\n")

    def check(self, condition: bool, what: str) -> bool:
        self.checks += 1
        if not condition:
            self.failures.append(what)
            self.say(f"!! FAILED: {what}")
        return condition

    # --- running foldout ---------------------------------------------------------------

    def run(self, *arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
        self.say("$ foldout " + " ".join(arguments))
        done = subprocess.run([self.foldout, *arguments], cwd=cwd or self.site, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace", timeout=300)
        if done.stdout.strip():
            self.say(self.shown(done.stdout))
        self.say(f"[exit {done.returncode}]")
        return done

    def output_digest(self) -> str:
        """A digest of every file of Output/ (Foldout's bookkeeping too), and of the names."""
        digest = hashlib.blake2b(digest_size=16)
        output = self.site / "Output"
        for path in sorted(output.rglob("*")):
            digest.update(str(path.relative_to(output)).encode() + b"\0")
            if path.is_file():
                digest.update(path.read_bytes())
        return digest.hexdigest()

    # --- the hour ----------------------------------------------------------------------

    def start(self) -> None:
        self.say("# The first hour of a shelter volunteer with Foldout, replayed by bench/first_hour.py")
        self.say("# (written by the script: run it again rather than editing this file)")
        self.say()
        init = self.run("init", "shelter", cwd=self.work)
        self.check(init.returncode == 0 and (self.site / "Content" / "pets" / "_index.md").exists(), "foldout init makes the site")
        self.say("$ cd shelter")
        self.say()
        content = self.site / "Content" / "pets"
        template = (content / "cats" / "luna.md").read_text()
        self.check(template.startswith("---\ntitle: Luna\n"), "the starter has Luna to copy")
        self.say("# Ten pets of their own, each a copy of Content/pets/cats/luna.md with its values changed,")
        self.say("# and a photo beside it:")
        for day, (folder, name, species, breed, age, sex, size, kids) in enumerate(NEW_PETS, start=1):
            slug = name.lower()
            text = TEMPLATE.format(name=name, species=species, breed=breed, age=age, sex=sex, size=size, kids=kids, day=day,
                                   slug=slug, breed_lower=breed.lower(), pronoun="him" if sex == "Male" else "her")
            (content / folder / f"{slug}.md").write_text(text)
            shutil.copyfile(content / PHOTO_OF[folder], content / folder / f"{slug}.jpg")
            self.say(f"#   Content/pets/{folder}/{slug}.md and {slug}.jpg")
        self.say()
        built = self.run("build")
        self.check(built.returncode == 0, "the site with ten more pets builds")
        self.check("warning" not in built.stdout and "error" not in built.stdout, "and says nothing is wrong")
        pages = self.site / "Output" / "pets" / "index.html"
        self.check(pages.exists() and all(f">{name}<" in pages.read_text() for _, name, *_ in NEW_PETS),
                   "the catalog page lists every new pet")
        self.say()
        self.serve()

    def serve(self) -> None:
        """`foldout serve` for a moment: the catalog is served, then Ctrl-C stops it."""
        self.say("$ foldout serve")
        process = subprocess.Popen([self.foldout, "serve"], cwd=self.site, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, errors="replace")
        printed = []
        url = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            printed.append(line)
            found = re.search(r"at (http://\S+/) ", line)
            if found:
                url = found.group(1)
                break
        served = ""
        if url:
            with urllib.request.urlopen(url + "pets/index.html", timeout=30) as response:
                served = response.read().decode("utf-8", "replace")
            self.say("# (the browser opens " + self.shown(url) + "pets/index.html)")
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=60)
        self.say(self.shown("".join(printed) + rest))
        self.say(f"[exit {process.returncode}, after Ctrl-C]")
        self.check(url is not None, "foldout serve says where it serves")
        self.check("Ziggy" in served and "Sage" in served, "and serves the catalog with the new pets")
        self.check(process.returncode == 0, "Ctrl-C ends foldout serve with status 0")
        self.say()

    def declare_a_field(self) -> None:
        """The volunteer declares a field of their own: rabbits bonded in pairs."""
        index = self.site / "Content" / "pets" / "_index.md"
        text = index.read_text()
        line = "  status: {type: choice, values: [Available, Adopted], default: Available, show: [page]}\n"
        self.check(line in text, "the starter declares `status`")
        index.write_text(text.replace(line, line + "  bonded_with: {type: link, label: Bonded with, show: [page]}\n"))
        self.edit("rabbits/daisy.md", "status: Available\n", "status: Available\nbonded_with: Sage\n")
        self.edit("rabbits/sage.md", "status: Available\n", "status: Available\nbonded_with: Daisy\n")
        self.say("# They declare a field of their own in Content/pets/_index.md, under `fields:`:")
        self.say("#   bonded_with: {type: link, label: Bonded with, show: [page]}")
        self.say("# and write `bonded_with: Sage` in daisy.md, `bonded_with: Daisy` in sage.md.")
        built = self.run("build")
        self.check(built.returncode == 0 and "warning" not in built.stdout, "the new field builds without a warning")
        daisy = (self.site / "Output" / "pets" / "rabbits" / "daisy.html").read_text()
        self.check("Bonded with" in daisy and 'href="sage.html"' in daisy, "Daisy's page links to Sage under the declared label")
        self.say()

    def edit(self, path: str, old: str, new: str) -> None:
        file = self.site / "Content" / "pets" / path
        text = file.read_text()
        assert old in text, f"{old!r} is not in {path}"
        file.write_text(text.replace(old, new, 1))

    def mistake(self, title: str, path: str, old: str, new: str, expected: list[tuple[str, int | None, list[str]]],
                is_error: bool = False, setup=None) -> None:
        """Makes one mistake in Content/pets/`path` (`old` replaced by `new`), builds without and
        with --strict, checks every expected report, then puts the file back. `expected`: the
        line of the file (found by its text) the report names, its column (None: any), and
        what the report must say."""
        self.say(f"## {title}")
        undo = setup() if setup else None
        file = self.site / "Content" / "pets" / path
        original = file.read_text()
        if old:
            self.edit(path, old, new)
            changed = [line for line in new.splitlines() if line and line not in old.splitlines()]
            self.say(f"# In Content/pets/{path}: " + (" / ".join(changed) if changed else f"`{old.strip()}` removed"))
        text = file.read_text().splitlines()
        shown = f"Content/pets/{path}"
        for strict in (False, True):
            before = self.output_digest()
            done = self.run("build", *(["--strict"] if strict else []))
            fails = is_error or strict
            self.check(done.returncode == (1 if fails else 0),
                       f"{title}: exit status {done.returncode}{' with --strict' if strict else ''}, expected {1 if fails else 0}")
            if fails:
                self.check(self.output_digest() == before, f"{title}: Output/ is left as it was{' with --strict' if strict else ''}")
                self.check("was left unchanged" in done.stdout, f"{title}: the build says Output/ was left unchanged")
            for where, column, words in expected:
                # "---" is the line that closes the front matter, where a missing field is reported.
                lines = [number for number, written in enumerate(text, start=1) if written == where]
                line = (lines[1] if where == "---" else lines[0]) if len(lines) > (where == "---") else None
                place = f"{shown}:{line}:" + (f"{column}:" if column else "") if line else f"{shown}:"
                reports = [block for block in re.split(r"\n(?=\S)", done.stdout) if block.startswith(place)]
                self.check(any(all(word in block for word in words) for block in reports),
                           f"{title}: a report at {place} saying {words}" + (" (with --strict)" if strict else ""))
        file.write_text(original)
        if undo:
            undo()
        self.say()

    def mistakes(self) -> None:
        self.say("# Now the mistakes people make, one at a time, each built as it is and with --strict.")
        self.say()
        # The list.
        self.mistake("A misspelt key", "dogs/large/rocco.md", "species: Dog\n", "speices: cat\n", [
            ("speices: cat", 1, ["unknown field `speices` — did you mean `species`?", "hint:"]),
            ("---", None, ["`species` is missing: every pet needs one"]),
        ])
        self.mistake("A key one letter short", "cats/ziggy.md", "good_with_kids: yes\n", "good_with_kid: true\n", [
            ("good_with_kid: true", 1, ["unknown field `good_with_kid` — did you mean `good_with_kids`?"]),
        ])
        self.mistake("A word for a number", "cats/nala.md", "age: 5\n", "age: one\n", [
            ("age: one", 6, ["`age` must be a number (of years)", "write it like `age: 3`"]),
        ])
        self.mistake("A value that is not one of the listed values", "dogs/small-and-medium/otis.md", "size: Small\n", "size: Smal\n", [
            ("size: Smal", 7, ["`size` is `Smal`, which is not one of its values — did you mean `Small`?", "Small, Medium, Large"]),
        ])
        self.mistake("A required field left out", "dogs/large/mabel.md", "age: 8\n", "", [
            ("---", None, ["`age` is missing: every pet needs one", "add a line like `age: 3`"]),
        ])

        def photo_as_the_phone_named_it():
            folder = self.site / "Content" / "pets" / "cats"
            (folder / "pickles.jpg").rename(folder / "Pickles.jpg")
            self.say("# Pickles' photo is replaced by one from a phone, named Pickles.jpg")
            return lambda: (folder / "Pickles.jpg").rename(folder / "pickles.jpg")
        self.mistake("An image name that matches a file only without case", "cats/pickles.md", "image: pickles.jpg\n",
                     "image: pickles.jpeg\n", [
                         ("image: pickles.jpeg", 1, ["`pickles.jpeg`", "did you mean `Pickles.jpg`?"]),
                     ], setup=photo_as_the_phone_named_it)
        self.mistake("A link to no pet", "rabbits/daisy.md", "bonded_with: Sage\n", "bonded_with: Saeg\n", [
            ("bonded_with: Saeg", 14, ["`bonded_with` names `Saeg`, which is no pet of this catalog — did you mean `Sage`?"]),
        ])
        self.mistake("Broken YAML", "dogs/small-and-medium/poppy.md", "breed: Cocker spaniel\n", 'breed: "Cocker spaniel\n', [
            ('breed: "Cocker spaniel', 8, ["error: invalid YAML", "quoted scalar", "hint:"]),
        ], is_error=True)
        self.say("# Mistakes beyond the issue's list, found by trying the first hour again.")
        self.say()
        self.mistake("A date that is no date", "rabbits/sage.md", "date: 2026-11-10\n", "date: 2026-11-31\n", [
            ("date: 2026-11-31", None, ["2026-11-31", "date"]),
        ])
        self.mistake("A negative age", "dogs/large/finn.md", "age: 2\n", "age: -2\n", [
            ("age: -2", 6, ["`age` is -2", "hint:"]),
        ])

        def a_second_finn():
            folder = self.site / "Content" / "pets" / "dogs" / "large"
            copy = folder / "finley.md"
            copy.write_text((folder / "finn.md").read_text().replace("title: Finn\n", "title: Finley\nslug: finn\n"))
            self.say("# A new dog, dogs/large/finley.md, copied from finn.md, given `slug: finn` for a short address")
            return lambda: copy.unlink()
        self.mistake("Two pets at one address", "dogs/large/finley.md", "", "", [
            ("slug: finn", None, ["finn", "finn.md"]),
        ], setup=a_second_finn)

        def photo_with_spaces():
            folder = self.site / "Content" / "pets" / "cats"
            shutil.copyfile(folder / "tofu.jpg", folder / "Tofu on the sofa.jpg")
            self.say("# A new photo of Tofu, `Tofu on the sofa.jpg`, copied beside tofu.md")
            return lambda: (folder / "Tofu on the sofa.jpg").unlink()
        self.mistake("A photo whose file name has spaces, written in other capitals", "cats/tofu.md", "image: tofu.jpg\n",
                     "image: tofu on the sofa.jpg\n", [
                         ("image: tofu on the sofa.jpg", 1, ["did you mean `Tofu on the sofa.jpg`?"]),
                     ], setup=photo_with_spaces)

    def finish(self) -> None:
        done = self.run("build")
        self.check(done.returncode == 0 and "warning" not in done.stdout, "with every mistake put right, the site builds cleanly again")
        self.say()
        self.say(f"# {self.checks} checks, {len(self.failures)} failed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--foldout", default=os.environ.get("FOLDOUT") or shutil.which("foldout")
                        or str(REPO / ".build" / "release" / "foldout"))
    parser.add_argument("--transcript", default=str(TRANSCRIPT))
    parser.add_argument("--keep", action="store_true", help="keep the site made in a temporary folder")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="first-hour-"))
    replay = Replay(os.path.abspath(arguments.foldout), work)
    started = time.monotonic()
    try:
        replay.start()
        replay.declare_a_field()
        replay.mistakes()
        replay.finish()
    finally:
        if arguments.keep:
            print(f"the site is in {replay.site}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    Path(arguments.transcript).parent.mkdir(parents=True, exist_ok=True)
    Path(arguments.transcript).write_text("\n".join(replay.lines) + "\n")
    print(f"{replay.checks} checks in {time.monotonic() - started:.1f} s; transcript in {arguments.transcript}")
    for failure in replay.failures:
        print("FAILED:", failure)
    return 1 if replay.failures else 0


if __name__ == "__main__":
    sys.exit(main())
