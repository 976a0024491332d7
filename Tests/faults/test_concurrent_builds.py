"""Any number of Foldout processes may share one `.foldout-cache/`.

A site with photos (JPEGs made with Pillow) is built into two or three output folders
beside each other at once, as `foldout serve` in one terminal and `foldout build --output
dist` in another would: one output is rebuilt three times in a row (a serve session's
rebuilds), the others once, all starting together. Each round replaces half of the photos,
so every round makes new variants and drops old ones while the others read the cache.
After every round each output must equal a clean build of the content (`diff -r`), every
image a page names must exist, and every build must have succeeded; then one more build of
each output, alone, must still give a clean build's output (a damaged cache is remade, not
replayed).
"""
import os
import threading

import faultkit


def concurrently(foldout, site, outputs, rebuilds):
    """Builds each output at once; the first `rebuilds` times in a row. Returns the runs."""
    runs = {name: [] for name in outputs}

    def builds(name, times):
        for _ in range(times):
            runs[name].append(faultkit.build(foldout, site, output=name))

    threads = [threading.Thread(target=builds, args=(name, rebuilds if i == 0 else 1)) for i, name in enumerate(outputs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return runs


def test_builds_at_once_share_one_cache(foldout, work, scale, seed, figures):
    base = os.path.join(work, "concurrent")
    os.makedirs(base)
    original = os.path.join(base, "content-0")
    photos = faultkit.photo_site(original, scale["photo_items"], seed, scale["photo_size"])
    site = os.path.join(base, "site")
    os.makedirs(site)
    faultkit.link_tree(original, os.path.join(site, "Content"))

    problems, rounds = [], []
    previous = original
    for number, count in enumerate(scale["concurrent_rounds"], start=1):
        content = os.path.join(base, f"content-{number}")
        faultkit.link_tree(previous, content)
        for i, path in enumerate(photos):
            if (i + number) % 2 == 0:
                faultkit.photo(os.path.join(content, os.path.relpath(path, original)), (seed, number, i), scale["photo_size"])
        clean = faultkit.clean_build(foldout, base, str(number), content)
        faultkit.switch_content(os.path.join(site, "Content"), content)
        outputs = ["Output", "dist", "dist2"][:count]
        runs = concurrently(foldout, site, outputs, rebuilds=3)
        figure = {"builds at once": count, "failed builds": 0, "outputs unlike a clean build": 0,
                  "missing images": 0, "unlike a clean build after one more build": 0}
        for name in outputs:
            where = f"round {number} ({count} at once), {name}"
            for run in runs[name]:
                if run.code != 0:
                    figure["failed builds"] += 1
                    problems.append(f"{where}: a build exited {run.code}: {run.output.strip()[-300:]}")
            folder = os.path.join(site, name)
            differences = faultkit.diff(clean, folder)
            missing = faultkit.missing_images(folder)
            if differences:
                figure["outputs unlike a clean build"] += 1
                problems.append(f"{where}: {len(differences)} differences from a clean build, e.g. {differences[0]}")
            if missing:
                figure["missing images"] += len(missing)
                problems.append(f"{where}: pages name {len(missing)} images that are not there, e.g. {missing[0]}")
        # One more build of each, alone: whatever went wrong must heal.
        for name in outputs:
            run = faultkit.build(foldout, site, output=name)
            differences = faultkit.diff(clean, os.path.join(site, name))
            if run.code != 0 or differences or faultkit.missing_images(os.path.join(site, name)):
                figure["unlike a clean build after one more build"] += 1
                problems.append(f"round {number}, {name}, built once more alone: exit {run.code}, "
                                f"{len(differences)} differences from a clean build")
        rounds.append(figure)
        faultkit.remove_tree(os.path.dirname(clean))
        previous = content

    figures["builds at once"] = {"photos": len(photos), "items": scale["photo_items"], "rounds": rounds,
                                 "first problems": problems[:8]}
    faultkit.remove_tree(base)
    assert not problems, "\n".join([f"{len(problems)} problems:"] + problems[:20])
