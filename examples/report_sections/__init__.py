"""The sections of the demo's report (examples/report.py): one module per study, with
the grids and what they share."""
