"""What every section of the report uses: the modules of a build, saving a figure, numbers as
text."""
import os
import sys

# The examples folder (plot-adev.py is there).
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _modules(build_dir):
    # A module already imported (by the caller, from its own build) is the one to use: putting
    # another build ahead on sys.path would not change it here, but worker processes started
    # later (Dask's spawned workers) would import that other build instead.
    if not {"chronometry", "chronometry_sweep"} <= set(sys.modules) and build_dir not in sys.path:
        sys.path.insert(0, build_dir)
    import chronometry
    import chronometry_sweep
    return chronometry, chronometry_sweep


def save(fig, path):
    """Write a figure atomically and close it."""
    import matplotlib.pyplot as plt
    fig.tight_layout()
    tmp = path + ".tmp.png"
    fig.savefig(tmp, dpi=100)
    os.replace(tmp, path)
    plt.close(fig)
    return path


def _g(x):
    return f"{x:.0f}" if abs(x) >= 1000 else f"{x:.3g}"
