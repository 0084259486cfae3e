"""Deployment: the workflows pass zizmor, deploy only tested commits and smoke-test the
artifact before uploading it; the tests build the site with pages.yml's own build step
(scripts/pages_build.py), which takes the site's address from the environment
(MKDOCS_SITE_URL, MKDOCS_REPO_URL, MKDOCS_REPO_NAME): right canonical links, sitemap and
repository link, under a sub-path (the tested build) and at a domain's root."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from sitehtml import html_pages, parse_page

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
ZIZMOR = Path(sys.executable).parent / "zizmor"
sys.path.insert(0, str(ROOT / "scripts"))
import pages_build  # noqa: E402

from bench.serve import PAGES_URL  # noqa: E402

REPO = "reader/chocolate-games"   # scripts/pages_build.py's default repository
REPO_URL = f"https://github.com/{REPO}"
ROOT_URL = "https://reader.github.io/"  # a user site, or a custom domain: the root
REPO_HOSTS = ("github.com", "gitlab.com", "bitbucket.org")
LOC = re.compile(r"<loc>([^<]*)</loc>")
ALTERNATE = re.compile(r'<xhtml:link rel="alternate" hreflang="[^"]*" href="([^"]*)"')


def _workflow(name: str) -> dict:
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def _steps(job: dict) -> list[dict]:
    return job.get("steps", [])


def _uses(name: str, job: dict) -> dict:
    """The one step of ``job`` that uses the action ``name`` (owner/repo)."""
    [step] = [s for s in _steps(job) if s.get("uses", "").startswith(name + "@")]
    return step


# --- the workflows -------------------------------------------------------------------

def test_zizmor_finds_nothing_at_medium_or_above():
    proc = subprocess.run(
        [str(ZIZMOR), "--offline", "--no-config", "--no-ignores", "--no-exit-codes",
         "--min-severity", "medium", "--format", "json", str(WORKFLOWS)],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    findings = [_finding(f) for f in json.loads(proc.stdout)]
    assert not findings, "\n".join(findings)


def _finding(finding: dict) -> str:
    """One line for a zizmor JSON finding: file:line, audit, severity, what and where."""
    where = finding["locations"][0]
    path = Path(where["symbolic"]["key"]["Local"]["verbatim_path"]).name
    row = where["concrete"]["location"]["start_point"]["row"] + 1
    severity = finding["determinations"]["severity"]
    return f"{path}:{row}: {finding['ident']} ({severity}) {finding['desc']}: {' '.join(where['concrete']['feature'].split())}"


def test_every_action_is_pinned_to_a_commit_with_its_version_in_a_comment():
    pinned = re.compile(r"uses: [\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")
    lines = [
        f"{path.name}: {line.strip()}"
        for path in WORKFLOWS.glob("*.yml")
        for line in path.read_text(encoding="utf-8").splitlines()
        if "uses:" in line and "uses: ./" not in line and not pinned.search(line)
    ]
    assert not lines, "\n".join(lines)


def test_pages_deploys_only_what_the_readme_test_command_passed():
    ci, pages = _workflow("ci.yml"), _workflow("pages.yml")
    jobs = pages["jobs"]
    assert jobs["test"]["uses"] == "./.github/workflows/ci.yml"
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    assert "bash .ci/run" in [s.get("run") for s in _steps(ci["jobs"]["test"])]
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("bash scripts/test.sh")
    build = jobs["build"]
    assert build["container"] == ci["jobs"]["test"]["container"], "build and test in one image"
    runs = [s.get("run") for s in _steps(build)]
    assert "bash scripts/build.sh" in runs
    assert _uses("actions/upload-pages-artifact", build)["with"] == {"path": "site/"}
    smoke = runs.index(".venv/bin/python scripts/smoke.py site")
    upload = _steps(build).index(_uses("actions/upload-pages-artifact", build))
    assert runs.index("bash scripts/build.sh") < smoke < upload, "smoke test between build and upload"


def test_permissions_are_per_job_and_only_deploy_writes():
    for name in ("ci.yml", "pages.yml"):
        workflow = _workflow(name)
        assert workflow["permissions"] == {}, f"{name}: no workflow-wide permissions"
        for job_name, job in workflow["jobs"].items():
            grants = job["permissions"]
            writes = {scope for scope, level in grants.items() if level == "write"}
            expected = {"pages", "id-token"} if (name, job_name) == ("pages.yml", "deploy") else set()
            assert writes == expected, f"{name} {job_name}: {grants}"
            for step in _steps(job):
                if step.get("uses", "").startswith("actions/checkout@"):
                    assert step["with"]["persist-credentials"] is False, f"{name} {job_name}"


def test_harness_runs_the_workflows_build_step():
    """scripts/pages_build.py (the tests', the preview's and CI's build) runs pages.yml's
    build step: its command, and exactly the variables mkdocs reads."""
    run, env = pages_build.command(PAGES_URL, REPO)
    step = pages_build.build_step(_workflow("pages.yml"))
    assert run == step["run"] == "bash scripts/build.sh"
    read = set(re.findall(r"!ENV \[(\w+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8")))
    assert set(env) == read == set(step["env"])
    assert env == {"MKDOCS_SITE_URL": PAGES_URL, "MKDOCS_REPO_URL": REPO_URL, "MKDOCS_REPO_NAME": REPO}
    for script in ("scripts/test.sh", "scripts/preview.sh"):
        assert "scripts/pages_build.py" in (ROOT / script).read_text(encoding="utf-8"), script


def test_harness_stops_when_the_workflow_drifts():
    step = {"run": "bash scripts/build.sh", "env": {"MKDOCS_SITE_URL": "${{ steps.site.outputs.url }}/"}}
    with pytest.raises(pages_build.DriftError, match="steps.site.outputs.url"):
        pages_build.resolved(step["env"]["MKDOCS_SITE_URL"], pages_build.expressions(PAGES_URL, REPO))
    with pytest.raises(pages_build.DriftError, match="2 steps"):
        pages_build.build_step({"jobs": {"build": {"steps": [step, step]}}})


# --- the tested build (under a sub-path) and a build at a domain's root ---------------

@pytest.fixture(scope="module")
def root_site(tmp_path_factory, built_site) -> Path:
    """The site built by pages.yml's build step for the root of a domain."""
    site = tmp_path_factory.mktemp("root") / "site"
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "pages_build.py"), ROOT_URL],
                          cwd=ROOT, env={**os.environ, "SITE_DIR": str(site)}, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return site


