#!/usr/bin/env python3
"""Big catalogs in Chromium: ready time, filter, facet, sort and search latency,
scrolling and page weight of generated catalogs of 1,000 to 40,000 items, opened from file://.

usage: bench/browser/run.py [--sizes 1000,10000,40000] [--flat-sizes 10000] [--runs 5]
                            [--foldout PATH] [--output docs/benchmarks-browser.md] [--work DIR]

For each size, bench/browser/gen_catalog.py writes a site whose `pets` catalog has one
section of N items, grouped in ~20 breed folders (and, for the --flat-sizes, also one flat
list of N rows), plus a 200-item `courses` catalog. `foldout build` (a copy of --foldout made
at the start, with its built-in default templates, the ones `foldout init` copies, or with
--templates) builds it
once, cold, into a new folder; its wall time is reported for context. Then headless Chromium
(/usr/bin/chromium through chromedriver, a 1280x900 viewport, CPU not throttled, cache
disabled) measures, each --runs times, medians reported:

- ready: a new tab opens Output/pets/index.html; from navigation start to the end of
  DOMContentLoaded, to `performance.mark("foldout:catalog-ready")` (n/a when the page never
  sets it) and to the first contentful paint;
- filter: typing into #filter-query (CDP Input.insertText, a trusted `input` event): one
  common letter ("a", most rows match), then, from an empty box, a whole title (one row),
  and clearing the box (select all, Backspace). Each is timed twice: in the page
  (bench/browser/harness.js: from the event's dispatch to the end of the next frame, and to
  the end of the first frame drawn after the last DOM change) and by the Event Timing API
  (input to the next paint presented, which Chromium reports only from 16 ms, in 8 ms steps);
- facets: CDP mouse clicks on `form.facet-panel` checkboxes species=cat, then size=small
  with it, then species=cat off; sort: select#catalog-sort set to `age` (a script's `input`
  and `change` events, so the Event Timing API does not see it); n/a when the page has no
  such control;
- search: a new tab opens an item page, clicks #site-search, waits (up to 10 s) for
  `performance.mark("foldout:search-ready")`, types a name, and times until
  `#site-search-results [role=option]` are drawn; n/a when the page has no #site-search;
- expand all: in a new tab, the first section's "Expand all" button, then "Collapse all",
  then "Expand all" again, each clicked by a script and timed to the end of the next frame
  (the first Expand all lays out every row; the second finds the layout Chromium kept for
  the closed groups); n/a when the page has no such buttons;
- scrolling: on the catalog page with every group opened, a requestAnimationFrame loop
  scrolls from top to bottom (a fixed step per frame, about 300 frames in all); the frame
  times are the deltas between rAF timestamps: the 95th percentile and the frames over 50 ms;
- page weight: the catalog page's HTML, the stylesheets, scripts and images it loaded (raw
  and gzip -6), and the search index (Output/search/*.js), in total and per item.

Every site goes into a folder that did not exist (nothing is deleted before a timed step:
on this kind of disk, creating files right after deleting thousands is slow). The results
table replaces the part of --output between its markers and is printed.
"""
import argparse, datetime, gzip, math, os, re, shutil, statistics, subprocess, sys, tempfile, time
from urllib.parse import unquote, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
REPO = os.path.dirname(BENCH)
sys.dont_write_bytecode = True  # leaves no __pycache__ in bench/
sys.path.insert(0, BENCH)
from benchkit import first_line, processor_and_memory, settle, write_report  # noqa: E402

