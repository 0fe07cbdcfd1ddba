"""The shared layout of every page: header, footer and the page shell."""
