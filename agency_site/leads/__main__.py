"""`python -m agency_site.leads`: see agency_site/leads/cli.py and README 'Operators'."""

from agency_site.leads.cli import main

raise SystemExit(main())
