# The names of chronometry.clock, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
Per-node imperfect clocks (model/clock): a clock's timeline against true time, drift, reading
resolution and the tick/duration conversions of a counter.

Times are integers in nanoseconds.
"""

from typing import overload

class ClockTimeline:
    """Piecewise-linear map from true time (ns) to a clock value (ns)."""
    @overload
    def __init__(self) -> None:
        """Value 0 at true time 0, slope 1."""
        ...
    @overload
    def __init__(self, start_ns: int, value_ns: float, slope: float) -> None: ...
    def set_slope(self, at_ns: int, slope: float) -> None:
        """Change the slope from at_ns on (continuous); later segments are discarded."""
        ...
    def jump(self, at_ns: int, delta_ns: float) -> None:
        """Add delta_ns to every value from at_ns on (a clock step)."""
        ...
    def value_at(self, t_ns: int) -> float: ...
    def slope_at(self, t_ns: int) -> float: ...
    def earliest_reaching(self, from_ns: int, target_ns: float) -> int:
        """Earliest true time >= from_ns at which the value reaches target_ns."""
        ...
    @property
    def segment_count(self) -> int: ...
    @property
    def last_segment_start(self) -> int: ...

def next_random_walk_drift(
    rho: float,
    spread_per_sqrt_second: float,
    interval_seconds: float,
    z: float,
    bound: float = 0.0,
) -> float:
    """
    One random-walk update of a fractional frequency offset, reflected at +-bound (0 = unbounded).
    """
    ...

def quantize(value_ns: float, resolution_ns: int) -> int:
    """Floor a clock value to a multiple of the resolution."""
    ...

def draw_bounded_skew_reading(
    previous_ns: int,
    now_ns: int,
    bound_ns: int,
    u: float,
    form: str = 'bounded',
) -> int:
    """
    One reading of a bounded-skew clock: 'bounded' draws uniformly in [max(previous, now), now +
    bound]; 'thesis' in [previous, now + bound].
    """
    ...

def tsc_value(phase_seconds: float, frequency_hz: float, boot_value: int = 0) -> int:
    """TSC counter value (mod 2^64) after phase_seconds of oscillator time."""
    ...

def ticks_to_duration(ticks: int, frequency_hz: float) -> int:
    """Nominal duration (ns) of a TSC tick count."""
    ...

def duration_to_ticks(duration_ns: int, frequency_hz: float) -> int:
    """Nominal TSC tick count of a duration (ns)."""
    ...

PPM: float
