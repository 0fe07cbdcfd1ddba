"""Small presentational pieces shared by the pages."""
