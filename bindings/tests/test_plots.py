"""The plot scripts: each answers --help (exit 0, its usage and what it draws), refuses a
missing input by name instead of a traceback, and draws from the studies' own CSV."""
import os
import subprocess
import sys

import pytest

import chronometry

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")
SCRIPTS = ["plot-clock-skew.py", "plot-minrtt.py", "plot-oneclock.py", "plot-rda.py",
           "plot-wap5.py"]


def script(name, *args, cwd=None):
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", SCRIPTS)
def test_help_and_missing_input(name, tmp_path):
    shown = script(name, "--help")
    assert shown.returncode == 0 and shown.stdout.startswith(f"usage: {name}"), shown.stderr
    assert "Plot" in shown.stdout  # the docstring: what is drawn
    missing = script(name, str(tmp_path / "nothing"), cwd=tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "nothing" in missing.stderr and "run" in missing.stderr


@pytest.mark.parametrize("study,name", [("rda", "plot-rda.py"), ("relation", "plot-minrtt.py")])
def test_plot_from_a_study_csv(study, name, tmp_path):
    point = dict(rda=dict(intervals=2, loss_rate=0.05, interval_length_ns=50_000_000),
                 relation=dict(rounds=20, workload_ns=2_000_000_000, load=0.5))[study]
    result = chronometry.study.run_study(study, **point)
    csv = tmp_path / f"{study}.csv"
    csv.write_text(chronometry.study.studies()[study]["csv_header"] + "\n" + result["csv_rows"] + "\n")
    png = tmp_path / f"{study}.png"
    drawn = script(name, str(csv), str(png))
    assert drawn.returncode == 0, drawn.stderr
    assert png.stat().st_size > 10_000
