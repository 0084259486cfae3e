#!/usr/bin/env bash
# Mutation testing of the engine's core, on demand (not in CI): mutmut
# (requirements-mutation.txt, installed into .venv) mutates the functions that matter in
# MODULES (their names matching PATTERNS: the move generators, the mex and the reference
# search, the positions' rules, the formulas) in a copy of the engine under
# .cache/mutation/, runs on each mutant the fast engine tests of TESTS that reach it, and
# prints per module the mutants killed and the survivors. About 20-40 min on two cores.
#   bash scripts/mutation.sh                  # the core modules, the key functions
#   bash scripts/mutation.sh 'grundy.games.corner.*'   # other mutant names (fnmatch)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MODULES="games/nim.py games/chocolate.py games/step.py games/corner.py games/chomp.py reference.py table.py"
TESTS="conftest.py rules.py data test_rules.py test_tables.py test_examples.py test_seed_tables.py test_chomp.py"
PATTERNS=("*ǁtargets__*" "*ǁ_check__*" "*formula_moves__*" "*mex_of_bits__*" "*misere_of_bits__*" "*_solve__*"
          "*reference_*" "*generic_kernel__*" "*ǁoffset__*" "*p_positions__*")
[ $# -gt 0 ] && PATTERNS=("$@")

.venv/bin/pip install -q -r requirements-mutation.txt
WORK=.cache/mutation
rm -rf "$WORK"
mkdir -p "$WORK/src" "$WORK/tests" "$WORK/mutants/src"  # (mutants/src on the path from the start)
cp -r engine/src/grundy "$WORK/src/"
for t in $TESTS; do cp -r "tests/engine/$t" "$WORK/tests/"; done
{
  echo "[mutmut]"
  echo "source_paths ="
  for m in $MODULES; do echo "    src/grundy/$m"; done
  echo "also_copy = src/"
  echo "pytest_add_cli_args_test_selection = tests/"
  echo "pytest_add_cli_args = -p no:cacheprovider"
} > "$WORK/setup.cfg"
cd "$WORK"
# the mutated copy, not the editable install of engine/src, is the `grundy` the tests import
PYTHONPATH="$PWD/mutants/src" "$ROOT/.venv/bin/mutmut" run --max-children 2 "${PATTERNS[@]/#/grundy.*}" | tr '\r' '\n' | tail -2
"$ROOT/.venv/bin/python" - "$MODULES" "${PATTERNS[@]/#/grundy.*}" <<'PY'
"""Per module: mutants run, killed, survived (their names), not reached by the tests."""
import json, sys
from fnmatch import fnmatch
from pathlib import Path
for module in sys.argv[1].split():
    codes = json.loads(Path(f"mutants/src/grundy/{module}.meta").read_text())["exit_code_by_key"]
    ran = {k: c for k, c in codes.items() if c is not None and any(fnmatch(k, p) for p in sys.argv[2:])}
    survived = sorted(k for k, c in ran.items() if c == 0)
    untested = sum(c == 33 for c in ran.values())
    killed = len(ran) - len(survived) - untested
    print(f"{module}: {len(ran)} mutants, {killed} killed, {len(survived)} survived, {untested} not reached")
    for name in survived:
        print(f"    survived: {name}")
PY
