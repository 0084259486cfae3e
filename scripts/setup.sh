#!/usr/bin/env bash
# All set-up for building and testing, idempotent and fast when already done:
# .venv/ with the pinned Python packages and the engine (editable), npm assets
# (package-lock.json), the engine wheel, Chromium (apt, when missing) and the
# vendored front-end files in docs/assets/vendor/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=.venv/bin/python

stamp_ok() { [[ -f "$1" && "$(cat "$1")" == "$2" ]]; }
hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# 1. Python virtual environment with the pinned packages.
if [[ ! -x $PY ]]; then
  echo "setup: creating .venv"
  "${PYTHON:-python3}" -m venv .venv
fi
req_hash=$(hash_of requirements.txt)
if ! stamp_ok .venv/.requirements.sha256 "$req_hash"; then
  echo "setup: pip install -r requirements.txt"
  $PY -m pip install --quiet -r requirements.txt
  echo "$req_hash" > .venv/.requirements.sha256
fi

# 2. The engine, editable, so the build and the tests use engine/src directly.
eng_hash=$(hash_of engine/pyproject.toml)
if ! stamp_ok .venv/.engine.sha256 "$eng_hash" || ! $PY -c "import grundy" 2>/dev/null; then
  echo "setup: pip install -e engine"
  $PY -m pip install --quiet --no-build-isolation --no-deps -e engine
  echo "$eng_hash" > .venv/.engine.sha256
fi

# 3. npm assets (Pyodide, KaTeX, axe-core), exactly as locked.
lock_hash=$(hash_of package.json package-lock.json)
if ! stamp_ok node_modules/.lock.sha256 "$lock_hash"; then
  if [[ -d node_modules ]] && npm ls --all >/dev/null 2>&1; then
    echo "setup: node_modules already matches package-lock.json"
  else
    echo "setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
  echo "$lock_hash" > node_modules/.lock.sha256
fi

# 4. The engine wheel for Pyodide, rebuilt when any engine source is newer.
wheel=$(ls -t engine/dist/grundy-*-py3-none-any.whl 2>/dev/null | head -n1 || true)
if [[ -z $wheel ]] || [[ -n $(find engine/pyproject.toml engine/src -newer "$wheel" -type f -print -quit) ]]; then
  echo "setup: building the engine wheel"
  rm -f engine/dist/grundy-*.whl
  log=$(mktemp)
  $PY -m build --wheel --no-isolation --outdir engine/dist engine >"$log" 2>&1 || { cat "$log"; exit 1; }
  rm -f "$log"
fi

# 5. Chromium for the browser tests and screenshots (SETUP_SKIP_CHROMIUM=1: build only).
if [[ -z ${SETUP_SKIP_CHROMIUM:-} ]] && ! command -v chromium >/dev/null 2>&1; then
  if [[ $(id -u) == 0 ]]; then
    echo "setup: apt-get install chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "setup: chromium is missing; install it with: sudo apt-get install -y chromium" >&2
  fi
fi

# 6. Vendored front-end files served by the site itself.
$PY scripts/vendor.py
