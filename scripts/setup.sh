#!/usr/bin/env bash
# All set-up for building and testing, idempotent and fast when already done: the
# system packages of scripts/system-packages.txt (apt-get, when missing and run as root
# or with password-less sudo), .venv/ with the pinned Python packages and the engine
# (editable), npm assets (package-lock.json), the engine wheel and the vendored
# front-end files in docs/assets/vendor/.
#   bash scripts/setup.sh --system-packages   only the system packages (.ci/run, pages.yml)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=.venv/bin/python

installed() {  # KIND ARG...: a line's "installed when" of scripts/system-packages.txt
  local kind=$1; shift
  case $kind in
    command) for c in "$@"; do command -v "$c" >/dev/null 2>&1 || return 1; done ;;
    python) python3 -c "import $1" >/dev/null 2>&1 ;;
    file) [[ -e $1 ]] ;;
    font) fc-list ":lang=$1" 2>/dev/null | grep -q . ;;
    *) echo "setup: unknown check '$kind' in scripts/system-packages.txt" >&2; exit 2 ;;
  esac
}

# 0. System packages (scripts/system-packages.txt), those missing.
missing=()
while read -r package kind args; do
  installed "$kind" $args || missing+=("$package")
done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' scripts/system-packages.txt)
if ((${#missing[@]})); then
  sudo=()
  [[ $(id -u) == 0 ]] || { sudo -n true 2>/dev/null && sudo=(sudo -n); }
  if [[ $(id -u) == 0 || ${#sudo[@]} -gt 0 ]]; then
    echo "setup: apt-get install ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >/dev/null
  else
    echo "setup: missing system packages; install them with: sudo apt-get install -y ${missing[*]}" >&2
  fi
fi
[[ ${1:-} == --system-packages ]] && exit 0

stamp_ok() { [[ -f "$1" && "$(cat "$1")" == "$2" ]]; }
hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# 1. npm assets (Pyodide, KaTeX, axe-core), exactly as locked: downloaded while pip
# installs (joined before step 5).
npm_assets() {
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
}
npm_assets &
npm=$!
trap 'kill "$npm" 2>/dev/null || true' EXIT  # (a failed step stops it)

# 2. Python virtual environment with the pinned packages.
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

# 3. The engine, editable, so the build and the tests use engine/src directly.
eng_hash=$(hash_of engine/pyproject.toml)
if ! stamp_ok .venv/.engine.sha256 "$eng_hash" || ! $PY -c "import grundy" 2>/dev/null; then
  echo "setup: pip install -e engine"
  $PY -m pip install --quiet --no-build-isolation --no-deps -e engine
  echo "$eng_hash" > .venv/.engine.sha256
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

# 5. Vendored front-end files served by the site itself.
wait "$npm"
$PY scripts/vendor.py
