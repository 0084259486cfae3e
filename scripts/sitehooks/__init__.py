"""The pieces of the mkdocs hook (scripts/hooks.py), one concern per module.

- ``page``: the page being rendered (language, source line numbers) and ``GenContext``,
  what the generators of scripts/sitegen know about that page.
- ``assets``: generated files (figures, CSV) registered in mkdocs' file collection.
- ``fence``: the ```grundy directive as a pymdownx.superfences custom fence.
- ``japanese``: Japanese pages: line breaks between Japanese characters, UI strings.
- ``links``: root-absolute links made relative, so the site works under any sub-path.
- ``search``: one search index per language, formulas as plain text (``plainmath``).
- ``notfound``: the 404 page in the default language, linking to the home pages.
- ``images``: images far down a page load lazily.
"""
