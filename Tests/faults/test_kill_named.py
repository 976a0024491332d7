"""A build killed at named moments: while it writes pages, between the
pages and the manifest, and while it removes files that went away.

The moments are found, not hard-coded: an uninterrupted rebuild (A to B, as in
test_kill_random) is traced with strace once, its renames, unlinks and file creations are
sorted by what they touch (a page, the manifest or journal, Foldout's cache; a stale file
removed), and a second build is killed by strace itself on entering the chosen call
(`-e inject=SYSCALL:signal=KILL:when=N`; strace counts calls per syscall and thread, so the
call that was hit is read back from the trace of the killed build). The checks after the
kill are those of test_kill_random.
"""
import os
import re
import shutil
import subprocess

import pytest

import faultkit

STRACE = shutil.which("strace") or "/usr/bin/strace"
SYSCALLS = ("rename", "renameat", "renameat2", "unlink", "unlinkat", "openat")
CALL = re.compile(r"^(\d+)\s+(" + "|".join(SYSCALLS) + r")\((.*)$")
ARGUMENT = re.compile(r'(AT_FDCWD|\d+<[^>]*>)?,?\s*"((?:[^"\\]|\\.)*)"')


def traced_build(foldout, site, log, inject=None):
    return faultkit.traced_build(foldout, site, log, SYSCALLS, inject and f"{inject[0]}:signal=KILL:when={inject[1]}")


def calls(log, site):
    """Each traced call: (thread, syscall, its index among that thread's calls of that
    syscall, the paths it names relative to the site, open flags, finished)."""
    counts = {}
    found = []
    prefix = os.path.realpath(site) + "/"
    with open(log, errors="replace") as f:
        for line in f:
            match = CALL.match(line)
            if not match:
                continue
            thread, syscall, rest = match.groups()
            counts[(thread, syscall)] = counts.get((thread, syscall), 0) + 1
            paths = []
            for folder, name in ARGUMENT.findall(rest):
                path = name
                if folder and folder.endswith(">") and not name.startswith("/"):
                    path = folder[folder.index("<") + 1:-1] + "/" + name
                if path.startswith(prefix):
                    path = path[len(prefix):]
                paths.append(os.path.normpath(path))
            finished = "<unfinished" not in rest and "= ?" not in rest
            found.append((thread, syscall, counts[(thread, syscall)], paths, rest, finished))
    return found


def role(syscall, paths, rest):
    """What a call does to the site, or None for what does not matter here."""
    out = faultkit.OUTPUT + "/"
    if syscall.startswith("rename") and len(paths) == 2:
        target = paths[1]
        if target == faultkit.OUTPUT:
            return "rename a new output folder into place"
        if target.startswith(out):
            name = os.path.basename(target)
            return f"rename {name} into place" if name in faultkit.BOOKKEEPING else "rename a page into place"
        if target.startswith(".foldout-cache/"):
            return "rename a cache or state file into place"
    if syscall.startswith("unlink") and paths:
        path = paths[-1]
        if path.startswith(out) and faultkit.TEMPORARY_MARK not in path and os.path.basename(path) not in faultkit.BOOKKEEPING:
            return "remove a stale page"
    if syscall == "openat" and paths and "O_CREAT" in rest:
        path = paths[-1]
        if path.startswith(out) or ".foldout-cache/" in path and ".new/" in path:
            return "create a page"
    return None


def named_points(traced):
    """The calls to kill at: the first, middle and last of each role."""
    by_role = {}
    for thread, syscall, index, paths, rest, _ in traced:
        what = role(syscall, paths, rest)
        if what:
            by_role.setdefault(what, []).append((syscall, index, paths[-1]))
    points = []
    for what, found in sorted(by_role.items()):
        picks = {0: "first", len(found) // 2: "middle", len(found) - 1: "last"}
        for position, label in sorted(picks.items()):
            syscall, index, path = found[position]
            points.append((f"{what} ({label} of {len(found)})", syscall, index))
    return points


@pytest.mark.skipif(not os.access(STRACE, os.X_OK), reason="strace is not installed (apt-get install strace)")
def test_builds_killed_at_named_points(foldout, work, scale, seed, figures, contents):
    base = os.path.join(work, "named-kills")
    os.makedirs(base)
    contents = contents(scale["named_items"])
    template = contents.template(foldout)
    pristine = faultkit.signature(template)
    site, killed = os.path.join(base, "site"), os.path.join(base, "killed")
    log = os.path.join(base, "trace.log")

    faultkit.clone_site(template, site, link=True)
    faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])
    assert traced_build(foldout, site, log).code == 0, "the traced rebuild failed"
    points = named_points(calls(log, site))
    faultkit.remove_tree(site)
    roles = {what.split(" (")[0] for what, _, _ in points}
    assert "rename a page into place" in roles or "create a page" in roles, f"no page written in the trace: {points}"

    tally = faultkit.Tally()
    hits, results = {}, {}
    for what, syscall, index in points:
        faultkit.clone_site(template, site, link=True)
        faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])
        code = traced_build(foldout, site, log, inject=(syscall, index)).code
        unfinished = [c for c in calls(log, site) if not c[5]]
        # The call that was hit: the unfinished one with the chosen number in its thread.
        hits_found = [c for c in unfinished if c[1] == syscall and c[2] == index] or [c for c in unfinished if c[1] == syscall]
        hit = f"{hits_found[0][1]} {' -> '.join(hits_found[0][3])}" if hits_found else "no call"
        if code not in (-9, 137):
            hits[what] = f"not killed (exit {code})"
            faultkit.remove_tree(site)
            continue
        hits[what] = hit
        state = faultkit.state_after_fault(os.path.join(site, faultkit.OUTPUT), contents.digests["A"], contents.digests["B"])
        os.rename(site, killed)
        follow_ups = faultkit.next_builds(foldout, contents, killed, site)
        faultkit.untouched(template, pristine)
        tally.add(f"killed at {what}, {syscall} #{index} of its thread (hit: {hit})", state, follow_ups)
        results[what] = {"hit": hit, "left": {k: state[k] for k in faultkit.Tally.KINDS},
                         "next build right": {label: problem is None for label, problem in follow_ups.items()}}

    figures["named kills"] = dict(tally.figures(), items=scale["named_items"], points=hits, results=results)
    faultkit.remove_tree(base)
    assert tally.trials, f"no build was killed: {hits}"
    assert not tally.problems, tally.verdict()
