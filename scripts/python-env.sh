#!/usr/bin/env bash
# Makes (or refreshes) the virtual environment for one purpose from its pinned requirements
# file and prints its python. The environment sees no package of the machine's own, so a
# package the requirements forget fails here rather than on the next fresh machine.
# Usage: scripts/python-env.sh tests|bench     (environments live in .venv/PURPOSE)
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"
purpose="${1:?usage: scripts/python-env.sh tests|bench}"
case "$purpose" in
    tests) requirements="$repository/Tests/browser/requirements.txt" ;;
    bench) requirements="$repository/bench/requirements.txt" ;;
    *) echo "python-env: no environment named '$purpose' (tests, bench)" >&2; exit 2 ;;
esac
environment="$repository/.venv/$purpose"
python="$environment/bin/python"
stamp="$environment/.requirements.sha256"
wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"

if [ -x "$python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
    echo "$python"
    exit 0
fi

# Debian's python3 has venv in a package of its own (python3-venv), ensurepip with it.
if ! python3 -c "import venv, ensurepip" 2>/dev/null; then
    "$repository/scripts/require-packages.sh" python3-venv
fi
echo "making the Python environment .venv/$purpose from ${requirements#"$repository"/}" >&2
rm -rf "$environment"
python3 -m venv "$environment"
# Every package, the dependencies' dependencies too, is pinned in the file: --no-deps keeps
# pip from adding anything the file does not name.
"$python" -m pip install -q --disable-pip-version-check --no-deps -r "$requirements" >&2
echo "$wanted" >"$stamp"
echo "$python"
