"""Collections: pandas tables, Parquet export and statistics, and the work on a Dask cluster
(:func:`map_deals`, :func:`map_frames`: ``mr.corpus.map_deals(fn, paths, client=client)``;
:func:`simulate_on`: ``mr.simulate``'s deals played by the cluster's workers). Dask itself
is imported only when they are called."""

from __future__ import annotations

from .cluster import map_deals, map_frames, simulate_on

__all__ = ["map_deals", "map_frames", "simulate_on"]
