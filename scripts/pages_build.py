"""Build the site exactly as the Pages workflow's build step does, for another address.

Reads .github/workflows/pages.yml, finds the build job's step that runs scripts/build.sh,
and runs its command with its environment, the workflow's expressions given values:
``steps.pages.outputs.base_url`` from BASE_URL (the address the site will be served at),
the repository's from OWNER/REPO. Any other expression stops the build: the harness and
the workflow have drifted apart. The tests, the preview and the smoke test all build the
site through this script, so they run the artifact that GitHub Pages publishes.

    .venv/bin/python scripts/pages_build.py BASE_URL [--repo OWNER/REPO]
    e.g. .venv/bin/python scripts/pages_build.py http://127.0.0.1:8737/chocolate-games/
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")
BUILD = "bash scripts/build.sh"


class DriftError(ValueError):
    """pages.yml's build step is not what this harness knows how to run."""


def build_step(workflow: dict) -> dict:
    """The one step of the build job that runs scripts/build.sh."""
    steps = [step for step in workflow["jobs"]["build"]["steps"] if BUILD in step.get("run", "")]
    if len(steps) != 1:
        raise DriftError(f"pages.yml's build job has {len(steps)} steps running {BUILD!r}, not 1")
    return steps[0]


def expressions(base_url: str, repo: str) -> dict[str, str]:
    """The values of the workflow's expressions for a build served at base_url."""
    return {"steps.pages.outputs.base_url": base_url.rstrip("/"),
            "github.server_url": "https://github.com", "github.repository": repo}


def resolved(text: str, values: dict[str, str]) -> str:
    """text with every ${{ expression }} replaced; DriftError for an unknown one."""
    def value(match: re.Match) -> str:
        if match.group(1) not in values:
            raise DriftError(f"pages.yml uses ${{{{ {match.group(1)} }}}}, unknown to scripts/pages_build.py")
        return values[match.group(1)]
    return EXPRESSION.sub(value, text)


def command(base_url: str, repo: str = "reader/chocolate-games") -> tuple[str, dict[str, str]]:
    """(the build step's shell command, its environment) for a site served at base_url."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or not base_url.endswith("/"):
        raise DriftError(f"not a site address ending in '/': {base_url}")
    step = build_step(yaml.safe_load(WORKFLOW.read_text(encoding="utf-8")))
    values = expressions(base_url, repo)
    env = {name: resolved(str(text), values) for name, text in step.get("env", {}).items()}
    if urlsplit(env.get("MKDOCS_SITE_URL", "")).path != parts.path:
        raise DriftError("pages.yml's build step no longer sets MKDOCS_SITE_URL from the Pages address")
    return resolved(step["run"], values), env


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base_url")
    parser.add_argument("--repo", default="reader/chocolate-games")
    args = parser.parse_args(argv)
    try:
        run, env = command(args.base_url, args.repo)
    except DriftError as error:
        print(f"pages_build.py: {error}", file=sys.stderr)
        return 2
    print(f"pages_build.py: {run.strip()} with {' '.join(f'{k}={v}' for k, v in env.items())}")
    return subprocess.run(["bash", "-c", run], cwd=ROOT, env={**os.environ, **env}).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
