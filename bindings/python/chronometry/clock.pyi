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
    """
    Piecewise-linear map from true time (ns) to a clock value (ns).

    A clock's value as a function of true time: segments of constant slope (the clock's rate), with
    steps (jumps) between them. ``ClockTimeline()`` starts at value 0 at true time 0 with slope 1;
    ``ClockTimeline(start_ns, value_ns, slope)`` starts at ``value_ns`` at true time ``start_ns``.

    Parameters
    ----------
    start_ns : int
        True time of the first segment's start, ns.
    value_ns : float
        The clock's value at ``start_ns``, ns (finite).
    slope : float
        Clock nanoseconds per true nanosecond of the first segment (finite).

    Raises
    ------
    ValueError
        A value or slope that is not finite.
    """
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
    One random-walk update of a fractional frequency offset, reflected at +-bound.

    Parameters
    ----------
    rho : float
        The current fractional frequency offset (1e-6 is 1 ppm).
    spread_per_sqrt_second : float
        The walk's standard deviation per square root of a second, in [0, 0.01].
    interval_seconds : float
        The time since the last update, s.
    z : float
        A standard normal draw (the caller's random stream).
    bound : float, default 0.0
        The walk is reflected at +-bound; 0 leaves it unbounded.

    Returns
    -------
    float
        The next fractional frequency offset.

    Raises
    ------
    ValueError
        A spread, interval or bound out of range (ConfigError, naming it and its range).
    """
    ...

def quantize(value_ns: float, resolution_ns: int) -> int:
    """
    Floor a clock value to a multiple of the resolution.

    Parameters
    ----------
    value_ns : float
        The clock value, ns (finite, below 2^63 in magnitude).
    resolution_ns : int
        The clock's resolution, ns (at least one time step).

    Returns
    -------
    int
        The largest multiple of ``resolution_ns`` not above ``value_ns``, ns.

    Raises
    ------
    ValueError
        A value that is not finite or a resolution below one time step (ConfigError).
    """
    ...

def draw_bounded_skew_reading(
    previous_ns: int,
    now_ns: int,
    bound_ns: int,
    u: float,
    form: str = 'bounded',
) -> int:
    """
    One reading of a bounded-skew clock.

    'bounded' draws uniformly in [max(previous, now), now + bound] (monotonic, never behind true
    time); 'thesis' in [previous, now + bound] (the thesis' Algorithm 5.1).

    Parameters
    ----------
    previous_ns : int
        The clock's previous reading, ns.
    now_ns : int
        True time, ns.
    bound_ns : int
        The skew bound E, ns.
    u : float
        A uniform draw in [0, 1).
    form : str, default 'bounded'
        'bounded' or 'thesis'.

    Returns
    -------
    int
        The reading, ns.

    Raises
    ------
    ValueError
        An unknown form or a draw outside [0, 1).
    """
    ...

def tsc_value(phase_seconds: float, frequency_hz: float, boot_value: int = 0) -> int:
    """
    TSC counter value (mod 2^64) after phase_seconds of oscillator time.

    Parameters
    ----------
    phase_seconds : float
        Oscillator time elapsed since boot, s.
    frequency_hz : float
        The counter's nominal frequency, Hz, in (0, 1e11].
    boot_value : int, default 0
        The counter's value at boot.

    Returns
    -------
    int
        The counter's value, modulo 2^64.

    Raises
    ------
    ValueError
        A frequency out of range (ConfigError).
    """
    ...

def ticks_to_duration(ticks: int, frequency_hz: float) -> int:
    """
    Nominal duration of a TSC tick count.

    Parameters
    ----------
    ticks : int
        A number of counter ticks.
    frequency_hz : float
        The counter's nominal frequency, Hz, in (0, 1e11].

    Returns
    -------
    int
        The duration at the nominal frequency, ns.

    Raises
    ------
    ValueError
        A frequency out of range (ConfigError).
    """
    ...

def duration_to_ticks(duration_ns: int, frequency_hz: float) -> int:
    """
    Nominal TSC tick count of a duration.

    Parameters
    ----------
    duration_ns : int
        A duration, ns.
    frequency_hz : float
        The counter's nominal frequency, Hz, in (0, 1e11].

    Returns
    -------
    int
        The ticks the counter advances in that duration at its nominal frequency.

    Raises
    ------
    ValueError
        A frequency out of range (ConfigError).
    """
    ...

PPM: float
