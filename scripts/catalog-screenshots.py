"""The README's pictures of the example catalogs: each catalog on a phone (390x844) and a
desktop (1280x800), light and dark, from file://, and the pets catalog printed, into
docs/screenshots/. Run it with the browser tests' Python on a built site:

    .build/release/foldout build --output /tmp/site
    "$(scripts/python-env.sh tests)" scripts/catalog-screenshots.py /tmp/site

Chromium and chromedriver come from Debian, as for the browser tests (Tests/browser/run.sh
installs them). pdftoppm (poppler-utils) turns the printed page into a picture.
"""

from __future__ import annotations

import base64
import subprocess
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

DEVICES = {"phone": (390, 844, 2), "desktop": (1280, 800, 1)}
CATALOGS = ["pets", "courses"]


def main() -> None:
    site = Path(sys.argv[1]).resolve()
    destination = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
    destination.mkdir(parents=True, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        for catalog in CATALOGS:
            url = (site / catalog / "index.html").as_uri()
            for device, (width, height, scale) in DEVICES.items():
                for scheme in ["light", "dark"]:
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                        "width": width, "height": height, "deviceScaleFactor": scale, "mobile": device == "phone"})
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                        "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    driver.get("about:blank")
                    driver.get(url)
                    driver.execute_async_script(
                        "const done = arguments[0]; document.fonts.ready.then(() => "
                        "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300))));")
                    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
                    (destination / f"catalog-{catalog}-{device}-{scheme}.png").write_bytes(base64.b64decode(shot["data"]))
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.get((site / "pets" / "index.html").as_uri())
        pdf = driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})
        with tempfile.TemporaryDirectory() as work:
            printed = Path(work) / "printed.pdf"
            printed.write_bytes(base64.b64decode(pdf["data"]))
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(printed),
                            str(destination / "catalog-pets-printed")], check=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
