"""Deployment: the workflows pass zizmor and deploy only tested commits, and the site takes
its address from the environment (.github/workflows/pages.yml sets MKDOCS_SITE_URL,
MKDOCS_REPO_URL, MKDOCS_REPO_NAME): right canonical links and sitemap when they are set,
no invented repository link when they are not."""

from __future__ import annotations

import json
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
FORK = {
    "MKDOCS_SITE_URL": "https://teacher-x.github.io/games-fork/",
    "MKDOCS_REPO_URL": "https://github.com/teacher-x/games-fork",
    "MKDOCS_REPO_NAME": "teacher-x/games-fork",
}
SITE_URL = FORK["MKDOCS_SITE_URL"]
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
    assert "bash scripts/build.sh" in [s.get("run") for s in _steps(build)]
    assert _uses("actions/upload-pages-artifact", build)["with"] == {"path": "site/"}


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


def test_build_sets_exactly_the_variables_mkdocs_reads():
    read = set(re.findall(r"!ENV \[(\w+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8")))
    [step] = [s for s in _steps(_workflow("pages.yml")["jobs"]["build"]) if s.get("run") == "bash scripts/build.sh"]
    assert read == set(FORK)
    assert set(FORK) <= set(step["env"])


# --- a build with the deployment's variables ---------------------------------------

@pytest.fixture(scope="module")
def fork_site(tmp_path_factory, mkdocs_build) -> Path:
    """The site built as pages.yml builds it in a fork (the one env-var build of the session)."""
    site = tmp_path_factory.mktemp("fork") / "site"
    with pytest.MonkeyPatch.context() as mp:
        for name, value in FORK.items():
            mp.setenv(name, value)
        proc = mkdocs_build(site)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return site


def _page_address(site: Path, page: Path) -> str:
    rel = page.relative_to(site).parent.as_posix()
    return SITE_URL if rel == "." else f"{SITE_URL}{rel}/"


def _refs(page: Path, where: str) -> list[str]:
    return [ref.url for ref in parse_page(page).refs if ref.where == where]


def test_fork_build_has_the_forks_canonical_links(fork_site):
    pages = [p for p in html_pages(fork_site) if p.name != "404.html"]
    wrong = [
        f"{page.relative_to(fork_site)}: {canonical}"
        for page in pages
        if (canonical := _refs(page, "link[rel=canonical]")) != [_page_address(fork_site, page)]
    ]
    assert len(pages) >= 20
    assert not wrong, "\n".join(wrong[:20])


def test_fork_build_sitemap_lists_every_page_at_the_forks_address(fork_site):
    sitemap = (fork_site / "sitemap.xml").read_text(encoding="utf-8")
    pages = {_page_address(fork_site, p) for p in html_pages(fork_site) if p.name != "404.html"}
    assert set(LOC.findall(sitemap)) == pages
    assert set(ALTERNATE.findall(sitemap)) <= pages
    assert f"{SITE_URL}ja/" in ALTERNATE.findall(sitemap)


def test_fork_build_links_to_the_forks_repository_only(fork_site):
    repo_links = {
        url
        for page in html_pages(fork_site)
        for url in _refs(page, "a[href]")
        if urlsplit(url).hostname in REPO_HOSTS
    }
    assert repo_links == {FORK["MKDOCS_REPO_URL"]}
    assert FORK["MKDOCS_REPO_NAME"] in (fork_site / "index.html").read_text(encoding="utf-8")


def test_fork_build_404_page_works_at_any_address_under_the_sub_path(fork_site):
    """GitHub Pages serves 404.html at any missing address, so its links are root-absolute
    under the site's path, and each names a file of the site."""
    prefix = urlsplit(SITE_URL).path
    local = [
        urlsplit(ref.url).path
        for ref in parse_page(fork_site / "404.html").refs
        if ref.url and not ref.url.startswith("#") and not urlsplit(ref.url).scheme
    ]
    wrong = [path for path in local if not (path.startswith(prefix) and _names_a_file(fork_site, path[len(prefix):]))]
    assert len(local) > 10 and not wrong, wrong


def _names_a_file(site: Path, rel: str) -> bool:
    target = site / rel
    return target.is_file() or (target / "index.html").is_file()


# --- the local build (no variables) ----------------------------------------------------

def test_local_build_invents_no_address(built_site):
    pages = html_pages(built_site)
    invented = [
        f"{page.relative_to(built_site)}: {ref.where} {ref.url}"
        for page in pages
        for ref in parse_page(page).refs
        if ref.where == "link[rel=canonical]" or urlsplit(ref.url).hostname in REPO_HOSTS
    ]
    assert not invented, "\n".join(invented[:20])
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    addresses = LOC.findall(sitemap) + ALTERNATE.findall(sitemap)
    assert addresses and not [a for a in addresses if "://" in a or a.startswith(("/", "None"))]
