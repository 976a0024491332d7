"""Ctrl-C (SIGINT) in `foldout build` at a random moment stops the build promptly, at its
next safe point, and leaves everything as it was: the output folder byte for byte (absent
when it was absent), no file of Foldout's temporaries in `.foldout-cache/`, exit status 130.
The build after it gives what a clean build gives (`diff -r`).

Two kinds of build are interrupted at seeded moments spread over an uninterrupted build's
time: a first build of a photo site with a cold cache (a long stretch of making photo
variants, then the pages), and a rebuild of that site after its text was edited (pages
rendered into the staging folder while the published site stays). A build that ends before
the signal exits 0 and must equal a clean build.
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
    """A build sent SIGINT `delay` seconds after its start (unless it ended before); the Run,
    and how long it took to end after the signal (None when it was not sent)."""
    start = time.monotonic()
    process = subprocess.Popen(faultkit.build_command(foldout), cwd=site, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace",
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    sent = None
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
    out, _ = process.communicate(timeout=600)
    ended = time.monotonic()
    return faultkit.Run(process.returncode, out, ended - start), (ended - sent if sent else None)


def output_state(site):
    """The output folder's files (bookkeeping included) by their bytes' digest; None when absent."""
    folder = os.path.join(site, faultkit.OUTPUT)
    if not os.path.exists(folder):
        return None
    found = {}
    for rel, path in faultkit.files_under(folder).items():
        with open(path, "rb") as f:
            found[rel] = hash(f.read())
    return found


def test_ctrl_c_stops_promptly_and_leaves_everything_as_it_was(foldout, work, scale, seed, figures):
    base = os.path.join(work, "interrupts")
    photos = os.path.join(base, "photos")
    faultkit.photo_site(photos, min(scale["photo_items"], 60), seed, scale["photo_size"])
    edited = os.path.join(base, "edited")
    faultkit.derive(photos, edited, seed, change=0.5, add=0.05, remove=0.05)
    clean = {"photos": faultkit.clean_build(foldout, base, "photos", photos),
             "edited": faultkit.clean_build(foldout, base, "edited", edited)}
    site = os.path.join(base, "site")
    content = os.path.join(site, "Content")

    os.makedirs(site)
    faultkit.link_tree(photos, content)
    first = faultkit.build(foldout, site)
    assert first.code == 0, first
    faultkit.switch_content(content, edited)
    rebuild = faultkit.build(foldout, site)
    assert rebuild.code == 0, rebuild
    durations = {"first": first.seconds, "edited": rebuild.seconds}

    trials = {"interrupted": 0, "finished first": 0, "stopped before starting": 0}
    stops = []
    problems = []
    kinds = ["first", "edited"]
    for number, delay_fraction in enumerate(faultkit.kill_delays(seed, scale["kills"], 1.0)):
        kind = kinds[number % 2]
        if kind == "first":
            # A cold cache and no output folder: the photos' variants are made during the build.
            faultkit.remove_tree(os.path.join(site, ".foldout-cache"))
            faultkit.remove_tree(os.path.join(site, faultkit.OUTPUT))
            faultkit.switch_content(content, photos)
        else:
            # The photo site built, then its text edited: a rebuild renders most pages again.
            faultkit.switch_content(content, photos)
            assert faultkit.build(foldout, site).code == 0
            faultkit.switch_content(content, edited)
        delay = delay_fraction * durations[kind]
        where = f"{kind} build, Ctrl-C after {delay:.3f} s"
        before = output_state(site)
        run, stop = build_interrupted_after(foldout, site, delay)
        if run.code == -signal.SIGINT:
            # Stopped before its handler was installed (a slow start): nothing may be written.
            trials["stopped before starting"] += 1
            if output_state(site) != before:
                problems.append(f"{where}: killed by SIGINT with the output folder changed")
        elif run.code == 130:
            trials["interrupted"] += 1
            stops.append(stop)
            if "stopping the build" not in run.output:
                problems.append(f"{where}: Ctrl-C was not acknowledged: {run.output[-300:]}")
            if "nothing of this build was published" in run.output:
                if output_state(site) != before:
                    problems.append(f"{where}: stopped, yet the output folder changed")
            else:
                # The signal came while publishing, which finishes first.
                changed = faultkit.diff(clean[kind if kind == "edited" else "photos"], os.path.join(site, faultkit.OUTPUT))
                if changed:
                    problems.append(f"{where}: stopped while publishing, but differs from a clean build: {changed[:3]}")
            if stop > max(2.0, durations[kind] / 2):
                problems.append(f"{where}: took {stop:.2f} s to stop (a whole build takes {durations[kind]:.2f} s)")
        elif run.code == 0:
            trials["finished first"] += 1
            changed = faultkit.diff(clean[kind if kind == "edited" else "photos"], os.path.join(site, faultkit.OUTPUT))
            if changed:
                problems.append(f"{where}: finished, but differs from a clean build: {changed[:3]}")
        else:
            problems.append(f"{where}: status {run.code}: {run.output[-300:]}")
        if leftovers(site):
            problems.append(f"{where}: left {leftovers(site)[:5]}")
        # The next build finishes the job, as a clean build would.
        after = faultkit.build(foldout, site)
        changed = faultkit.diff(clean[kind if kind == "edited" else "photos"], os.path.join(site, faultkit.OUTPUT))
        if after.code != 0 or changed:
            problems.append(f"{where}: the next build (status {after.code}) differs from a clean build: {changed[:3]}")
    figures["ctrl-c"] = dict(trials, **{
        "uninterrupted first build (s)": round(durations["first"], 3),
        "uninterrupted rebuild (s)": round(durations["edited"], 3),
        "slowest stop after Ctrl-C (s)": round(max(stops), 3) if stops else None,
    })
    faultkit.remove_tree(base)
    assert not problems, "\n".join(problems)
    assert trials["interrupted"] > 0, f"no build was interrupted: {trials}"
