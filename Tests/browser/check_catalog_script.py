#!/usr/bin/env python3
"""Drives Templates/assets/catalog.js in headless Chromium on the example site.

Usage: build the example (`foldout build --templates Templates`), then
    python3 Tests/browser/check_catalog_script.py [BASE_URL]
BASE_URL defaults to file://<repo>/Output; pass http://127.0.0.1:8000 to check a server.
Needs selenium, chromium and chromedriver (Debian: chromium, chromium-driver).
Prints one line per check and 'N passed, N failed'.
"""
import os, sys, time
os.environ["SE_AVOID_STATS"] = "true"
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
base = sys.argv[1] if len(sys.argv) > 1 else "file://" + root + "/Output"
options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844"]:
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))
passed = failed = 0

def check(name, condition):
    global passed, failed
    print(("ok   " if condition else "FAIL ") + name)
    if condition: passed += 1
    else: failed += 1

def visible_rows():
    return driver.execute_script("return [...document.querySelectorAll('.row')].filter(r => r.offsetParent !== null).map(r => r.id)")

def open_groups():
    return driver.execute_script("return [...document.querySelectorAll('details')].filter(d => d.open).map(d => d.id)")

def names():
    return driver.execute_script("return [...document.querySelectorAll('details[name]')].map(d => d.id + '=' + d.getAttribute('name'))")

try:
    driver.get(base + "/pets/index.html")
    time.sleep(0.3)
    boxes = driver.find_elements(By.CSS_SELECTOR, ".filter input[type=search]")
    check("the script adds one filter box", len(boxes) == 1)
    box = boxes[0]
    before_open, before_names = open_groups(), names()
    check("exclusive groups carry a name", any(n.endswith("=small-animals") for n in before_names))
    box.send_keys("terrier")
    time.sleep(0.2)
    rows = visible_rows()
    # The terriers, and Pepper again in "Adopted pets" (a Border Terrier).
    check("typing keeps matching rows only", sorted(rows) == sorted(
        ["dogs/terriers/diego", "dogs/terriers/pepper", "dogs/terriers/biscuit", "adopted-pets/dogs/terriers/pepper"]))
    check("groups with matches open", "dogs/terriers" in open_groups() and "dogs/retrievers" not in open_groups())
    check("the query goes into ?q=", "q=terrier" in driver.current_url)
    box.clear(); box.send_keys("retrievers")
    time.sleep(0.2)
    # No retriever's own text says "retrievers"; the group's title does.
    check("a group whose title matches keeps all its rows", sorted(visible_rows()) == sorted(
        ["dogs/retrievers/milo", "dogs/retrievers/hazel", "dogs/retrievers/juniper"]))
    box.clear(); box.send_keys("seniors")
    time.sleep(0.2)
    check("tags match", len(visible_rows()) > 0 and "dogs/terriers/diego" not in visible_rows())
    box.clear(); box.send_keys("zzzz")
    time.sleep(0.2)
    empty = driver.find_element(By.CSS_SELECTOR, ".filter-empty")
    check("no matches shows a line", empty.is_displayed() and "No matches" in empty.text and not visible_rows())
    box.send_keys(Keys.ESCAPE)
    time.sleep(0.2)
    check("clearing restores the open groups", open_groups() == before_open)
    check("clearing restores accordion names", names() == before_names)
    check("clearing removes ?q=", "q=" not in driver.current_url)
    check("clearing shows every row", len(visible_rows()) == driver.execute_script("return document.querySelectorAll('.row').length"))

    driver.get(base + "/pets/index.html?q=adopted")
    time.sleep(0.3)
    check("?q= filters on arrival", driver.find_element(By.CSS_SELECTOR, ".filter input").get_attribute("value") == "adopted"
          and "adopted-pets/dogs/terriers/pepper" in visible_rows() and "dogs/terriers/diego" not in visible_rows())

    driver.get(base + "/pets/index.html#dogs/retrievers/milo")
    time.sleep(0.3)
    check("arriving at a row's fragment opens its group", "dogs/retrievers" in open_groups())
    top = driver.execute_script("return document.getElementById('dogs/retrievers/milo').getBoundingClientRect().top")
    check("and shows the row", 0 <= top < 844)
finally:
    driver.quit()
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
