"""Every notebook under examples/notebooks runs top to bottom headless (nbclient) without a
failing cell, well inside its two-minute budget; and the committed .ipynb files are the ones
make_notebooks.py generates."""
import glob
import os
import sys
import time

import pytest

import chronometry

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

HERE = os.path.dirname(os.path.abspath(__file__))
NOTEBOOKS = os.path.normpath(os.path.join(HERE, "..", "..", "examples", "notebooks"))
BUILD = os.path.dirname(os.path.dirname(os.path.abspath(chronometry.__file__)))  # build/python
BUDGET_S = 120


def test_notebooks_exist_and_match_their_generator(tmp_path):
    names = sorted(os.path.basename(p) for p in glob.glob(os.path.join(NOTEBOOKS, "*.ipynb")))
    assert {"replay-feasibility.ipynb", "minrtt-ntp-return-trip.ipynb"} <= set(names)
    sys.path.insert(0, NOTEBOOKS)
    try:
        import make_notebooks
    finally:
        sys.path.remove(NOTEBOOKS)
    assert sorted(make_notebooks.NOTEBOOKS) == names
    for name in names:  # the committed file is what the generator writes (no stale edits)
        generated = nbformat.writes(make_notebooks.build(make_notebooks.NOTEBOOKS[name]))
        with open(os.path.join(NOTEBOOKS, name)) as committed:
            assert committed.read().rstrip("\n") == generated.rstrip("\n"), \
                f"{name}: run make_notebooks.py"


@pytest.mark.parametrize("name", sorted(os.path.basename(p)
                                        for p in glob.glob(os.path.join(NOTEBOOKS, "*.ipynb"))))
def test_notebook_runs_headless(name, tmp_path, monkeypatch):
    monkeypatch.setenv("CHRONOMETRY_BUILD", BUILD)
    monkeypatch.setenv("CHRONOMETRY_NB_OUT", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("PYTHONPATH", BUILD + os.pathsep + os.environ.get("PYTHONPATH", ""))
    nb = nbformat.read(os.path.join(NOTEBOOKS, name), as_version=4)
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=BUDGET_S,
                                     resources={"metadata": {"path": str(tmp_path)}})
    start = time.time()
    client.execute()  # raises CellExecutionError naming the failing cell
    elapsed = time.time() - start
    assert elapsed < BUDGET_S, f"{name} took {elapsed:.0f} s"
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "a notebook draws figures"
    assert glob.glob(os.path.join(str(tmp_path), "*.sqlite")), "the sweep kept its results"
