"""Replications summarized: a sweep's DataFrame grouped by its points (every parameter but the
replication's ``run`` and ``seed``; for a study whose CSV has a line per row, also the row's key
fields), with every numeric result's count, mean, standard deviation and the half-width of the
95% confidence interval of the mean (Student's t with n - 1 degrees of freedom).

The statistics are those of the C++ side's ``ReplicationSummary`` (``study/framework/replication-summary.h``,
the command line's summary of a study's CSV), value for value: a missing value (None, NaN: "not
applicable" in that run) is left out of its field's statistics, the standard deviation and the
interval need two values (NaN otherwise), and the t quantile is Boost.Math's (the inverse of
the incomplete beta function, SciPy's ``betaincinv``).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from .studies import renamed_keyword, study_of

if TYPE_CHECKING:
    import pandas

#: The columns that number a point's replications (ns-3's RngRun and RngSeed): not grouped by.
REPLICATION_COLUMNS = ("run", "seed")
#: The sweep's bookkeeping columns (``store.load``): neither parameters nor results.
BOOKKEEPING = ("study", "technique", "status", "error", "finished", "worker", "csv_row", "csv_rows")
#: A study field type that is not a number.
_TEXT = "text"


def t_quantile(p: float, dof: float) -> float:
    """The p-quantile of Student's t distribution with ``dof`` degrees of freedom (p in (0, 1),
    dof > 0): 2.2621571627982 for p = 0.975, dof = 9."""
    if not (0 < p < 1):
        raise ValueError(f"p = {p!r} is invalid; valid range: (0, 1)")
    if not (dof > 0):
        raise ValueError(f"dof = {dof!r} is invalid; valid range: > 0")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, dof)
    # Debian's python3-scipy (scripts/setup-deps.sh extra): the regularized incomplete beta's
    # inverse (Boost.Math's ibeta_inv in SciPy), as Boost's students_t quantile uses it. With
    # q = 1 - p, t^2 = dof (1 - x) / x for x = I^-1(dof/2, 1/2; 2q), or dof y / (1 - y) for
    # y = 1 - x = I^-1(1/2, dof/2; 1 - 2q), whichever of x, y is the smaller (no cancellation).
    from scipy.special import betaincinv
    q = 1 - p
    x = float(betaincinv(dof / 2, 0.5, 2 * q))
    y = float(betaincinv(0.5, dof / 2, 1 - 2 * q))
    return math.sqrt(dof * (1 - x) / x) if x < y else math.sqrt(dof * y / (1 - y))


def statistics(values: Sequence[float]) -> Tuple[int, float, float, float]:
    """(n, mean, sd, ci95) of numbers, NaN (and None) left out: n the numbers, sd with n - 1 in
    the denominator, ci95 = t(0.975, n - 1) * sd / sqrt(n); mean NaN when n = 0, sd and ci95 NaN
    when n < 2."""
    nan = float("nan")
    numbers = []
    for v in values:
        try:
            x = float(v)
        except TypeError:  # None, pandas.NA: no value
            continue
        except ValueError:
            raise ValueError(f"value {v!r} is invalid; valid: a number, None or NaN") from None
        if not math.isnan(x):
            numbers.append(x)
    n = len(numbers)
    if n == 0:
        return 0, nan, nan, nan
    mean = math.fsum(numbers) / n
    if n < 2:
        return n, mean, nan, nan
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in numbers) / (n - 1))  # two passes
    return n, mean, sd, t_quantile(0.975, n - 1) * sd / math.sqrt(n)


def _described(df: "pandas.DataFrame", study: Optional[str]) -> Tuple[Optional[str],
                                                                           Optional[dict]]:
    """(study, its study's description from chronometry.study.studies(), or None)."""
    # "technique": the column's name in a DataFrame of an earlier release (pickled, say)
    column = "study" if "study" in df else "technique"
    if study is None and column in df and len(df):
        names = sorted(set(df[column].dropna()))
        if len(names) > 1:
            raise ValueError(f"the DataFrame holds the studies {names}; give study= "
                             "(one of them) to summarize one")
        study = names[0] if names else None
    if study is None:
        return None, None
    try:
        found = study_of(study)
    except ValueError:  # not a study this package runs: a DataFrame from elsewhere
        found = None
    if found is None:
        return study, None
    mod, name = found
    return study, mod.studies()[name]


def _rows_exploded(df: "pandas.DataFrame", rows: dict) -> "pandas.DataFrame":
    """A study's DataFrame with its rows column (a list of dicts per run) as one line per row;
    a row field of a summary field's name (RDA's retransmissions) replaces it, as in the CSV."""
    import pandas as pd
    name = rows["name"]
    long = df.explode(name).reset_index(drop=True)
    long = long[long[name].notna()].reset_index(drop=True)
    flat = pd.json_normalize(list(long[name]))
    return pd.concat([long.drop(columns=[name] + [c for c in flat.columns if c in long]), flat],
                     axis=1)


@renamed_keyword
def summarize(df: "pandas.DataFrame", by: Optional[Sequence[str]] = None,
              fields: Optional[Sequence[str]] = None, study: Optional[str] = None,
              over: Sequence[str] = REPLICATION_COLUMNS) -> "pandas.DataFrame":
    """Summarize the replications of a sweep's points: one line per point.

    df:        a sweep's DataFrame (``sweep``, ``load``); lines whose ``status`` is not "ok"
               are left out (they have no results).
    by:        the columns that identify a point. Default for a chronometry study: every
               parameter the DataFrame has but ``over``'s, then, for a study whose CSV has a line
               per row (relation, rda), the rows' key fields (the rows column is exploded first,
               one line per row). Another runner's parameters are not declared: give ``by``.
    fields:    the result columns to summarize. Default for a study: its numeric result fields
               (the rows' for a study whose CSV has a line per row), those the DataFrame has;
               for another runner, every numeric column not in ``by``, ``over`` or the sweep's
               bookkeeping.
    study: the study, when the DataFrame has no ``study`` column (or several).
    over:      the columns numbering a point's replications ("run", "seed"): never grouped by.

    Returns a DataFrame, one line per point in order of first appearance: the ``by`` columns,
    ``runs`` (the lines in the point), then per field ``<field>_n`` (its values that are
    numbers: None and NaN, "not applicable", are left out), ``<field>_mean``, ``<field>_sd``
    (n - 1 in the denominator; NaN below two values) and ``<field>_ci95``, the half-width of the
    95% interval of the mean, t(0.975, n - 1) * sd / sqrt(n) (Student's t; NaN below two values).
    A bad column name or a non-numeric field is a ValueError.
    """
    import pandas as pd
    if not hasattr(df, "columns"):
        raise ValueError(f"df of type {type(df).__name__} is invalid; valid: a pandas DataFrame "
                         "(a sweep's, or load's)")
    study, described = _described(df, study)
    if "status" in df:
        df = df[df["status"] == "ok"]
    df = df.reset_index(drop=True)
    over = list(over)
    if described is not None:
        rows = described["rows"]
        result_fields: List[dict] = list(described["summary"])
        if rows is not None and rows["in_csv"]:
            keys = [f["name"] for f in rows["fields"] if f["key"]]
            if rows["name"] in df and not set(keys) <= set(df.columns):
                df = _rows_exploded(df, rows)
            result_fields = [f for f in rows["fields"] if not f["key"]]
        else:
            keys = []
        if by is None:
            parameters = [p["keyword"] for p in described["parameters"]]
            by = [c for c in parameters + keys if c in df and c not in over]
        if fields is None:
            fields = [f["name"] for f in result_fields
                      if f["type"] != _TEXT and f["name"] in df and f["name"] not in by]
    elif by is None:
        raise ValueError(f"by= is needed for study {study!r}: its runner does not "
                         "declare its parameters (chronometry's studies do); give the columns "
                         "that identify a point")
    by, fields = list(by), list(fields) if fields is not None else None
    for name in by:
        if name not in df:
            raise ValueError(f"by column {name!r} is invalid; valid: one of {list(df.columns)}")
    if fields is None:
        skip = set(by) | set(over) | set(BOOKKEEPING)
        fields = [c for c in df.columns if c not in skip and _numeric(df[c])]
    for name in fields:
        if name not in df:
            raise ValueError(f"field {name!r} is invalid; valid: one of {list(df.columns)}")
        if not _numeric(df[name]):
            raise ValueError(f"field {name!r} is invalid: its values are not numbers "
                             f"({df[name].dropna().iloc[0]!r}); valid: a numeric column")
    out: Dict[str, list] = {name: [] for name in by}
    out["runs"] = []
    for name in fields:
        for suffix in ("n", "mean", "sd", "ci95"):
            out[f"{name}_{suffix}"] = []
    if len(df) and by:
        groups = df.groupby(by if len(by) > 1 else by[0], sort=False, dropna=False)
        keyed = [(key if len(by) > 1 else (key,), g) for key, g in groups]
    else:
        keyed = [((), df)] if len(df) else []
    for key, g in keyed:
        for name, value in zip(by, key):
            out[name].append(value)
        out["runs"].append(len(g))
        for name in fields:
            n, mean, sd, ci95 = statistics(list(g[name]))
            for suffix, value in zip(("n", "mean", "sd", "ci95"), (n, mean, sd, ci95)):
                out[f"{name}_{suffix}"].append(value)
    return pd.DataFrame(out)


def _numeric(column: "pandas.Series") -> bool:
    """Whether a column's values that are there are numbers (bools count: a mean is a share)."""
    values = column.dropna()
    return all(isinstance(v, (int, float)) or hasattr(v, "dtype") and v.dtype.kind in "biuf"
               for v in values)
