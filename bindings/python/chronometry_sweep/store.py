"""The results file: one SQLite table ``runs``, one row per finished point (primary key
study + the point's canonical JSON), each committed at once; read back as a DataFrame
(``load``) or as the C++ programs' CSV (``write_csv``)."""
from __future__ import annotations

import json
import os
import sqlite3
from typing import TYPE_CHECKING, Optional, Set

from .grid import key_of
from .runner import Outcome
from .studies import renamed_keyword

if TYPE_CHECKING:
    import pandas

SCHEMA = ("CREATE TABLE IF NOT EXISTS runs ("
          " technique TEXT NOT NULL, key TEXT NOT NULL, params TEXT NOT NULL,"
          " status TEXT NOT NULL, error TEXT, result TEXT, started REAL, finished REAL,"
          " worker TEXT, PRIMARY KEY (technique, key))")


def connect(db_path: str) -> sqlite3.Connection:
    """Open (create) a results file, its directory too; a table from before the
    multi-study schema is renamed runs_legacy. (The file's column keeps its first name,
    ``technique``, so that a results file of an earlier release resumes; load names it
    ``study``.)"""
    directory = os.path.dirname(os.path.abspath(db_path))
    os.makedirs(directory, exist_ok=True)
    db = sqlite3.connect(db_path, timeout=60)
    db.execute("PRAGMA journal_mode=WAL")  # readers (a notebook) never block the writer
    columns = [row[1] for row in db.execute("PRAGMA table_info(runs)")]
    if columns and "technique" not in columns:
        # A results file from before the multi-study schema: keep its rows aside.
        db.execute("ALTER TABLE runs RENAME TO runs_legacy")
    db.execute(SCHEMA)
    db.commit()
    return db


def finished_keys(db: sqlite3.Connection, study: str, retry_errors: bool = False) -> Set[str]:
    """The keys of a study's stored points; with ``retry_errors``, of its ok ones only."""
    query = "SELECT key FROM runs WHERE technique = ?"
    if retry_errors:
        query += " AND status = 'ok'"
    return {row[0] for row in db.execute(query, (study,))}


def save(db: sqlite3.Connection, study: str, outcome: Outcome) -> None:
    """Store a point's outcome (replacing an earlier error of the same point) and commit."""
    params, result, error, started, finished, worker = outcome
    db.execute("INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (study, key_of(params), json.dumps(params, sort_keys=True),
                "error" if error else "ok", error,
                json.dumps(result) if error is None else None, started, finished, worker))
    db.commit()


@renamed_keyword
def load(db_path: str, study: Optional[str] = None) -> "pandas.DataFrame":
    """Stored points as a DataFrame: parameters and measurements as columns, plus status/error."""
    import pandas as pd
    db = connect(db_path)
    try:
        query = "SELECT technique, params, status, error, result, finished, worker FROM runs"
        args = ()
        if study is not None:
            query += " WHERE technique = ?"
            args = (study,)
        rows = []
        for tech, params, status, error, result, finished, worker in db.execute(
                query + " ORDER BY technique, key", args):
            row = {"study": tech}
            row.update(json.loads(params))
            row.update({"status": status, "error": error, "finished": finished,
                        "worker": worker})
            if result:
                row.update(json.loads(result))
            rows.append(row)
    finally:
        db.close()
    return pd.DataFrame(rows)


@renamed_keyword
def write_csv(db_path: str, study: str, csv_path: str, header: Optional[str] = None) -> int:
    """The ok rows of a study, written atomically; returns how many points they are.

    With ``header`` (a runner's CSV header) the rows are the runners' own ``csv_row`` fields
    (or ``csv_rows``, several lines per point, for a runner such as the relation study's), so
    the file matches the C++ example's CSV; otherwise the DataFrame's columns.
    """
    df = load(db_path, study)
    if not df.empty:
        df = df[df["status"] == "ok"]
    tmp = csv_path + ".tmp"
    if header is not None:
        lines = [header] + (list(df["csv_row"]) if "csv_row" in df else [])
        if "csv_rows" in df:
            lines += [line for rows in df["csv_rows"] for line in rows.splitlines()]
        with open(tmp, "w") as out:
            out.write("\n".join(lines) + "\n")
    else:
        df.drop(columns=[c for c in ("csv_row", "csv_rows") if c in df]).to_csv(tmp, index=False)
    os.replace(tmp, csv_path)
    return len(df)
