"""`python -m desktop` opens the window."""

from desktop.app import main

raise SystemExit(main())
