#!/usr/bin/env bash
# README command 2: set up, build the site as GitHub Pages builds it (scripts/pages_build.py
# runs pages.yml's build step for the address the tests serve it at, GRUNDY_PAGES_URL),
# then run every test (pytest; the engine's in one process beside the build, the rest
# after it), the 25 slowest listed at the end; the full run writes the
# seconds of each test file to tests/durations.json, the order of the next runs (longest
# first): commit it when it changed much.
#   bash scripts/test.sh --quick   the engine, the generators and the site's HTML checks,
#                                  without browsers (the edit-test loop); builds the site
#                                  only when a source is newer than the last build
# Tests run in GRUNDY_TEST_WORKERS processes (pytest-xdist; default 2, 0 for one process).
# Prints the time of each phase and how busy the cores were. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
export GRUNDY_PAGES_URL=${GRUNDY_PAGES_URL:-http://127.0.0.1:8737/chocolate-games/}
tier=full
workers=(-n "${GRUNDY_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder)  # files in tests/conftest.py's order
if [[ ${1:-} == --quick ]]; then tier=quick; shift; fi

# A phase: `mark` at its start, `phase NAME` at its end prints its time and how busy the
# machine's cores were (/proc/stat's first line): near 100 % the phase is bound by the CPU,
# and more test processes would not shorten it.
cpu() { local -a f; read -r -a f < /proc/stat; echo "$(( f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7] + f[8] )) $(( f[4] + f[5] ))"; }
mark() { t=$SECONDS; read -r cpu0 idle0 < <(cpu); }
phase() {
  local cpu1 idle1; read -r cpu1 idle1 < <(cpu)
  echo "test.sh: $1 took $(( SECONDS - t )) s, the cores busy $(( 100 - 100 * (idle1 - idle0) / (cpu1 - cpu0 + 1) )) % of it"
}
built_from_sources() {  # site/ built for this address, and no source newer than it
  [[ -f site/sw.js ]] && grep -q "<loc>$GRUNDY_PAGES_URL</loc>" site/sitemap.xml 2>/dev/null &&
    [[ -z $(find docs scripts engine/src mkdocs.yml requirements.txt package-lock.json \
            -newer site/sw.js -type f -not -path 'docs/assets/vendor/*' -print -quit) ]]
}

mark; bash scripts/setup.sh; phase "set-up"
mark
rc=0
if [[ $tier == full ]]; then
  # The engine's tests need no site: they run in one process beside the build, on the core
  # its single-threaded parts leave idle; their report is printed once the build is done.
  engine_log=$(mktemp)
  .venv/bin/python -m pytest tests/engine -p no:cacheprovider --durations=10 --record-durations "$@" >"$engine_log" 2>&1 &
  engine=$!
  trap "kill $engine 2>/dev/null || true" EXIT
fi
if [[ $tier == quick ]] && built_from_sources; then
  echo "test.sh: site/ is up to date for $GRUNDY_PAGES_URL"
else
  .venv/bin/python scripts/pages_build.py "$GRUNDY_PAGES_URL"
fi
phase "build (pages.yml's build step)"
mark
if [[ $tier == quick ]]; then
  .venv/bin/python -m pytest tests/engine tests/site -m "not browser and not slow" -p no:cacheprovider "${workers[@]}" "$@" || rc=$?
else
  wait "$engine" || { status=$?; (( status == 5 )) || rc=$status; }  # (5: -k selected none of them)
  cat "$engine_log"
  phase "engine tests (the part of their run left after the build)"
  mark
  # One server for the whole run, which every pytest process uses (tests/conftest.py pages_url).
  .venv/bin/python bench/serve.py site --url "$GRUNDY_PAGES_URL" >/dev/null &
  trap "kill $! 2>/dev/null || true" EXIT
  .venv/bin/python -c "import sys, time, urllib.request
for _ in range(120):
    try: urllib.request.urlopen(sys.argv[1] + 'sw.js', timeout=2); break
    except OSError: time.sleep(0.5)" "$GRUNDY_PAGES_URL"
  .venv/bin/python -m pytest tests --ignore=tests/engine -p no:cacheprovider --durations=25 --record-durations "${workers[@]}" "$@" || rc=$?
fi
phase "tests ($tier)"
exit $rc
