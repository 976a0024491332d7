#!/usr/bin/env python3
"""Site search latency and index size on a built site, in headless Chromium.

usage: search_latency.py OUTPUT_DIR [--runs N]

Opens an item page of OUTPUT_DIR from disk (file://), focuses the header's search box, waits
for `foldout:search-ready` (every shard loaded), then types each query as one input event
and times, in the page, the handler (search and the list's DOM) and the handler plus the
layout the browser does next (`offsetHeight` read). Prints the index's bytes per item too.

    python3 bench/gen_corpus.py /tmp/corpus 10000
    .build/release/foldout build --content /tmp/corpus --output /tmp/site --quiet
    python3 bench/search_latency.py /tmp/site
"""
import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

QUERIES = ["a", "ga", "garden", "gentle calm", "diego", "swift", "loyal morning walks", "zzz", "terr", "layout basics 4"]

_TIME = """
const query = arguments[0];
const input = document.getElementById('site-search');
input.value = '';
input.dispatchEvent(new Event('input'));
const t0 = performance.now();
input.value = query;
input.dispatchEvent(new Event('input'));
const t1 = performance.now();
document.getElementById('site-search-results').offsetHeight;
const t2 = performance.now();
return [t1 - t0, t2 - t0, document.querySelector('.site-search [role=status]').textContent];
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    root = Path(args.site).resolve()

    shards = sorted((root / "search").glob("*.js"))
    size = sum(p.stat().st_size for p in shards)
    items = 0
    for shard in shards:
        text = shard.read_text(encoding="utf-8")
        match = re.search(r'\n"items":\[(.*)\],\n"words"', text, re.S)
        items += 0 if match is None or not match.group(1) else match.group(1).count('","') + 1
    print(f"index: {len(shards)} shards, {size:,} bytes, {items:,} items, {size / max(items, 1):.1f} bytes per item")

    page = next(p for p in sorted(root.rglob("*.html")) if p.parent != root and p.name != "index.html" and "tags" not in p.parts)
    profile = tempfile.TemporaryDirectory(prefix="foldout-search-bench-")
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     f"--user-data-dir={profile.name}", "--disable-background-networking"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(args.chromedriver))
    try:
        driver.get(page.as_uri())
        load = driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          const input = document.getElementById('site-search');
          const t0 = performance.now();
          input.focus();
          (function wait() {
            const mark = performance.getEntriesByName('foldout:search-ready')[0];
            if (mark) done(mark.startTime - t0); else setTimeout(wait, 5);
          })();
        """)
        print(f"shards loaded and prepared {load:.0f} ms after the first focus ({page.relative_to(root)})")
        print(f"{'query':<22} {'results':<28} {'handler ms':>11} {'+layout ms':>11}  (median of {args.runs}; max)")
        worst = 0.0
        for query in QUERIES:
            handler, layout = [], []
            status = ""
            for _ in range(args.runs):
                a, b, status = driver.execute_script(_TIME, query)
                handler.append(a)
                layout.append(b)
            worst = max(worst, max(layout))
            print(f"{query!r:<22} {status:<28} {statistics.median(handler):>11.1f} {statistics.median(layout):>11.1f}  "
                  f"(max {max(layout):.1f})")
        print(f"slowest update: {worst:.1f} ms")
    finally:
        driver.quit()
        profile.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
