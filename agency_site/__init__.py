"""agency-site: the bilingual marketing website of an AI and software agency."""
