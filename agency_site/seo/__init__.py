"""Search and sharing: head texts, Open Graph and Twitter tags, JSON-LD,
and the files crawlers and feed readers fetch (sitemap.xml, robots.txt, RSS feeds).

`head` decides what each page says about itself; `structured_data` and `files` are pure
builders (dicts and strings) so they are easy to test; `plugin` writes the files into the
build at compile time.
"""
