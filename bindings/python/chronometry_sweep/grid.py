"""The points of a sweep: a grid (a dict of lists, a DataFrame or a list of dicts) as a list of
points, each a dict of keyword -> value; replications by run number; a point's identity
(``key_of``); and, for a chronometry study, the whole grid checked and normalised before anything
runs (``checked``)."""
from __future__ import annotations

import itertools
import json
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from .studies import renamed_keyword, parameters, study_of

#: One point of a sweep: the keywords of one run.
Point = Dict[str, Any]
#: A grid: a dict of lists (their Cartesian product), a pandas DataFrame (one point per row) or a
#: list of dicts.
Grid = Union[Mapping[str, Iterable[Any]], "pandas.DataFrame", Sequence[Mapping[str, Any]]]

#: How many bad points the ValueError of a refused grid shows.
_SHOWN = 5


def native(value: Any) -> Any:
    """numpy/pandas scalars -> plain Python (JSON and pybind11 want them); a numpy.timedelta64
    stays one (its item() is an int for nanoseconds, a timedelta for microseconds)."""
    if getattr(getattr(value, "dtype", None), "kind", None) in ("m", "M"):
        return value
    if hasattr(value, "item") and not isinstance(value, (list, dict, str, bytes)):
        return value.item()
    return value


@renamed_keyword
def points(grid: Grid, study: Optional[str] = None) -> List[Point]:
    """The points of a grid: a dict of lists (Cartesian product), a DataFrame or a list of dicts.

    With a chronometry ``study`` they are checked and normalised as ``sweep`` does (every
    time as its ``*_ns`` int of nanoseconds); a bad point raises one ValueError listing them."""
    if study is not None:
        return checked(study, points(grid))
    if hasattr(grid, "to_dict") and hasattr(grid, "columns"):  # a pandas DataFrame
        rows = grid.to_dict(orient="records")
    elif isinstance(grid, dict):
        for name, values in grid.items():
            if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
                raise ValueError(f"grid[{name!r}] = {values!r} is invalid; valid: a list of values")
        keys = sorted(grid)
        rows = [dict(zip(keys, combo)) for combo in itertools.product(*(list(grid[k]) for k in keys))]
    elif isinstance(grid, (list, tuple)):
        rows = [dict(p) for p in grid]
    else:
        raise ValueError(f"grid of type {type(grid).__name__} is invalid; valid: dict of lists, "
                         "DataFrame or list of dicts")
    return [{str(k): native(v) for k, v in row.items()} for row in rows]


@renamed_keyword
def replicate(grid: Grid, runs: int, study: Optional[str] = None) -> List[Point]:
    """Every point of ``grid`` with run numbers 1..runs (ns-3 RngRun), the seed unchanged; with
    a ``study``, checked and normalised as by ``points``."""
    if int(runs) < 1:
        raise ValueError(f"runs = {runs} is invalid; valid range: >= 1")
    replicated = [dict(p, run=r) for p in points(grid) for r in range(1, int(runs) + 1)]
    return replicated if study is None else checked(study, replicated)


def key_of(params: Point) -> str:
    """The identity of a point: its parameters as canonical JSON."""
    return json.dumps(params, sort_keys=True)


def checked(study: str, grid_points: List[Point]) -> List[Point]:
    """The points of a chronometry study, checked and in canonical form (each time as its
    ``*_ns`` int of nanoseconds), or one ValueError listing the bad points; another runner's
    points as they are. Nothing runs."""
    found = study_of(study)
    if found is None:
        return grid_points
    mod, name = found
    valid = parameters(study)
    good, bad = [], []
    for index, p in enumerate(grid_points):
        unknown = [key for key in p if key not in valid]
        if unknown:
            bad.append((index, p, f"grid key {unknown[0]!r} is invalid for study "
                                  f"{study!r}; valid: {', '.join(valid)}"))
            continue
        keywords = {k: v for k, v in p.items() if k != "rows"}
        try:
            canonical = mod.check_study(name, rows=p.get("rows"), **keywords)
        except (ValueError, TypeError) as error:
            bad.append((index, p, str(error)))
            continue
        if "rows" in p:
            canonical["rows"] = p["rows"]
        good.append(canonical)
    if bad:
        lines = [f"  point {index} {p!r}: {message}" for index, p, message in bad[:_SHOWN]]
        if len(bad) > _SHOWN:
            lines.append(f"  ... and {len(bad) - _SHOWN} more")
        raise ValueError(f"{len(bad)} of {len(grid_points)} points of the grid are invalid for "
                         f"study {study!r}; nothing was run:\n" + "\n".join(lines))
    return good
