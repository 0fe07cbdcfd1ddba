"""The ASGI side: middleware of `make run`'s server and of the backends behind nginx.

Clean URLs, missing files, caching and security headers, safe redirects, the metrics
endpoint and health, the proxy-hops check and the log filter. Nothing here imports pages
or components: the server serves what the build wrote.
"""
