"""A full disk and a read-only output folder.

A rebuild (A to B, as in test_kill_random) runs on a tmpfs whose size leaves only part of
the room an uninterrupted rebuild was seen to take at its peak, so the file system fills
during the build: once with the whole site on it (content, output and cache), once with
only the output folder on it. The build must exit non-zero with a message naming a file,
and leave the output folder exactly as it was (`diff -r`, the manifest included); a later
build with room must give a clean build's output. Then the output folder is made
read-only (`mount -o remount,ro`: root ignores file modes): the same checks.

Mounting needs root; without it, or when mount fails, these are skipped with the reason.
"""
import os
import re
import threading
import time

import pytest

import faultkit

NEEDS_ROOT = pytest.mark.skipif(not faultkit.is_root(), reason="mounting a small tmpfs needs root")
ROOM = "2g"
PAGE = 4096


def peak_extra(folder, action):
    """Runs `action` and returns the most bytes the file system of `folder` held above what
    it held before, sampled every half millisecond."""
    before = faultkit.used_bytes(folder)
    peak = [before]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], faultkit.used_bytes(folder))
            time.sleep(0.0005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = action()
    finally:
        done.set()
        sampler.join()
    return max(peak[0], faultkit.used_bytes(folder)) - before, result


def mounted(folder, size=ROOM):
    problem = faultkit.mount_tmpfs(folder, size)
    if problem:
        pytest.skip(f"cannot mount a tmpfs on {folder}: {problem}")


CLAIMS_UNCHANGED = re.compile(r"unchanged|as it was|untouched|not changed", re.I)


def check_failed_build(run, before, output, new, folders, where, problems):
    """The checks of a build that had no room: non-zero, a file named, the output as it was.
    Where a rename into the output folder failed after others had succeeded, the folder
    cannot be as it was; then the build must say so (never that it is unchanged), and what
    it left must be sound (each file wholly old or new, recorded, no temporaries).
    Returns whether the build failed, and what it left ("as it was", or how it changed)."""
    if run.code == 0:
        return False, None
    if not faultkit.names_a_file(run.output, folders):
        problems.append(f"{where}: the error names no file: {run.output.strip()[-300:]!r}")
    differences = faultkit.diff(before, output, bookkeeping=True)
    if not differences:
        return True, "as it was"
    state = faultkit.state_after_fault(output, faultkit.digests(before), new)
    if CLAIMS_UNCHANGED.search(run.output):
        problems.append(f"{where}: the output folder changed ({len(differences)} differences, e.g. {differences[0]}) "
                        f"while the build said: {CLAIMS_UNCHANGED.search(run.output).group(0)!r}")
        return True, f"changed ({len(differences)} differences), said unchanged"
    if not faultkit.state_is_sound(state):
        problems.append(f"{where}: the output folder changed and is not sound: {'; '.join(state['examples'])}")
        return True, f"changed ({len(differences)} differences), not sound"
    return True, f"changed ({len(differences)} differences), said so"


def test_full_disk_and_read_only_output(foldout, work, scale, seed, figures, contents):
    base = os.path.join(work, "full-disk")
    os.makedirs(base)
    contents = contents(scale["named_items"])
    template = contents.template(foldout)
    problems, trials = [], []

    # --- the whole site on a small file system -------------------------------------------
    fs = os.path.join(base, "fs")
    site = os.path.join(fs, "site")
    before = os.path.join(base, "before")

    def whole_site():
        os.makedirs(site)
        for name in ("Content", faultkit.OUTPUT, ".foldout-cache"):
            faultkit.copy_tree(os.path.join(template, name), os.path.join(site, name))
        faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"], copy=True)

    mounted(fs)
    whole_site()
    need, run = peak_extra(fs, lambda: faultkit.build(foldout, site))
    assert run.code == 0, f"the rebuild failed with room: {run}"
    faultkit.unmount(fs)

    def fill(label, prepare, folder, margin):
        """A build on `folder`'s file system, shrunk to what it holds plus `margin` of `need`."""
        mounted(folder)
        prepare()
        output = os.path.join(site, faultkit.OUTPUT)
        faultkit.copy_tree(output, before)
        size = (faultkit.used_bytes(folder) + int(need * margin) + PAGE - 1) // PAGE * PAGE
        faultkit.remount(folder, f"size={size}")
        run = faultkit.build(foldout, site)
        where = f"{label}, room for {margin:.0%} of the rebuild's extra {need // 1024} KB"
        failed, left = check_failed_build(run, before, output, contents.digests["B"], ["out", ".foldout-cache"], where, problems)
        faultkit.remount(folder, f"size={ROOM}")
        later = faultkit.build(foldout, site)
        differences = faultkit.diff(contents.clean["B"], output)
        if later.code != 0 or differences:
            problems.append(f"{where}: the build with room: exit {later.code}, {len(differences)} differences"
                            + (f", e.g. {differences[0]}" if differences else ""))
        trials.append({"where": where, "the build ran out of room": failed, "output folder": left,
                       "it said": " / ".join(run.output.strip().splitlines())[:300] if failed else None,
                       "the build with room was right": later.code == 0 and not differences})
        faultkit.remove_tree(before)
        faultkit.unmount(folder)
        faultkit.remove_tree(folder)

    for margin in scale["disk_margins"]:
        fill("whole site on the small file system", whole_site, fs, margin)

    # --- only the output folder on a small file system -----------------------------------
    site = os.path.join(base, "site")
    output = os.path.join(site, faultkit.OUTPUT)

    def output_only():
        faultkit.clone_site(template, site)
        faultkit.remove_tree(output)
        os.makedirs(output)
        # The output folder is the mount point: copied in after mounting.

    def prepare_output():
        faultkit.copy_tree(os.path.join(template, faultkit.OUTPUT) + "/.", output)
        faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])

    for margin in scale["disk_margins"]:
        output_only()
        fill("output folder on the small file system", prepare_output, output, margin)
    faultkit.remove_tree(site)

    # --- a read-only output folder --------------------------------------------------------
    output_only()
    mounted(output)
    prepare_output()
    faultkit.copy_tree(output, before)
    faultkit.remount(output, "ro")
    run = faultkit.build(foldout, site)
    where = "read-only output folder"
    failed, left = check_failed_build(run, before, output, contents.digests["B"], ["out", ".foldout-cache"], where, problems)
    if not failed:
        problems.append(f"{where}: the build exited 0 without writing its pages")
    faultkit.remount(output, "rw")
    later = faultkit.build(foldout, site)
    differences = faultkit.diff(contents.clean["B"], output)
    if later.code != 0 or differences:
        problems.append(f"{where}: the build once writable: exit {later.code}, {len(differences)} differences"
                        + (f", e.g. {differences[0]}" if differences else ""))
    trials.append({"where": where, "the build failed": failed, "output folder": left,
                   "it said": " / ".join(run.output.strip().splitlines())[:300] if failed else None,
                   "the build once writable was right": later.code == 0 and not differences})
    faultkit.unmount(output)
    faultkit.remove_tree(before)

    figures["full disk and read-only output"] = {"items": scale["named_items"],
                                                 "extra room an uninterrupted rebuild took (KB)": need // 1024,
                                                 "trials": trials, "first problems": problems[:8]}
    faultkit.remove_tree(base)
    assert any(t.get("the build ran out of room") for t in trials), "the file system never filled: no trial"
    assert not problems, "\n".join([f"{len(problems)} problems:"] + problems[:20])


