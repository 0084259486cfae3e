"""The registered games, one module per family: every module of this package is imported
(grundy.plugins), and each registers its games; `Game.order` sets their order."""

from ..plugins import import_all

import_all(__name__, __path__)
