"""Generated files (figures, CSV) added to mkdocs' file collection under generated/."""

from __future__ import annotations

import posixpath

from mkdocs.structure.files import File, Files, InclusionLevel

GENERATED_DIR = "generated"


class AssetError(ValueError):
    """A generated file that cannot be stored where it was asked to go."""


def register(config, files: Files, relpath: str, data: bytes | str, page_dir: str) -> str:
    """Store ``data`` as site/generated/<relpath>; return its URL relative to ``page_dir``.

    The file joins mkdocs' file collection (replacing an older one of the same path), so it
    is written after mkdocs cleans site/ and ``mkdocs serve`` serves it too.
    """
    relpath = posixpath.normpath(relpath.replace("\\", "/"))
    if relpath.startswith(("/", "..")) or relpath == ".":
        raise AssetError(f"asset path must stay inside {GENERATED_DIR}/: {relpath!r}")
    src_uri = f"{GENERATED_DIR}/{relpath}"
    old = files.get_file_from_path(src_uri)
    if old is not None:
        files.remove(old)
    files.append(File.generated(config, src_uri, content=data, inclusion=InclusionLevel.INCLUDED))
    return posixpath.relpath(src_uri, page_dir or ".")
