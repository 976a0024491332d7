"""What a person does with a page in Chromium, as functions that return what went wrong.

Each check loads its page itself and returns a list of failures (empty when all is well),
so the same function serves the example site, where the list must be empty, and the broken
fixture pages, where it must not be.
"""

from __future__ import annotations

import struct
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote, urlencode

from selenium.common.exceptions import WebDriverException
from selenium.webdriver import ActionChains, Chrome
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

PHONE = {"name": "phone", "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
DESKTOP = {"name": "desktop", "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}

# Shown: laid out, and not inside a closed <details> (unless it is that details' summary).
IS_SHOWN = """
function isShown(element) {
  if (element.getClientRects().length === 0) return false;
  for (let d = element.parentElement.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) {
    const summary = d.querySelector(':scope > summary');
    if (!d.open && !(summary && summary.contains(element))) return false;
  }
  return true;
}
"""

# A quiet moment after load: two frames and a timer turn, so handlers that run right after
# the load event (and the errors they throw) have happened.
_SETTLE = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)));
"""


def open_page(driver: Chrome, url: str, settle: bool = True) -> None:
    """A fresh load, never a same-document jump, so #fragments and ?q= act as on arrival.

    settle=False when the page's scripts are turned off (see without_javascript): there is
    nothing to wait for, and timers would never fire."""
    driver.get("about:blank")
    driver.get(url)
    if settle:
        driver.execute_async_script(_SETTLE)


@contextmanager
def without_javascript(driver: Chrome):
    """The page's own scripts off, as for a person who turned JavaScript off (WebDriver's
    synchronous execute_script still runs: it is how the tests look at the page)."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def javascript_errors(driver: Chrome) -> list[str]:
    """Errors the page logged since the last call: uncaught exceptions and console.error."""
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry.get("level") == "SEVERE" and entry.get("source") in {"javascript", "console-api"}
    ]


def page_visit_failures(driver: Chrome, url: str, has_summaries: bool) -> list[str]:
    """One visit, the checks every page gets: no JavaScript error on load, each <summary>
    working by mouse and keyboard, every image decoding, and no JavaScript error from all that.
    One load instead of three: these run on every page, twice, and page loads are most of
    the browser tests' time."""
    driver.get_log("browser")  # forget what earlier pages logged
    open_page(driver, url)
    failures = [f"JavaScript error on load: {message}" for message in javascript_errors(driver)]
    if has_summaries:
        failures += summary_toggle_failures(driver, url, load=False)
    failures += image_failures(driver, url, load=False)
    failures += [f"JavaScript error after opening groups: {message}" for message in javascript_errors(driver)]
    return failures