BEGIN, END = "<!-- bench-browser:begin -->", "<!-- bench-browser:end -->"
HARNESS = open(os.path.join(HERE, "harness.js"), encoding="utf-8").read()
CATALOG_READY, SEARCH_READY = "foldout:catalog-ready", "foldout:search-ready"
FACETS = [("species=cat", "species", "cat"), ("+ size=small", "size", "small"), ("species=cat off", "species", "cat")]
FACET_INPUT = 'form.facet-panel input[type=checkbox][name="%s"][value="%s"]'
SEARCH_RESULT = "#site-search-results [role=option]"
SEARCH_WORD = "Luna"  # a name in titles (gen_catalog.NAMES): ~1 in 78 animals
# Event Timing entries that belong to a typed character or a click (not hovering or pressing).
INTERACTION_EVENTS = {"keydown", "keypress", "keyup", "beforeinput", "input", "click", "pointerup", "mouseup"}
QUIET_MS = 150  # a measurement ends this long after the page's last DOM change
SCROLL_FRAMES = 300
SCROLL_SECONDS = 15  # a scroll run stops there even before the bottom (slow pages)
CASE_BUDGET = 30  # seconds: a kind of interaction is not repeated once a run of it took longer
TARGETS_SIZE = 10000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,40000", help="pets catalog sizes (grouped variant)")
    parser.add_argument("--flat-sizes", default="10000", help="sizes also built as one flat list of rows")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement")
    parser.add_argument("--foldout", default="/work/main/.build/release/foldout",
                        help="foldout binary (copied at the start, so a rebuild does not change it under the run)")
    parser.add_argument("--templates", help="a Templates folder to build with (copied at the start) instead of the binary's "
                        "built-in ones: how a template change is measured without building a new binary")
    parser.add_argument("--output", default=os.path.join(REPO, "docs/benchmarks-browser.md"))
    parser.add_argument("--work", help="scratch folder, must not exist (default: a new temporary folder, kept)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    flat_sizes = [int(s) for s in args.flat_sizes.split(",") if s]
    variants = [(size, False) for size in sizes] + [(size, True) for size in flat_sizes]
    variants.sort(key=lambda v: (v[0], v[1]))
    if not os.access(args.foldout, os.X_OK):
        sys.exit(f"bench: no foldout binary at {args.foldout}")
    if args.work and os.path.exists(args.work):
        sys.exit(f"bench: {args.work} exists; give a new folder")
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="foldout-browser-")
    os.makedirs(work, exist_ok=True)
    print(f"work folder: {work} (kept)", file=sys.stderr)
    foldout = os.path.join(work, "foldout")
    shutil.copy2(args.foldout, foldout)
    templates = None
    if args.templates:
        if not os.path.isdir(args.templates):
            sys.exit(f"bench: no templates folder at {args.templates}")
        templates = os.path.join(work, "Templates")
        shutil.copytree(args.templates, templates)

    started = datetime.datetime.now(datetime.timezone.utc)
    info = machine(args, foldout)
    driver = start_browser(args.chromium, args.chromedriver)
    results = {}
    try:
        for size, flat in variants:
            results[(size, flat)] = bench_variant(driver, work, foldout, templates, size, flat, args.runs)
    finally:
        driver.quit()
    report = render(results, variants, info, started, args.runs)
    write_report(args.output, report, BEGIN, END, title="# Browser benchmarks")
    print(report)
    print(f"\nwrote {args.output}", file=sys.stderr)


# MARK: The browser

def start_browser(chromium, chromedriver):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--window-size=1280,900", "--disable-dev-shm-usage",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                     "--disable-backgrounding-occluded-windows", "--disable-extensions", "--no-first-run"]:
        options.add_argument(argument)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    driver.set_script_timeout(900)
    driver.set_page_load_timeout(300)
    return driver


