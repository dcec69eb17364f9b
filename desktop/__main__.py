"""`python -m desktop` (and the packaged app): the `inkstone` command line, which opens the window given no command."""

from desktop.cli import main

raise SystemExit(main())