@pytest.mark.skipif(not os.access(faultkit.STRACE, os.X_OK), reason="strace is not installed")
def test_disk_full_at_named_points(foldout, work, scale, seed, figures, contents):
    """The disk full at an exact moment, by strace (`-e inject=SYSCALL:error=ENOSPC:when=N`,
    no root needed): creating a page's file, renaming a page into place, and creating or
    renaming the manifest (or journal), when every page is already in place. The same
    checks as above; the points are found as in test_kill_named."""
    import test_kill_named as named
    base = os.path.join(work, "disk-full-points")
    os.makedirs(base)
    contents = contents(scale["named_items"])
    template = contents.template(foldout)
    site, log = os.path.join(base, "site"), os.path.join(base, "trace.log")
    before = os.path.join(base, "before")

    faultkit.clone_site(template, site)
    faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])
    assert named.traced_build(foldout, site, log).code == 0, "the traced rebuild failed"
    found = {}
    for thread, syscall, index, paths, rest, _ in named.calls(log, site):
        what = named.role(syscall, paths, rest)
        if what is None and syscall == "openat" and "O_CREAT" in rest and paths \
                and os.path.basename(paths[-1]).lstrip(".").startswith(faultkit.BOOKKEEPING):
            what = "create the manifest or journal"
        if what and what != "remove a stale page":
            found.setdefault(what, []).append((syscall, index, paths[-1]))
    points = [(what, *calls[len(calls) // 2]) for what, calls in sorted(found.items())]
    points += [(what + " (last)", *calls[-1]) for what, calls in sorted(found.items()) if len(calls) > 1]
    faultkit.remove_tree(site)

    problems, trials = [], []
    for what, syscall, index, path in points:
        faultkit.clone_site(template, site)
        faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])
        output = os.path.join(site, faultkit.OUTPUT)
        faultkit.copy_tree(output, before)
        run = faultkit.traced_build(foldout, site, log, named.SYSCALLS, f"{syscall}:error=ENOSPC:when={index}")
        with open(log, errors="replace") as f:
            hit = next((line.split(" ", 1)[1].strip()[:160] for line in f if "(INJECTED)" in line), "no call")
        where = f"ENOSPC at {what}, {syscall} #{index} of its thread (hit: {hit})"
        failed, left = check_failed_build(run, before, output, contents.digests["B"], ["out", ".foldout-cache"], where, problems)
        if not failed and faultkit.diff(contents.clean["B"], output):
            problems.append(f"{where}: the build exited 0 but its output is not a clean build's")
        later = faultkit.build(foldout, site)
        differences = faultkit.diff(contents.clean["B"], output)
        if later.code != 0 or differences:
            problems.append(f"{where}: the next build: exit {later.code}, {len(differences)} differences"
                            + (f", e.g. {differences[0]}" if differences else ""))
        trials.append({"where": where, "the build failed": failed, "output folder": left,
                       "it said": " / ".join(run.output.strip().splitlines())[:300] if failed else None,
                       "the next build was right": later.code == 0 and not differences})
        faultkit.remove_tree(before)
        faultkit.remove_tree(site)

    figures["disk full at named points"] = {"items": scale["named_items"], "trials": trials, "first problems": problems[:8]}
    faultkit.remove_tree(base)
    assert trials, "no point to inject at was found"
    assert not problems, "\n".join([f"{len(problems)} problems:"] + problems[:20])
