"""Per-node imperfect clocks (model/clock): a clock's timeline against true time, drift, reading
resolution and the tick/duration conversions of a counter.

Times are integers in nanoseconds.
"""
from ._chronometry import (PPM, ClockTimeline, draw_bounded_skew_reading, duration_to_ticks,
                           next_random_walk_drift, quantize, ticks_to_duration, tsc_value)
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = ["ClockTimeline", "next_random_walk_drift", "quantize", "draw_bounded_skew_reading",
           "tsc_value", "ticks_to_duration", "duration_to_ticks", "PPM"]
__all__ += list(_exports(__name__))