def new_tab(driver):
    """A fresh tab (the old one closed), set up: 1280x900 viewport, no CPU throttling, no cache."""
    old = driver.current_window_handle
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    driver.switch_to.window(old)
    driver.close()
    driver.switch_to.window(new)
    cdp = driver.execute_cdp_cmd
    cdp("Network.enable", {})
    cdp("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    cdp("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp("Performance.enable", {})


def install_harness(driver):
    driver.execute_script(HARNESS)


def exists(driver, selector):
    return driver.execute_script("return document.querySelector(arguments[0]) !== null", selector)


def wait_quiet(driver, ms=QUIET_MS):
    """Until the page has made no DOM change for `ms` (at most 10 s)."""
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1], ms = arguments[0], start = performance.now();
        (function check() {
          const since = performance.now() - Math.max(window.__bench.lastMutation, 0);
          if (since >= ms || performance.now() - start > 10000) done(); else setTimeout(check, 20);
        })();""", ms)


def measure(driver, event_type, trigger, until=None, cap=10000, trusted=True):
    """Arms the harness for `event_type`, runs trigger(), and returns the harness's figures
    plus `event`: the longest Event Timing entry of the interaction (0 when none reached 16 ms)."""
    driver.execute_script("window.__bench.lastMutation = -1; window.__bench.arm(arguments[0], arguments[1], arguments[2], arguments[3])",
                          event_type, until, QUIET_MS, cap)
    trigger()
    result = driver.execute_async_script("window.__bench.done.then(arguments[arguments.length - 1])")
    if result.get("error"):
        raise RuntimeError(result["error"])
    time.sleep(0.05)  # Event Timing entries come after the frame is presented
    timing = driver.execute_script("return [window.__bench.eventTiming, window.__bench.events]")
    durations = [e["duration"] for e in timing[1] if e["name"] in INTERACTION_EVENTS]
    # A script's event has no Event Timing entry: None, not "< 16 ms".
    result["event"] = (max(durations) if durations else 0.0) if timing[0] and trusted else None
    return result


def insert_text(driver, text):
    return lambda: driver.execute_cdp_cmd("Input.insertText", {"text": text})


def backspace(driver):
    def press():
        for kind in ("rawKeyDown", "keyUp"):
            driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": kind, "key": "Backspace", "code": "Backspace",
                                                              "windowsVirtualKeyCode": 8, "nativeVirtualKeyCode": 8})
    return press


def click_point(driver, selector):
    """Where a trusted click lands on the element (or its label), after scrolling it into view;
    None when something else covers it or it has no box."""
    point = driver.execute_script("""
        const element = document.querySelector(arguments[0]);
        for (let node = element.parentElement; node; node = node.parentElement)
          if (node.tagName === 'DETAILS' && !node.open) node.open = true;
        const candidates = [element, element.closest('label'), ...(element.labels || [])].filter(Boolean);
        for (const target of candidates) {
          target.scrollIntoView({block: 'center'});
          const box = target.getBoundingClientRect();
          if (box.width < 2 || box.height < 2) continue;
          const x = box.left + Math.min(box.width / 2, 8), y = box.top + box.height / 2;
          const hit = document.elementFromPoint(x, y);
          if (hit && (hit === element || target.contains(hit) || (hit.closest('label') && hit.closest('label').control === element)))
            return [x, y];
        }
        return null;""", selector)
    return point


def click(driver, selector):
    """A trigger: a CDP mouse click on the element when it can be hit, else element.click()."""
    point = click_point(driver, selector)
    if point is None:
        return lambda: driver.execute_script("document.querySelector(arguments[0]).click()", selector), False
    x, y = point
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})

    def press():
        for kind in ("mousePressed", "mouseReleased"):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
    return press, True


# MARK: One corpus

def bench_variant(driver, work, foldout, templates, size, flat, runs):
    name = f"{size}-{'flat' if flat else 'grouped'}"
    print(f"== {size:,} items, {'flat' if flat else 'grouped'}", file=sys.stderr)
    root = os.path.join(work, name)
    if os.path.exists(root):
        sys.exit(f"bench: {root} exists")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_catalog.py"), root, str(size)] + (["--flat"] if flat else []),
                   check=True)
    settle()
    begin = time.perf_counter()
    build = subprocess.run([foldout, "build", "--content", "Content", "--output", "Output"]
                           + (["--templates", templates] if templates else []), cwd=root,
                           capture_output=True, text=True)
    build_seconds = time.perf_counter() - begin
    if build.returncode != 0:
        sys.exit(f"bench: foldout build failed in {root}:\n{build.stderr[-3000:]}")
    print(f"   build: {build_seconds:.2f} s; {first_line_of(build.stdout)}", file=sys.stderr)
    settle()
    output = os.path.join(root, "Output")
    catalog = os.path.join(output, "pets", "index.html")
    if not os.path.exists(catalog):
        sys.exit(f"bench: no {catalog}")
    r = {"size": size, "flat": flat, "build": build_seconds, "build_line": first_line_of(build.stdout)}
    catalog_url = "file://" + catalog

    # Ready time: a new tab and navigation per run.
    sets_ready = CATALOG_READY in page_sources(catalog)
    ready = []
    for run in range(runs):
        new_tab(driver)
        driver.get(catalog_url)
        ready.append(read_ready(driver, sets_ready))
        print(f"   ready run {run + 1}: " + ", ".join(f"{k} {v:.0f}" for k, v in ready[-1].items()
                                                     if v is not None), file=sys.stderr)
    r["ready"] = ready
    r["metrics"] = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    r["weight"] = page_weight(driver, output, size)
    r["rows"] = driver.execute_script("return document.querySelectorAll('.catalog .row').length")
    r["groups"] = driver.execute_script("return document.querySelectorAll('.catalog details').length")

    install_harness(driver)
    r["filter"] = bench_filter(driver, runs)
    r["facets"] = bench_facets(driver, runs)
    r["sort"] = bench_sort(driver, runs)
    r["scroll"] = bench_scroll(driver, runs)
    r["scroll_floor"] = bench_scroll_floor(driver, root, r["rows"], r["scroll"]["height"], r["scroll"]["step"], runs)
    r["expand"] = bench_expand(driver, catalog_url, runs)
    r["search"] = bench_search(driver, output, runs)
    return r


def first_line_of(text):
    lines = text.strip().splitlines()
    return lines[0] if lines else ""


def page_sources(page):
    """The catalog page and the local scripts it names, as text (to see whether it sets a mark)."""
    text = open(page, encoding="utf-8").read()
    for src in re.findall(r'<script[^>]+src="([^"]+)"', text):
        path = os.path.normpath(os.path.join(os.path.dirname(page), unquote(src.split("?")[0].split("#")[0])))
        if os.path.exists(path):
            text += open(path, encoding="utf-8", errors="replace").read()
    return text


def read_ready(driver, sets_ready):
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1], waitForMark = arguments[0], name = arguments[1];
        const start = performance.now();
        (function check() {
          const nav = performance.getEntriesByType('navigation')[0];
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const mark = performance.getEntriesByName(name, 'mark')[0];
          const waiting = performance.now() - start < 10000 &&
            (!nav || !nav.loadEventEnd || !fcp || (waitForMark && !mark));
          if (waiting) { setTimeout(check, 10); return; }
          done({dcl: nav ? nav.domContentLoadedEventEnd : null, load: nav ? nav.loadEventEnd : null,
                fcp: fcp ? fcp.startTime : null, mark: mark ? mark.startTime : null});
        })();""", sets_ready, CATALOG_READY)


