"""A build killed (SIGKILL) at a random moment of a rebuild over an earlier
output loses nothing and lies about nothing.

Each trial starts from a site built from content A, edits it to B (10% of the items
changed, some added and removed), starts a build and kills it after a seeded delay spread
over the measured time of an uninterrupted rebuild. Then the output folder must show no
temporary file, every file must be wholly A's or wholly B's version, none that both have
may be missing, and the manifest (with the journal, if any) must describe each file as it
is on disk; and the next build, with B, with A again, or with a further edit C, must give
exactly what a clean build of that content gives (`diff -r`).
"""
import os
import statistics

import faultkit


def test_builds_killed_at_random_moments(foldout, work, scale, seed, figures, contents):
    base = os.path.join(work, "random-kills")
    os.makedirs(base)
    contents = contents(scale["items"])
    template = contents.template(foldout)
    pristine = faultkit.signature(template)
    site, killed = os.path.join(base, "site"), os.path.join(base, "killed")

    # How long an uninterrupted rebuild takes; it must itself give a clean build's output.
    durations = []
    for _ in range(3):
        faultkit.clone_site(template, site, link=True)
        faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])
        run = faultkit.build(foldout, site)
        assert run.code == 0, f"the rebuild failed without any fault: {run}"
        assert not faultkit.diff(contents.clean["B"], os.path.join(site, faultkit.OUTPUT)), \
            "an uninterrupted rebuild differs from a clean build"
        durations.append(run.seconds)
    duration = statistics.median(durations)

    tally = faultkit.Tally()
    finished = 0
    delays = faultkit.kill_delays(seed, scale["kills"], duration)
    attempt = 0
    while tally.trials < scale["kills"] and attempt < 3 * scale["kills"]:
        # A build that ended before its kill counts as no trial; it is tried again earlier.
        delay = delays[attempt] if attempt < len(delays) else delays[attempt % len(delays)] * 0.5 ** (attempt // len(delays))
        attempt += 1
        faultkit.clone_site(template, site, link=True)
        faultkit.switch_content(os.path.join(site, "Content"), contents.paths["B"])
        run = faultkit.build_killed_after(foldout, site, delay)
        if not run.killed:
            finished += 1
            faultkit.remove_tree(site)
            continue
        state = faultkit.state_after_fault(os.path.join(site, faultkit.OUTPUT), contents.digests["A"], contents.digests["B"])
        os.rename(site, killed)
        follow_ups = faultkit.next_builds(foldout, contents, killed, site)
        faultkit.untouched(template, pristine)
        tally.add(f"killed after {delay:.3f} s", state, follow_ups)

    figures["random kills"] = dict(tally.figures(), items=scale["items"], edits=contents.edits,
                                   **{"uninterrupted rebuild (s)": round(duration, 3),
                                      "builds that ended before their kill": finished})
    faultkit.remove_tree(base)
    assert tally.trials >= scale["kills"], f"only {tally.trials} builds were killed"
    assert not tally.problems, tally.verdict()
