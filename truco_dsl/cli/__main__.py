"""``python -m truco_dsl.cli``: the ``truco`` command (what ``--jobs`` starts its jobs with)."""

import sys

from truco_dsl.cli import main

sys.exit(main())
