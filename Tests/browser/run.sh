#!/usr/bin/env bash
# The browser tests in one command: installs what they need when it is missing, builds the
# example site, serves it with nginx on 127.0.0.1, and runs pytest over it once, every
# browser and link check running both from disk (file://) and over HTTP.
# Extra arguments go to pytest (e.g. -k links, -x). Exit status: pytest's.
# Environment: FOLDOUT=path/to/foldout skips the Swift build; SWIFT_CONFIGURATION=debug;
# BROWSER_WORKERS=N pytest processes (default 2; 0: one, without pytest-xdist's workers).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../.." && pwd)"
cd "$repository"
export PATH="$PATH:/opt/swift/usr/bin"
export PYTHONDONTWRITEBYTECODE=1
artifacts="$repository/artifacts"
site="$artifacts/browser-site"

# --- what the tests need, installed only when missing ------------------------------------
apt_missing=()
want() { command -v "$1" >/dev/null 2>&1 || apt_missing+=("$2"); }
want chromium chromium
want chromedriver chromium-driver
want nginx nginx
want wrk wrk
want java default-jre-headless
want pdftotext poppler-utils
if [ ${#apt_missing[@]} -gt 0 ]; then
    echo "installing: ${apt_missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${apt_missing[@]}" >/dev/null
fi
# Debian starts nginx as a system service on port 80 when it installs it; these tests run
# their own instance and never use that one.

# The Python packages, pinned in requirements.txt, in an environment of their own (.venv/tests)
# that sees none of the machine's packages.
python="$("$repository/scripts/python-env.sh" tests)"

# --- the example site ----------------------------------------------------------------------
if [ -z "${FOLDOUT:-}" ]; then
    configuration="${SWIFT_CONFIGURATION:-release}"
    # The Makefile's flags for a release build (static runtime), so the two share one build.
    flags=(-c "$configuration")
    [ "$configuration" = release ] && flags+=(--static-swift-stdlib)
    swift build "${flags[@]}" --product foldout >&2
    FOLDOUT="$repository/.build/$configuration/foldout"
fi
rm -rf "$site"
mkdir -p "$artifacts"
"$FOLDOUT" build --content Content --output "$site" --quiet

# The same content with a base_url, which feeds need (test_feeds.py): the address nginx
# serves it at below, so every absolute link in a feed can be followed.
port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
feeds_content="$artifacts/browser-feeds-content"
feeds_site="$artifacts/browser-feeds-site"
feeds_url="http://127.0.0.1:$port/feeds/"
rm -rf "$feeds_content" "$feeds_site"
cp -R Content "$feeds_content"
"$python" - "$feeds_content/_index.md" "$feeds_url" <<'PYTHON'
import re, sys
path, url = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
text, count = re.subn(r"^#? ?base_url:.*$", f"base_url: {url}", text, count=1, flags=re.MULTILINE)
if count != 1:
    text = text.replace("\n---\n", f"\nbase_url: {url}\n---\n", 1)
open(path, "w", encoding="utf-8").write(text)
PYTHON
"$FOLDOUT" build --content "$feeds_content" --output "$feeds_site" --quiet

# --- nginx on its own port, with its own prefix, stopped however the run ends ------------
server="$(mktemp -d "${TMPDIR:-/tmp}/foldout-nginx.XXXXXX")"
nginx_pid=""
stop_nginx() {
    if [ -n "$nginx_pid" ]; then
        kill -QUIT "$nginx_pid" 2>/dev/null || true
        wait "$nginx_pid" 2>/dev/null || true
    fi
    rm -rf "$server"
}
trap stop_nginx EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$server/www" "$server/logs"
ln -s "$site" "$server/www/site"
ln -s "$feeds_site" "$server/www/feeds"
ln -s "$here/fixtures/broken" "$server/www/broken"
mime_types=/etc/nginx/mime.types
worker_user=""
[ "$(id -u)" -eq 0 ] && worker_user="user root;"  # workers must read the work tree
cat >"$server/nginx.conf" <<EOF
$worker_user
daemon off;
worker_processes 1;
pid $server/nginx.pid;
error_log $server/logs/error.log warn;
events { worker_connections 64; }
http {
    include $mime_types;
    default_type application/octet-stream;
    access_log $server/logs/access.log;
    client_body_temp_path $server/client_body;
    proxy_temp_path $server/proxy;
    fastcgi_temp_path $server/fastcgi;
    uwsgi_temp_path $server/uwsgi;
    scgi_temp_path $server/scgi;
    server {
        listen 127.0.0.1:$port;
        root $server/www;
        autoindex off;
    }
}
EOF
nginx -p "$server" -c "$server/nginx.conf" -e "$server/logs/error.log" &
nginx_pid=$!
listening() { "$python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2).close()" 2>/dev/null; }
for _ in $(seq 100); do
    listening || ! kill -0 "$nginx_pid" 2>/dev/null && break
    sleep 0.1
done
if ! listening; then
    echo "nginx did not start on 127.0.0.1:$port:" >&2
    cat "$server/logs/error.log" >&2
    exit 1
fi

# --- the tests -----------------------------------------------------------------------------
# Two pytest processes (pytest-xdist), each with its own Chromium: a check mostly waits on a
# page load, so two of them keep two cores busy. The Nu checker's tests stay in one process,
# which starts Java once for every file. BROWSER_WORKERS=0 runs them in this process alone.
workers="${BROWSER_WORKERS:-2}"
status=0
"$python" -m pytest "$here" \
    -n "$workers" --dist loadgroup \
    --site-dir="$site" \
    --site-http-url="http://127.0.0.1:$port/site/" \
    --fixture-http-url="http://127.0.0.1:$port/broken/" \
    --feeds-site-dir="$feeds_site" \
    --feeds-site-http-url="$feeds_url" \
    --artifacts-dir="$artifacts" \
    --foldout="$FOLDOUT" \
    "$@" || status=$?
exit "$status"
