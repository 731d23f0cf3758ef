"""``python -m crossfoot.cli``: the ``crossfoot`` command without the console script."""

from crossfoot.cli.app import main

raise SystemExit(main())