def bench_filter(driver, runs):
    if not exists(driver, "#filter-query"):
        return None
    title = driver.execute_script("""
        const rows = document.querySelectorAll('.catalog .row .row-title');
        return rows[Math.floor(rows.length / 2)].textContent.trim();""")
    # Rows not hidden by the filter (a row in a closed group counts: the filter left it in).
    shown = """return [...document.querySelectorAll('.catalog .row')].filter(row => {
        for (let e = row; e && !e.classList.contains('catalog'); e = e.parentElement)
          if (e.hidden || getComputedStyle(e).display === 'none') return false;
        return true; }).length"""
    cases = {}
    matches = {}
    for run in range(runs):
        begin = time.perf_counter()
        for query in ("a", title):
            driver.execute_script("const box = document.getElementById('filter-query'); box.focus(); box.select();")
            label = f"type \"{query}\""
            cases.setdefault(label, []).append(measure(driver, "input", insert_text(driver, query)))
            if run == 0:
                matches[label] = driver.execute_script(shown)
            driver.execute_script("document.getElementById('filter-query').select()")
            cases.setdefault(f"clear \"{query}\"", []).append(measure(driver, "input", backspace(driver)))
            if driver.execute_script("return document.getElementById('filter-query').value"):
                raise RuntimeError("the filter box did not clear")
        print(f"   filter run {run + 1}: " + "; ".join(f"{k} {v[-1]['settled']:.0f} ms" for k, v in cases.items()),
              file=sys.stderr)
        if time.perf_counter() - begin > CASE_BUDGET and run + 1 < runs:
            print(f"   filter: a run took over {CASE_BUDGET} s; not repeated", file=sys.stderr)
            break
    matches["clearing"] = driver.execute_script(shown)
    return {"cases": cases, "matches": matches}


def bench_facets(driver, runs):
    selectors = [FACET_INPUT % (field, value) for _, field, value in FACETS]
    if not all(exists(driver, s) for s in selectors):
        return None
    cases = {label: [] for label, _, _ in FACETS}
    trusted = True
    for run in range(runs):
        begin = time.perf_counter()
        for label, selector in zip(cases, selectors):
            trigger, real = click(driver, selector)
            trusted &= real
            wait_quiet(driver)
            cases[label].append(measure(driver, "click", trigger, trusted=real))
        # Back to no facet: size=small off (not timed).
        trigger, _ = click(driver, selectors[1])
        trigger()
        wait_quiet(driver, 300)
        print(f"   facets run {run + 1}: " + "; ".join(f"{k} {v[-1]['settled']:.0f} ms" for k, v in cases.items()),
              file=sys.stderr)
        if time.perf_counter() - begin > CASE_BUDGET and run + 1 < runs:
            print(f"   facets: a run took over {CASE_BUDGET} s; not repeated", file=sys.stderr)
            break
    return {"cases": cases, "trusted": trusted}


def bench_sort(driver, runs):
    if not exists(driver, "select#catalog-sort"):
        return None
    if not driver.execute_script("return [...document.querySelector('select#catalog-sort').options].some(o => o.value === 'age')"):
        return None
    initial = driver.execute_script("return document.querySelector('select#catalog-sort').value")
    change = """const select = document.querySelector('select#catalog-sort'); select.value = arguments[0];
                select.dispatchEvent(new Event('input', {bubbles: true}));
                select.dispatchEvent(new Event('change', {bubbles: true}));"""
    cases = {"by age": []}
    for run in range(runs):
        cases["by age"].append(measure(driver, "input", lambda: driver.execute_script(change, "age"), trusted=False))
        driver.execute_script(change, initial)
        wait_quiet(driver, 300)
    return {"cases": cases}


