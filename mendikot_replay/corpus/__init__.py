"""Collections: pandas tables, Parquet export and statistics."""
