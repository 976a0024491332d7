"""Issue 31, point 4: Ctrl-C (SIGINT) in `foldout build` at a random moment leaves no file
behind in `.foldout-cache/` (no temporary, no staging folder) and the output folder whole.

A photo site (so a build has a long stretch of writing variants into the cache) and a text
rebuild are each interrupted at seeded moments spread over an uninterrupted build's time.
Ctrl-C lets the build under way finish and exits with status 130 (0 when the build ended
first); either way, nothing of Foldout's temporary files may remain, and the output must be
what a clean build gives.
"""
import os
import signal
import subprocess
import time

import faultkit

LEFTOVER_MARKS = (faultkit.TEMPORARY_MARK, ".staging", ".new", ".foldout-staging")


def leftovers(site):
    found = []
    for folder, folders, files in os.walk(site):
        for name in folders + files:
            if any(mark in name for mark in LEFTOVER_MARKS):
                found.append(os.path.relpath(os.path.join(folder, name), site))
    return sorted(found)


def build_interrupted_after(foldout, site, delay):
    start = time.monotonic()
    process = subprocess.Popen(faultkit.build_command(foldout), cwd=site, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace",
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=600)
    return faultkit.Run(process.returncode, out, time.monotonic() - start)


def test_ctrl_c_leaves_no_file_behind(foldout, work, scale, seed, figures):
    base = os.path.join(work, "interrupts")
    photos = os.path.join(base, "photos")
    faultkit.photo_site(photos, min(scale["photo_items"], 60), seed, scale["photo_size"])
    clean = faultkit.clean_build(foldout, base, "photos", photos)
    site = os.path.join(base, "site")

    os.makedirs(site)
    faultkit.link_tree(photos, os.path.join(site, "Content"))
    duration = faultkit.build(foldout, site).seconds
    trials = {"interrupted": 0, "finished first": 0, "stopped before starting": 0}
    problems = []
    for delay in faultkit.kill_delays(seed, scale["kills"], duration):
        # A cold cache each time: the photos' variants are written during the build.
        faultkit.remove_tree(os.path.join(site, ".foldout-cache"))
        faultkit.remove_tree(os.path.join(site, faultkit.OUTPUT))
        run = build_interrupted_after(foldout, site, delay)
        if run.code == -signal.SIGINT:
            # Stopped before its handler was installed (a slow start): nothing may be written.
            trials["stopped before starting"] += 1
            written = [name for name in (faultkit.OUTPUT, ".foldout-cache") if os.path.exists(os.path.join(site, name))]
            if written:
                problems.append(f"after {delay:.3f} s: killed by SIGINT with {written} already written")
            continue
        trials["finished first" if run.code == 0 else "interrupted"] += 1
        if run.code not in (0, 130):
            problems.append(f"after {delay:.3f} s: status {run.code}: {run.output[-300:]}")
        if leftovers(site):
            problems.append(f"after {delay:.3f} s: left {leftovers(site)[:5]}")
        if run.code == 130 and "stopping after the build under way" not in run.output:
            problems.append(f"after {delay:.3f} s: Ctrl-C was not acknowledged: {run.output[-300:]}")
        changed = faultkit.diff(clean, os.path.join(site, faultkit.OUTPUT))
        if changed:
            problems.append(f"after {delay:.3f} s: the output differs from a clean build: {changed[:3]}")
    figures["ctrl-c"] = dict(trials, **{"uninterrupted build (s)": round(duration, 3)})
    faultkit.remove_tree(base)
    assert not problems, "\n".join(problems)
    assert trials["interrupted"] > 0, f"no build was interrupted: {trials}"