def bench_expand(driver, url, runs):
    """The first section's Expand all, Collapse all and Expand all again, each clicked by a
    script, to the next frame, in a new tab per run; None when the page has no such buttons."""
    times = {"expand": [], "collapse": [], "again": []}
    for run in range(runs):
        new_tab(driver)
        driver.get(url)
        if not exists(driver, ".catalog .outline-expand"):
            return None
        install_harness(driver)
        wait_quiet(driver, 300)
        for key, kind in (("expand", "expand"), ("collapse", "collapse"), ("again", "expand")):
            times[key].append(driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const button = document.querySelector('.catalog .outline-' + arguments[0]);
                window.__bench.timeChange(() => button.click()).then(done);""", kind))
            wait_quiet(driver, 300)
        print(f"   expand all run {run + 1}: {times['expand'][-1]:.0f} ms, collapse all {times['collapse'][-1]:.0f} ms, "
              f"expand all again {times['again'][-1]:.0f} ms", file=sys.stderr)
    return times


def bench_scroll(driver, runs):
    driver.execute_script("document.getElementById('filter-query') && (document.getElementById('filter-query').blur())")
    opened = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.__bench.timeChange(() => document.querySelectorAll('.catalog details').forEach(d => {
          d.removeAttribute('name'); d.open = true; })).then(done);""")
    wait_quiet(driver, 300)
    height, viewport = driver.execute_script("return [document.documentElement.scrollHeight, innerHeight]")
    step = max(viewport // 2, math.ceil((height - viewport) / SCROLL_FRAMES))
    results = scroll_runs(driver, step, runs)
    for run, result in enumerate(results):
        print(f"   scroll run {run + 1}: {result['frames']} frames, p95 {result['p95']:.1f} ms, "
              f"{result['long']} over 50 ms, max {result['max']:.0f} ms", file=sys.stderr)
    return {"runs": results, "step": step, "height": height, "open_all": opened}


def scroll_runs(driver, step, runs):
    results = []
    for run in range(runs):
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        result = driver.execute_async_script(
            "window.__bench.scroll(arguments[0], arguments[1], arguments[2]).then(arguments[arguments.length - 1])",
            step, 5000, SCROLL_SECONDS)
        deltas = sorted(result["deltas"])
        result["p95"] = percentile(deltas, 95)
        result["long"] = sum(1 for d in deltas if d > 50)
        result["max"] = deltas[-1] if deltas else 0
        results.append(result)
    return results


def bench_scroll_floor(driver, root, rows, height, step, runs):
    """The same scroll over a plain page as tall, of as many lines of text: what this machine's
    headless Chromium does without Foldout's markup and styles."""
    page = os.path.join(root, "plain-scroll.html")
    line = max(1, round(height / max(rows, 1)))
    with open(page, "w", encoding="utf-8") as handle:
        handle.write("<!doctype html><meta charset=utf-8><title>plain</title><body style='margin:0;font:16px sans-serif'>")
        handle.write("".join(f"<div style='height:{line}px'>Row {i} · plain text line</div>" for i in range(rows)))
    new_tab(driver)
    driver.get("file://" + page)
    install_harness(driver)
    results = scroll_runs(driver, step, runs)
    print("   plain page scroll: p95 " + ", ".join(f"{r['p95']:.1f}" for r in results), file=sys.stderr)
    return results


def bench_search(driver, output, runs):
    item = next((os.path.join(folder, name) for folder, _, names in sorted(os.walk(os.path.join(output, "pets", "animals")))
                 for name in sorted(names) if name.endswith(".html") and name != "index.html"), None)
    if item is None:
        return None
    results, loads, options = [], [], []
    for run in range(runs):
        new_tab(driver)
        driver.get("file://" + item)
        if not exists(driver, "#site-search"):
            return None
        install_harness(driver)
        trigger, _ = click(driver, "#site-search")
        focused_at = driver.execute_script("return performance.now()")
        trigger()
        driver.execute_script("document.getElementById('site-search').focus()")
        mark = driver.execute_async_script("""
            const done = arguments[arguments.length - 1], name = arguments[0], start = performance.now();
            (function check() {
              const mark = performance.getEntriesByName(name, 'mark')[0];
              if (mark) done(mark.startTime); else if (performance.now() - start > 10000) done(null); else setTimeout(check, 10);
            })();""", SEARCH_READY)
        loads.append(None if mark is None else max(0.0, mark - focused_at))
        wait_quiet(driver)
        results.append(measure(driver, "input", insert_text(driver, SEARCH_WORD), until=SEARCH_RESULT))
        options.append(driver.execute_script("return document.querySelectorAll(arguments[0]).length", SEARCH_RESULT))
        print(f"   search run {run + 1}: ready {loads[-1]} ms, results {results[-1]['settled']} ms, "
              f"{options[-1]} options", file=sys.stderr)
    return {"cases": {f"type \"{SEARCH_WORD}\"": results}, "loads": loads, "options": options}


def page_weight(driver, output, size):
    """Bytes of the catalog page, of what it loaded, and of the search index."""
    urls = driver.execute_script("""
        const urls = new Set([location.href.split('#')[0].split('?')[0]]);
        document.querySelectorAll('script[src]').forEach(s => urls.add(s.src));
        document.querySelectorAll('link[rel~=stylesheet][href]').forEach(l => urls.add(l.href));
        document.querySelectorAll('img').forEach(i => { if (i.currentSrc || i.src) urls.add(i.currentSrc || i.src); });
        for (const sheet of document.styleSheets) {
          try { for (const rule of sheet.cssRules) if (rule.href) urls.add(new URL(rule.href, sheet.href).href); } catch (e) {}
        }
        return [...urls];""")
    files = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme == "file":
            path = unquote(parts.path)
            if os.path.isfile(path):
                files.append(path)
    html = files[0]
    assets = files[1:]
    shards = sorted(os.path.join(output, "search", name) for name in os.listdir(os.path.join(output, "search"))
                    if name.endswith(".js")) if os.path.isdir(os.path.join(output, "search")) else []
    return {"html": sizes_of([html]), "assets": sizes_of(assets), "asset_names": [os.path.relpath(a, output) for a in assets],
            "search": sizes_of(shards) if shards else None, "shards": len(shards),
            "indexed_items": size + count_items(output, "courses")}


def count_items(output, catalog):
    folder = os.path.join(output, catalog)
    return sum(1 for _, _, names in os.walk(folder) for name in names if name.endswith(".html") and name != "index.html")


def sizes_of(paths):
    raw = sum(os.path.getsize(p) for p in paths)
    packed = sum(len(gzip.compress(open(p, "rb").read(), 6)) for p in paths)
    return {"raw": raw, "gzip": packed}


def percentile(sorted_values, p):
    if not sorted_values:
        return 0.0
    index = max(0, math.ceil(p / 100 * len(sorted_values)) - 1)
    return sorted_values[index]


# MARK: Describing the machine

def machine(args, foldout):
    cpu, memory = processor_and_memory()
    source = os.path.dirname(os.path.realpath(args.foldout))
    while source != "/" and not os.path.exists(os.path.join(source, ".git")):
        source = os.path.dirname(source)
    commit = first_line(["git", "-C", source, "describe", "--always", "--dirty"]) if source != "/" else "unknown"
    built = datetime.datetime.fromtimestamp(os.path.getmtime(foldout)).strftime("%Y-%m-%d %H:%M")
    return {
        "cores": os.cpu_count(), "cpu": cpu, "memory": memory,
        "chromium": first_line([args.chromium, "--version"]),
        "chromedriver": first_line([args.chromedriver, "--version"]),
        "foldout": f"{commit} of {source if source != '/' else args.foldout} (binary built {built})",
        "harness": first_line(["git", "-C", REPO, "describe", "--always", "--dirty"]),
        "templates": templates_of(args.templates),
        "load": " / ".join(f"{value:.2f}" for value in os.getloadavg()),
        "command": "python3 bench/browser/run.py " + " ".join(sys.argv[1:]),
    }


def templates_of(folder):
    """What the pages were built with, for the report: the binary's own, or a folder and its commit."""
    if not folder:
        return "default templates"
    folder = os.path.realpath(folder)
    commit = first_line(["git", "-C", folder, "log", "-1", "--format=%h", "--", "."])
    changed = first_line(["git", "-C", folder, "status", "--porcelain", "--", "."])
    return f"templates from {folder} at {commit}{' with changes' if changed else ''}"


# MARK: The report

def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ms(value, digits=0):
    return "n/a" if value is None else f"{value:.{digits}f} ms"


def event_ms(value):
    if value is None:
        return "n/a"
    return "< 16 ms" if value < 16 else f"{value:.0f} ms"


def ready_of(run):
    """The page is ready when it is both drawn (FCP) and set up (the mark, else DOMContentLoaded)."""
    set_up = run["mark"] if run["mark"] is not None else run["dcl"]
    return max(set_up, run["fcp"] or 0)


def latency(results):
    """Median of each method over the runs: (in-page next frame, in-page settled, Event Timing)."""
    return (med([r["nextFrame"] for r in results]), med([r["settled"] for r in results]),
            med([r["event"] for r in results]) if all(r["event"] is not None for r in results) else None)


def worst(results):
    """The figure a target is judged by: the larger of the settled time and Event Timing."""
    _, settled, event = latency(results)
    return max(v for v in (settled, event) if v is not None) if settled is not None or event is not None else None


def whole(value):
    return "-" if value is None else f"{value:.0f}"


def kb(n):
    return f"{n / 1024:,.0f} KB" if n >= 10240 else f"{n / 1024:,.1f} KB"


def render(results, variants, info, started, runs):
    heads = [f"{size:,}" + (" flat" if flat else "") for size, flat in variants]
    cols = [results[v] for v in variants]
    lines = [BEGIN, "", f"## Latest results: {started.strftime('%Y-%m-%d %H:%M UTC')}", "",
             f"Command: `{info['command'].strip()}`", "",
             f"- Machine: {info['cores']} cores, {info['cpu']}, {info['memory']} memory; load average at start {info['load']}",
             f"- Browser: {info['chromium']}, headless (new), 1280x900 viewport, CPU not throttled, cache disabled, "
             f"pages opened from file://; {info['chromedriver'].split(' (')[0]}",
             f"- Foldout: {info['foldout']}; {info['templates']}", f"- Harness: bench/browser at {info['harness']}", "",
             f"Medians of {runs} runs. \"Grouped\" catalogs have one section of N rows in {cols[0]['groups'] or 0} breed groups "
             "(closed, as built); \"flat\" ones one list of N rows. Latencies in the page: from the event's dispatch to the "
             "end of the next frame / of the first frame drawn after the page's last DOM change (\"settled\"); "
             "Event Timing: from the input to the next paint presented (Chromium reports only >= 16 ms).", ""]

    lines += targets(results, variants)

    def row(label, values):
        lines.append(f"| {label} | " + " | ".join(values) + " |")

    lines += ["| items | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(heads)]
    row("rows on the catalog page / groups", [f"{c['rows']:,} / {c['groups']:,}" for c in cols])
    row("foldout build, cold (wall)", [f"{c['build']:.2f} s" for c in cols])
    row("**ready**: DOMContentLoaded end", [ms(med([r["dcl"] for r in c["ready"]])) for c in cols])
    row(f"ready: `{CATALOG_READY}` mark", [ms(med([r["mark"] for r in c["ready"]])) for c in cols])
    row("ready: first contentful paint", [ms(med([r["fcp"] for r in c["ready"]])) for c in cols])
    row("ready: load event end", [ms(med([r["load"] for r in c["ready"]])) for c in cols])
    row("DOM nodes / JS heap after load", [f"{c['metrics'].get('Nodes', 0):,.0f} / {c['metrics'].get('JSHeapUsedSize', 0) / 1048576:.1f} MB"
                                          for c in cols])
    interaction_rows(row, cols, "filter", "**filter**")
    interaction_rows(row, cols, "facets", "**facet**")
    interaction_rows(row, cols, "sort", "**sort**")
    row("**search**: index ready after focus", [ms(med(c["search"]["loads"])) if c["search"] else "n/a" for c in cols])
    interaction_rows(row, cols, "search", "search")
    row("**scrolling**: frame time p95", [ms(med([s["p95"] for s in c["scroll"]["runs"]]), 1) for c in cols])
    row("scrolling: frames > 50 ms (of frames)", [f"{med([s['long'] for s in c['scroll']['runs']]):.0f} "
                                                   f"(of {med([s['frames'] for s in c['scroll']['runs']]):.0f})" for c in cols])
    row("scrolling: longest frame", [ms(med([s["max"] for s in c["scroll"]["runs"]])) for c in cols])
    row("scrolling a plain page as tall: p95 / frames > 50 ms", [
        f"{ms(med([s['p95'] for s in c['scroll_floor']]), 1)} / {med([s['long'] for s in c['scroll_floor']]):.0f}" for c in cols])
    row("scrolling: step per frame / page height", [f"{c['scroll']['step']:,} px / {c['scroll']['height']:,} px" for c in cols])
    row("opening every group: to next frame", [ms(c["scroll"]["open_all"]) if c["groups"] else "-" for c in cols])
    row("Expand all / Collapse all / Expand all again (the section's buttons): to next frame", [
        f"{ms(med(c['expand']['expand']))} / {ms(med(c['expand']['collapse']))} / {ms(med(c['expand']['again']))}"
        if c.get("expand") else "n/a" for c in cols])
    row("**page weight**: catalog HTML raw / gzip", [f"{kb(c['weight']['html']['raw'])} / {kb(c['weight']['html']['gzip'])}" for c in cols])
    row("page weight: CSS + JS loaded raw / gzip", [f"{kb(c['weight']['assets']['raw'])} / {kb(c['weight']['assets']['gzip'])}" for c in cols])
    row("page weight: total per item (raw)", [f"{(c['weight']['html']['raw'] + c['weight']['assets']['raw']) / c['size']:,.0f} B" for c in cols])
    row("search index: shards raw / gzip", [f"{c['weight']['shards']}: {kb(c['weight']['search']['raw'])} / {kb(c['weight']['search']['gzip'])}"
                                            if c["weight"]["search"] else "n/a" for c in cols])
    row("search index: per indexed item (raw)", [f"{c['weight']['search']['raw'] / c['weight']['indexed_items']:.0f} B"
                                                 if c["weight"]["search"] else "n/a" for c in cols])
    lines.append("")
    notes = []
    for c, head in zip(cols, heads):
        if c["filter"]:
            notes.append(f"{head}: rows shown after " + ", ".join(f"{k}: {v:,}" for k, v in c["filter"]["matches"].items()))
        if c["facets"] and not c["facets"]["trusted"]:
            notes.append(f"{head}: a facet checkbox could not be hit by a mouse click; element.click() was used (no Event Timing)")
        if c["search"]:
            notes.append(f"{head}: search options shown for \"{SEARCH_WORD}\": {med(c['search']['options']):.0f}")
    for c, head in zip(cols, heads):
        for kind in ("filter", "facets"):
            if c[kind]:
                made = min(len(v) for v in c[kind]["cases"].values())
                if made < runs:
                    notes.append(f"{head}: {kind}: {made} run(s) only (a run took over {CASE_BUDGET} s)")
        if not all(s["bottom"] for s in c["scroll"]["runs"]):
            notes.append(f"{head}: scrolling stopped after {SCROLL_SECONDS} s, before the bottom of the page")
    lines += [f"- {n}" for n in notes]
    lines += ["- Assets loaded: " + ", ".join(cols[0]["weight"]["asset_names"]), ""]
    lines += ["<details><summary>Every run</summary>", ""]
    for c, head in zip(cols, heads):
        lines.append(f"- {head}: build: {c['build_line']}")
        lines.append(f"- {head}: ready (DCL / mark / FCP, ms): " + ", ".join(
            "/".join(whole(r[key]) for key in ("dcl", "mark", "fcp")) for r in c["ready"]))
        for kind in ("filter", "facets", "sort", "search"):
            if c[kind]:
                for label, runs_ in c[kind]["cases"].items():
                    lines.append(f"- {head}: {kind} {label} (next frame / settled / Event Timing, ms): " + ", ".join(
                        "/".join(whole(r[key]) for key in ("nextFrame", "settled", "event")) for r in runs_))
        lines.append(f"- {head}: scrolling p95 / long frames: " + ", ".join(
            f"{s['p95']:.1f}/{s['long']}" for s in c["scroll"]["runs"]))
    lines += ["", "</details>", "", END]
    return "\n".join(lines)


def interaction_rows(row, cols, kind, title):
    labels = []
    for c in cols:
        if c[kind]:
            for label in c[kind]["cases"]:
                generic = re.sub(r'"[^"]*\d[^"]*"', '"a title"', label)
                if generic not in labels:
                    labels.append(generic)
    if not labels:
        row(f"{title}", ["n/a" for _ in cols])
        return
    for generic in labels:
        values = []
        for c in cols:
            match = next((runs for label, runs in (c[kind]["cases"].items() if c[kind] else [])
                          if re.sub(r'"[^"]*\d[^"]*"', '"a title"', label) == generic), None)
            if match is None:
                values.append("n/a")
            else:
                next_frame, settled, event = latency(match)
                values.append(f"{ms(next_frame)} / {ms(settled)} / {event_ms(event)}")
        row(f"{title}: {generic} (next frame / settled / Event Timing)", values)


def targets(results, variants):
    at = [(v, results[v]) for v in variants if v[0] == TARGETS_SIZE]
    if not at:
        return []
    lines = [f"Targets at {TARGETS_SIZE:,} items (issue 17); a latency counts as the larger of \"settled\" and Event Timing, "
             "ready as the later of first contentful paint and the ready mark (DOMContentLoaded where the page sets no mark):", "",
             "| target | " + " | ".join("flat" if flat else "grouped" for (_, flat), _ in at) + " | met |",
             "|---|" + "---:|" * len(at) + "---|"]

    def line(text, figures, limit, unit=" ms"):
        shown = ["n/a" if f is None else f"{f:.0f}{unit}" for f in figures]
        met = "n/a (not measurable yet)" if any(f is None for f in figures) else \
            ("met" if all(f <= limit for f in figures) else "not met")
        lines.append(f"| {text} | " + " | ".join(shown) + f" | {met} |")

    line("ready from file:// <= 600 ms", [med([ready_of(r) for r in c["ready"]]) for _, c in at], 600)
    line("filter redrawn <= 50 ms (slowest case)",
         [max(worst(runs) for runs in c["filter"]["cases"].values()) if c["filter"] else None for _, c in at], 50)
    line("facet change redrawn <= 50 ms (slowest case)",
         [max(worst(runs) for runs in c["facets"]["cases"].values()) if c["facets"] else None for _, c in at], 50)
    line("scrolling without jank: no frame > 50 ms (median run)",
         [med([s["long"] for s in c["scroll"]["runs"]]) for _, c in at], 0, unit=" long frames")
    line("search index <= 120 B per item (raw)",
         [c["weight"]["search"]["raw"] / c["weight"]["indexed_items"] if c["weight"]["search"] else None for _, c in at], 120, unit=" B")
    lines.append("")
    return lines


if __name__ == "__main__":
    main()
