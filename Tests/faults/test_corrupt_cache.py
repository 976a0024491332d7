"""Truncated, emptied, zeroed or bit-flipped cache and state files never
change the output.

A site with photos is built a few times, so that `.foldout-cache/` holds every kind of file
a build keeps there: the build record (`NAME.state`), the Markdown cache (`NAME.cache`), the
feed dates (`NAME.dates`) when there are any, the image headers and the lists of variants
each output uses (`images/headers`, `images/used-by-NAME`) and the variants themselves. Each
is damaged in place, as a power cut or a bad block would leave it, and the next build (with
the same content, with edited content, and into an output folder that was deleted) must
succeed and give exactly a clean build's output.
"""
import os
import random

import faultkit


def cache_targets(cache, seed):
    """The files to damage: every kind once, and two of the image variants."""
    targets, variants = [], []
    for rel in faultkit.files_under(cache):
        if rel.endswith(".lock"):
            continue  # empty: nothing to damage
        parts = rel.split("/")
        if len(parts) == 3 and parts[0] == "images" and len(parts[1]) == 2:
            variants.append(rel)
        else:
            targets.append(rel)
    return targets + random.Random(seed).sample(variants, min(2, len(variants)))


def test_damaged_cache_files_never_change_the_output(foldout, work, scale, seed, figures):
    base = os.path.join(work, "corrupt-cache")
    os.makedirs(base)
    paths = {"A": os.path.join(base, "content-A"), "B": os.path.join(base, "content-B")}
    faultkit.photo_site(paths["A"], scale["photo_items"], seed, size=(800, 600))
    faultkit.derive(paths["A"], paths["B"], seed + 1, 0.10, 0.01, 0.01)
    clean = {name: faultkit.clean_build(foldout, base, name, path) for name, path in paths.items()}

    # A site built from A, then B, then A again: the cache holds every kind of file.
    template = os.path.join(base, "template")
    os.makedirs(template)
    faultkit.link_tree(paths["A"], os.path.join(template, "Content"))
    for name in "ABA":
        faultkit.switch_content(os.path.join(template, "Content"), paths[name])
        run = faultkit.build(foldout, template)
        assert run.code == 0, f"building {name} failed: {run}"
    targets = cache_targets(os.path.join(template, ".foldout-cache"), seed)
    assert any(t.endswith(".state") for t in targets), f"no build record in the cache: {targets}"

    site = os.path.join(base, "site")
    follow_ups = (("same content", "A", False), ("edited content", "B", False), ("output deleted", "A", True))
    problems, tried = [], 0
    wrong = {}
    for target in targets:
        kind = target if not target.startswith("images/") or target.count("/") == 1 else "images/<variant>"
        for mode in scale["corrupt_modes"]:
            for label, name, delete_output in follow_ups:
                faultkit.clone_site(template, site)
                faultkit.corrupt(os.path.join(site, ".foldout-cache", target), mode, seed)
                faultkit.switch_content(os.path.join(site, "Content"), paths[name])
                if delete_output:
                    faultkit.remove_tree(os.path.join(site, faultkit.OUTPUT))
                run = faultkit.build(foldout, site)
                differences = faultkit.diff(clean[name], os.path.join(site, faultkit.OUTPUT))
                tried += 1
                if run.code != 0 or differences:
                    wrong[kind] = wrong.get(kind, 0) + 1
                    problems.append(f"{target} {mode}, then {label}: exit {run.code}, {len(differences)} differences"
                                    + (f", e.g. {differences[0]}" if differences else "")
                                    + (f"; said {run.output.strip()[-200:]!r}" if run.code else ""))
                faultkit.remove_tree(site)

    kinds = sorted({t if not t.startswith("images/") or t.count("/") == 1 else "images/<variant>" for t in targets})
    figures["damaged cache"] = {"files damaged": kinds, "modes": scale["corrupt_modes"],
                                "next builds": tried, "next builds unlike a clean build, by file": wrong,
                                "first problems": problems[:8]}
    faultkit.remove_tree(base)
    assert not problems, "\n".join([f"{len(problems)} of {tried} builds after damage went wrong:"] + problems[:20])
