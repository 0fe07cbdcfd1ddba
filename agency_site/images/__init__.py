"""Responsive images: each raster image the pages show, at a few widths in AVIF and WebP."""
