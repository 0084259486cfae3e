#!/usr/bin/env bash
# README command 1: set everything up, then build the whole site into site/ (strict),
# precompile its engine wheel for Pyodide and fill in its service worker.
# SITE_DIR=DIR builds into DIR instead; MKDOCS_SITE_URL (and MKDOCS_REPO_URL,
# MKDOCS_REPO_NAME) give the site's address, as .github/workflows/pages.yml does.
set -euo pipefail
cd "$(dirname "$0")/.."
site=${SITE_DIR:-site}
bash scripts/setup.sh
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --site-dir "$site" "$@"
.venv/bin/python scripts/bundle_css.py "$site"  # one stylesheet per page, not eight
node scripts/build_pyc.mjs "$site"         # the engine wheel precompiled for Pyodide
.venv/bin/python scripts/build_sw.py "$site"  # the offline copy: fills in its sw.js
