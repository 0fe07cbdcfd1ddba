"""What the production build writes for nginx (deploy/): each page's Content-Security-Policy
and the security header lines, and the map of former German addresses.

Reflex plugins (rxconfig.py) that run after the build; nginx includes the files from
beside the pages. `make run`'s server answers the same from agency_site/server/.
"""