def image_failures(driver: Chrome, url: str, load: bool = True) -> list[str]:
    """Every <img>, including those in closed groups and those loaded lazily, must decode.

    load=False checks the page the driver is on (see page_visit_failures)."""
    if load:
        open_page(driver, url)
    driver.execute_script(
        "document.querySelectorAll('details').forEach(d => d.open = true);"
        "document.querySelectorAll('img[loading=lazy]').forEach(i => i.loading = 'eager');"
    )
    driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const deadline = Date.now() + 10000;
        (function wait() {
          if ([...document.images].every(i => i.complete) || Date.now() > deadline) done();
          else setTimeout(wait, 50);
        })();
        """
    )
    broken = driver.execute_script(
        "return [...document.images].filter(i => !(i.complete && i.naturalWidth > 0))"
        ".map(i => i.getAttribute('src'));"
    )
    return [f"image did not load: {src}" for src in broken]


def summary_toggle_failures(driver: Chrome, url: str, javascript: bool = True, load: bool = True) -> list[str]:
    """Each <summary> opens and closes its <details> by mouse, by Enter and by Space.

    javascript=False when the page's scripts are off (inside without_javascript); load=False
    checks the page the driver is on."""
    if load:
        open_page(driver, url, settle=javascript)
    failures = []
    count = len(driver.find_elements(By.CSS_SELECTOR, "details > summary"))
    for index in range(count):
        summary = driver.find_elements(By.CSS_SELECTOR, "details > summary")[index]
        # Groups nest: a person opens the outer ones first to reach an inner one.
        driver.execute_script(
            "for (let d = arguments[0].parentElement.parentElement; d; d = d.parentElement)"
            "  if (d.tagName === 'DETAILS') d.open = true;"
            "arguments[0].scrollIntoView({block: 'center'});",
            summary,
        )
        # One that is not laid out at this width (display: none, such as the header's "All
        # catalogs" when the header already names every one) is not there for a person.
        if not driver.execute_script("return arguments[0].getClientRects().length > 0;", summary):
            continue
        label = " ".join(summary.text.split()) or f"#{index + 1}"
        is_open = lambda: driver.execute_script("return arguments[0].parentElement.open;", summary)
        before = is_open()

        def expect(after: bool, how: str) -> bool:
            if is_open() != after:
                failures.append(f"<summary> \"{label}\": {how} did not {'open' if after else 'close'} its <details>")
                return False
            return True

        try:
            summary.click()
            if expect(not before, "a click"):
                summary.click()
                expect(before, "a second click")
        except WebDriverException as error:
            failures.append(f"<summary> \"{label}\" cannot be clicked: {error.msg}")
            continue
        driver.execute_script("arguments[0].focus();", summary)
        if not driver.execute_script("return document.activeElement === arguments[0];", summary):
            failures.append(f"<summary> \"{label}\" cannot take keyboard focus")
            continue
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        if expect(not before, "Enter"):
            ActionChains(driver).send_keys(Keys.SPACE).perform()
            expect(before, "Space")
    return failures


# For each row: its id, the text and attribute values a filter could match it by, the text
# of the groups and sections around it, whether it is shown, and whether it can be a result
# (docs/content.md, "Results count each item once": not a row of a query section, which
# repeats one, nor of an item the page's data says is not listed).
_ROWS = IS_SHOWN + """
let data = {};
try { data = JSON.parse(document.getElementById('catalog-data').textContent); } catch (error) {}
const rowItem = [];
(data.rows || []).forEach(run => { for (let k = 0; k < run[1]; k++) rowItem.push(run[0] + k); });
const unlisted = new Set(data.unlisted || []);
return [...document.querySelectorAll('li.row')].map((row, index, all) => {
  const values = [row.textContent, ...[row, ...row.querySelectorAll('*')].flatMap(
    e => [...e.attributes].filter(a => a.name !== 'href' && a.name !== 'src').map(a => a.value))];
  const titles = [];
  for (let e = row.parentElement; e; e = e.parentElement) {
    const summary = e.tagName === 'DETAILS' && e.querySelector(':scope > summary');
    if (summary) titles.push(summary.textContent);
    const header = e.tagName === 'SECTION' && e.querySelector('h2, h3');
    if (header) titles.push(header.textContent);
  }
  const item = rowItem.length === all.length ? rowItem[index] : -1;
  return {id: row.id, text: values.join(' ').toLowerCase(), titles: titles.join(' ').toLowerCase(),
          shown: isShown(row), result: !row.closest('.section.is-query') && !unlisted.has(item)};
});
"""

# A line saying nothing matches that a sighted person sees: text alone is not enough, since
# a status for screen readers says the same in a 1px clipped box (class visually-hidden).
_NO_MATCHES_LINE_SHOWN = IS_SHOWN + """
const says = element => /\\b(no|nothing)\\b.*\\bmatch/i.test(element.textContent);
return [...document.body.querySelectorAll('*')].some(element => {
  if (!says(element) || [...element.children].some(says) || !isShown(element)) return false;
  const box = element.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
});
"""

_DETAILS_STATE = "return [...document.querySelectorAll('details')].map(d => d.open);"


def _row_states(driver: Chrome) -> list[dict]:
    return driver.execute_script(_ROWS)


def _filter_target(rows: list[dict], driver: Chrome) -> tuple[str, str]:
    """A row to search for, preferably one hidden in a closed group, and its title."""
    rows = [row for row in rows if row["result"]] or rows
    hidden = [row for row in rows if not row["shown"]] or rows
    target = hidden[len(hidden) // 2]
    title = driver.execute_script(
        "const row = document.getElementById(arguments[0]);"
        "const title = row.querySelector('.row-title') || row;"
        "return title.textContent.trim().split('\\n')[0].trim();",
        target["id"],
    )
    return target["id"], title


def wait_for(condition, seconds: float = 3.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)


def _filtered_view_failures(driver: Chrome, query: str, target_id: str, how: str) -> list[str]:
    q = query.lower()
    rows = _row_states(driver)
    failures = []
    for row in rows:
        matches = q in row["text"] or q in row["titles"]
        if row["id"] == target_id and not row["shown"]:
            failures.append(f"{how} \"{query}\": the matching row {row['id']} is not shown")
        elif row["shown"] and not matches:
            failures.append(f"{how} \"{query}\": row {row['id']} does not match and is still shown")
    if not any(not row["shown"] for row in rows):
        failures.append(f"{how} \"{query}\": no row was hidden")
    return failures


def type_query(driver: Chrome, box, text: str) -> None:
    box.click()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    if text:
        box.send_keys(text)
    else:
        box.send_keys(Keys.BACKSPACE)


# The catalog's filter box: in the panel of a catalog page; on a page without one (the broken
# fixture's), the first search box of the content. Never a site-wide search in the header.
FILTER_BOX = "#catalog-panel input[type=search], .catalog input[type=search]"
_FILTER_BOX_ELSEWHERE = "main input[type=search]:not(#site-search)"


def find_filter_boxes(driver: Chrome) -> list:
    return (driver.find_elements(By.CSS_SELECTOR, FILTER_BOX)
            or driver.find_elements(By.CSS_SELECTOR, _FILTER_BOX_ELSEWHERE))


def filter_failures(driver: Chrome, url: str) -> list[str]:
    """The filter box of a catalog page, used as a person would: rows that do not match hide,
    groups holding matches open, "No matches." when nothing is left, clearing restores which
    groups were open, and the query lives in ?q=."""
    driver.get_log("browser")
    open_page(driver, url)
    boxes = find_filter_boxes(driver)
    if not boxes:
        return ["no filter box (input[type=search] in #catalog-panel, .catalog or main) on the page"]
    box = boxes[0]
    if not box.is_displayed():
        return ["the filter box is not shown (with JavaScript on)"]
    rows = _row_states(driver)
    if len(rows) < 2:
        return [f"a filter needs rows to filter: found {len(rows)} li.row"]
    target_id, query = _filter_target(rows, driver)
    before_details = driver.execute_script(_DETAILS_STATE)
    before_rows = [(row["id"], row["shown"]) for row in rows]
    failures = []

    type_query(driver, box, query)
    target_shown = lambda: next(r["shown"] for r in _row_states(driver) if r["id"] == target_id)
    wait_for(target_shown)
    failures += _filtered_view_failures(driver, query, target_id, "typing")
    # The address is written in the pause after the last key, as a person sees it.
    holds_query = lambda: f"q={quote(query)}" in driver.current_url or f"{urlencode({'q': query})}" in driver.current_url
    wait_for(holds_query)
    if not holds_query():
        failures.append(f"typing \"{query}\": the address does not hold ?q= ({driver.current_url})")

    nonsense = "zqxj no such row"
    type_query(driver, box, nonsense)
    wait_for(lambda: not any(r["shown"] for r in _row_states(driver)))
    if any(row["shown"] for row in _row_states(driver)):
        failures.append(f"typing \"{nonsense}\": rows are still shown")
    if not driver.execute_script(_NO_MATCHES_LINE_SHOWN):
        failures.append(f"typing \"{nonsense}\": no visible \"no matches\" line")

    type_query(driver, box, "")
    wait_for(lambda: driver.execute_script(_DETAILS_STATE) == before_details)
    if driver.execute_script(_DETAILS_STATE) != before_details:
        failures.append("clearing the box did not restore which groups were open")
    if [(row["id"], row["shown"]) for row in _row_states(driver)] != before_rows:
        failures.append("clearing the box did not show the rows as before")
    if driver.execute_script(_NO_MATCHES_LINE_SHOWN):
        failures.append("clearing the box left the \"no matches\" line")

    linked = url.split("#")[0] + "?" + urlencode({"q": query})
    open_page(driver, linked)
    wait_for(target_shown)
    boxes = find_filter_boxes(driver)
    value = boxes[0].get_attribute("value") if boxes else None
    if value != query:
        failures.append(f"opening {linked}: the box holds {value!r}, not {query!r}")
    failures += _filtered_view_failures(driver, query, target_id, "opening ?q=")
    failures += [f"JavaScript error while filtering: {message}" for message in javascript_errors(driver)]
    return failures


def anchor_failures(driver: Chrome, url: str) -> list[str]:
    """Arriving at page#row-id opens the groups around that row and scrolls it into view.

    Tried with a row inside a closed group and with the last row of the page."""
    open_page(driver, url)
    candidates = driver.execute_script(
        "const rows = [...document.querySelectorAll('li.row[id]')];"
        "const inClosed = rows.filter(r => r.parentElement.closest('details:not([open])'));"
        "return [...new Set([inClosed[0], rows[rows.length - 1]].filter(Boolean).map(r => r.id))];"
    )
    if not candidates:
        return ["no row with an id (li.row[id]) to arrive at"]
    failures = []
    for row_id in candidates:
        open_page(driver, url.split("#")[0] + "#" + quote(row_id, safe="/"))
        state = driver.execute_script(
            IS_SHOWN
            + """
            const row = document.getElementById(arguments[0]);
            const closed = [];
            for (let d = row.parentElement.closest('details'); d; d = d.parentElement.closest('details'))
              if (!d.open) closed.push(d.id || d.querySelector('summary').textContent.trim());
            const box = row.getBoundingClientRect();
            return {closed, shown: isShown(row),
                    inView: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth};
            """,
            row_id,
        )
        if state["closed"]:
            failures.append(f"#{row_id}: the groups around the row stay closed: {', '.join(state['closed'])}")
        elif not state["shown"]:
            failures.append(f"#{row_id}: the row is not shown")
        elif not state["inView"]:
            failures.append(f"#{row_id}: the row is not scrolled into view")
    return failures


def axe_violations(driver: Chrome, url: str, axe_source: str, impacts=("serious", "critical")) -> list[str]:
    """axe-core in the page, with every group open so that hidden rows are checked too."""
    open_page(driver, url)
    driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true);")
    driver.execute_script(axe_source)
    result = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ['violations']})
          .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.slice(0, 5).map(n => n.target.join(' '))}))))
          .catch(e => done({error: String(e)}));
        """
    )
    if isinstance(result, dict):
        return [f"axe-core did not run: {result['error']}"]
    return [
        f"{v['impact']}: {v['id']} ({v['help']}) at {'; '.join(v['targets'])}"
        for v in result
        if v["impact"] in impacts
    ]


def take_screenshot(driver: Chrome, url: str, device: dict, destination: Path) -> list[str]:
    """Saves what the device shows on arrival; fails if the page scrolls sideways there."""
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(driver, url)
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"
        )
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(driver.get_screenshot_as_png())
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    failures = []
    width, height = png_size(destination.read_bytes())
    expected = (device["width"] * device["deviceScaleFactor"], device["height"] * device["deviceScaleFactor"])
    if (width, height) != expected:
        failures.append(f"{device['name']} screenshot is {width}x{height}, expected {expected[0]}x{expected[1]}")
    if overflow > 0:
        failures.append(f"on a {device['name']} ({device['width']}px) the page scrolls sideways by {overflow}px")
    return failures


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return (0, 0)
    return struct.unpack(">II", data[16:24])
