#!/usr/bin/env bash
# README command 2: set up, build the site, then run every test suite (pytest).
# Fails when the build or any test fails. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
.venv/bin/python -m pytest tests "$@"
