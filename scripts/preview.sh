#!/usr/bin/env bash
# Preview the site as readers get it: built by pages.yml's own build step
# (scripts/pages_build.py) for a local address, then served there as GitHub Pages serves it
# (the sub-path, gzip, 404.html), with instant navigation, the service worker and offline.
#   bash scripts/preview.sh [PORT]     (default 8000: http://127.0.0.1:8000/chocolate-games/)
# SITE_DIR=DIR builds and serves DIR instead of site/. Ctrl-C stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
url="http://127.0.0.1:${1:-8000}/chocolate-games/"
bash scripts/setup.sh
.venv/bin/python scripts/pages_build.py "$url"
exec .venv/bin/python bench/serve.py "${SITE_DIR:-site}" --url "$url"
