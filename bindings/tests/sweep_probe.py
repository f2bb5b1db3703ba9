"""Cheap runners for testing the sweep machinery without a simulation."""
import os
import signal
import time


def square(x, run=1, fail=False, sleep=0.0):
    """x^2 + run; raises ValueError (like a runner's validation) when asked to fail."""
    if fail:
        raise ValueError(f"fail = {fail} is invalid; valid: False")
    if sleep:
        time.sleep(sleep)
    return {"y": x * x + run, "pid": os.getpid()}


def die_once(x, marker_dir, always=False):
    """Kill the worker process (SIGKILL) the first time point x runs (every time if always)."""
    marker = os.path.join(marker_dir, f"died-{x}")
    if always or not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return {"y": x}


def fail_once(x, marker_dir):
    """Raises ValueError the first time point x runs, returns x afterwards."""
    marker = os.path.join(marker_dir, f"failed-{x}")
    if not os.path.exists(marker):
        open(marker, "w").close()
        raise ValueError(f"x = {x} failed once")
    return {"y": x}