@pytest.fixture(params=["sub-path", "root"])
def deployed(request, built_site):
    """(site directory, its address): the tested build, and the build at a domain's root."""
    if request.param == "sub-path":
        return built_site, PAGES_URL
    return request.getfixturevalue("root_site"), ROOT_URL


def _page_address(site: Path, page: Path, url: str) -> str:
    rel = page.relative_to(site).parent.as_posix()
    return url if rel == "." else f"{url}{rel}/"


def _refs(page: Path, where: str) -> list[str]:
    return [ref.url for ref in parse_page(page).refs if ref.where == where]


def test_canonical_links_are_the_sites_addresses(deployed):
    site, url = deployed
    pages = [p for p in html_pages(site) if p.name != "404.html"]
    wrong = [
        f"{page.relative_to(site)}: {canonical}"
        for page in pages
        if (canonical := _refs(page, "link[rel=canonical]")) != [_page_address(site, page, url)]
    ]
    assert len(pages) >= 20
    assert not wrong, "\n".join(wrong[:20])


def test_sitemap_lists_every_page_at_the_sites_address(deployed):
    site, url = deployed
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    pages = {_page_address(site, p, url) for p in html_pages(site) if p.name != "404.html"}
    assert set(LOC.findall(sitemap)) == pages
    assert set(ALTERNATE.findall(sitemap)) <= pages
    assert f"{url}ja/" in ALTERNATE.findall(sitemap)


def test_links_to_the_sites_repository_only(built_site):
    """The site's own links go to the repository it is built from (a fork's to the fork);
    the only others to a code host are the references' (scripts/sitegen/references.json)."""
    references = json.loads((ROOT / "scripts" / "sitegen" / "references.json").read_text(encoding="utf-8"))
    cited = {r.get("url") for r in references["references"]}
    repo_links = {
        url
        for page in html_pages(built_site)
        for url in _refs(page, "a[href]")
        if urlsplit(url).hostname in REPO_HOSTS and url not in cited
    }
    assert repo_links == {REPO_URL}
    assert REPO in (built_site / "index.html").read_text(encoding="utf-8")


def test_every_build_step_respects_the_sites_path(deployed):
    """The 404 page (root-absolute links under the site's path, its one bundled stylesheet),
    the service worker's file list, the manifests' scope and the precompiled engine."""
    site, url = deployed
    prefix = urlsplit(url).path
    page = parse_page(site / "404.html")
    local = [urlsplit(ref.url).path for ref in page.refs
             if ref.url and not ref.url.startswith("#") and not urlsplit(ref.url).scheme]
    wrong = [path for path in local if not (path.startswith(prefix) and _names_a_file(site, path[len(prefix):]))]
    assert len(local) > 10 and not wrong, wrong
    sheets = _refs(site / "404.html", "link[rel=stylesheet]")
    assert len(sheets) == 1 and sheets[0].startswith(prefix + "assets/stylesheets/bundle."), sheets
    worker = (site / "sw.js").read_text(encoding="utf-8")
    assert "__WB_MANIFEST" not in worker and '{"url":"index.html",' in worker
    assert '{"url":"404.html",' in worker and '.map"' not in worker
    for name in ("manifest.webmanifest", "manifest-ja.webmanifest"):
        manifest = json.loads((site / "assets" / "app" / name).read_text(encoding="utf-8"))
        assert not manifest["start_url"].startswith("/") and not manifest["scope"].startswith("/"), name
    wheels = site / "assets" / "vendor" / "wheels"
    index = json.loads((wheels / "grundy.json").read_text(encoding="utf-8"))
    assert (wheels / index["stdlib"]).is_file() and "snapshot" not in index, "build_pyc.mjs ran"
    # the loader's progress counts what travels (gzip where Pages compresses); the browser keeps a snapshot
    files = index["files"]
    assert files[index["wheel"]][0] == (wheels / index["wheel"]).stat().st_size
    assert index["bytes"] == sum(sent for _, sent in files.values()) < sum(size for size, _ in files.values())
    assert re.fullmatch(r"[0-9a-f]{16}", index["keep"])
    assert f'{{"url":"assets/vendor/wheels/{index["stdlib"]}",' in worker  # in the offline copy


def _names_a_file(site: Path, rel: str) -> bool:
    target = site / rel
    return target.is_file() or (target / "index.html").is_file()
