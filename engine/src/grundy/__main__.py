"""`python -m grundy` is the `grundy` command."""

from .cli import main

raise SystemExit(main())
