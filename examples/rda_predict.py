# SPDX-License-Identifier: GPL-2.0-only
"""The RDA study's matching bias predicted from the configuration alone (no measured value).

A packet sent at a uniform point u of its sender interval [0, L) with one-way delay l reaches
the receiver at u + l + c on the receiver's interval grid (c: the receiver clock's offset).
Per-interval matching sees it when u + l + c falls in [0, L); boundary matching (intervals
i-1..i+1) when it falls in [-L, 2L). So the packets RDA holds have the delay density f(l) P(l),
P(l) = |[0, L) & [lo - l - c, hi - l - c)| / L, and RDA's error against every delivered packet
is c + E[l P] / E[P] - E[l | delivered]. The delay is the configured one: BaseDelay, the
packet's transmission time at 1 Gbps, the extra delay (Weibull or Pareto) and, with
probability ReorderRate, a reorder delay uniform in [0, ReorderDelayMax]. A packet counts as
delivered when it arrives within the run's 2 s tail (what the truth collector sees).

Nothing here reads a measured value: every input is a study parameter of the row.
"""
import math

import numpy as np

HORIZON_NS = 2e9  # the study runs 2 s past the last interval: later arrivals are not delivered
RATE_BPS = 1e9  # RdaHelper's data rate
OVERHEAD_BYTES = 8 + 20 + 2  # UDP, IPv4, PPP


def _extra_bins(cfg, bins):
    """(points, masses) of the extra delay on a log grid up to the horizon (ns)"""
    if cfg["extra_delay"] == "pareto":
        a, s = cfg["pareto_shape"], cfg["pareto_scale_ns"]
        edges = np.geomspace(s, HORIZON_NS, bins + 1)
        cdf = 1 - (s / edges) ** a
    else:
        k, s = cfg["weibull_shape"], cfg["weibull_scale_ns"]
        if s == 0:
            return np.array([0.0]), np.array([1.0])
        edges = np.concatenate([[0.0], np.geomspace(s * 1e-9, HORIZON_NS, bins)])
        cdf = 1 - np.exp(-(edges / s) ** k)
    mass = np.diff(cdf)
    pts = np.sqrt(edges[:-1] * edges[1:]) if edges[0] > 0 else (edges[:-1] + edges[1:]) / 2
    return pts, mass


def _caught(l, length, c, lo, hi):
    """P(l): the share of send positions u in [0, L) with u + l + c in [lo, hi)"""
    a = np.maximum(0.0, lo - l - c)
    b = np.minimum(length, hi - l - c)
    return np.clip(b - a, 0.0, length) / length


def config_of(row):
    """the parameters of a CSV row (a dict of strings) the prediction needs"""
    g = lambda k, d=0.0: float(row.get(k, d) or d)  # noqa: E731
    skew = g("skew_bound_ns")
    return {
        "interval_length_ns": g("interval_length_ns"),
        "base_delay_ns": g("base_delay_ns") + (g("packet_size") + OVERHEAD_BYTES) * 8e9 / RATE_BPS,
        "extra_delay": row.get("extra_delay", "weibull"),
        "weibull_shape": g("weibull_shape"),
        "weibull_scale_ns": g("weibull_scale_ns"),
        "pareto_shape": g("pareto_shape", 1.5),
        "pareto_scale_ns": g("pareto_scale_ns", 21000),
        "reorder_rate": g("reorder_rate"),
        "reorder_delay_max_ns": g("reorder_delay_max_ns"),
        # a BoundedSkewClock read at every arrival ratchets to the top of its bound: E
        "clock_ns": skew if skew > 0 else g("clock_offset_ns"),
    }


def predict(cfg, bins=4000, reorder_bins=400):
    """{"mean": E[l | delivered], "rda": error of per-interval matching against every
    delivered packet, "rdab": with boundary matching} in ns, from the configuration alone"""
    length, c = cfg["interval_length_ns"], cfg["clock_ns"]
    p, r = cfg["reorder_rate"], cfg["reorder_delay_max_ns"]
    x, w = _extra_bins(cfg, bins)
    l0 = cfg["base_delay_ns"] + x
    u = (np.arange(reorder_bins) + 0.5) / reorder_bins * r
    # the reordered packets: every extra-delay bin shifted by every reorder point
    l1 = (l0[:, None] + u[None, :]).ravel()
    w1 = np.repeat(w, reorder_bins) / reorder_bins
    ls = np.concatenate([l0, l1])
    ws = np.concatenate([w * (1 - p), w1 * p])
    keep = ls < HORIZON_NS
    ls, ws = ls[keep], ws[keep]
    out = {"mean": float(np.sum(ws * ls) / np.sum(ws))}
    for name, lo, hi in (("rda", 0.0, length), ("rdab", -length, 2 * length)):
        pc = _caught(ls, length, c, lo, hi) * ws
        out[name] = c + float(np.sum(pc * ls) / np.sum(pc)) - out["mean"]
    return out


def small_sigma_form(cfg):
    """The earlier closed form -sigma^2 / (L - mu - c) (+ c), valid only when every delay is
    below L - c (Weibull jitter, R <= L - c): the cross-check of predict() there"""
    k, s = cfg["weibull_shape"], cfg["weibull_scale_ns"]
    p, r = cfg["reorder_rate"], cfg["reorder_delay_max_ns"]
    m1 = s * math.gamma(1 + 1 / k)
    var_w = s * s * math.gamma(1 + 2 / k) - m1 * m1
    var = var_w + p * r * r / 3 - (p * r / 2) ** 2
    mu = cfg["base_delay_ns"] + m1 + p * r / 2
    c = cfg["clock_ns"]
    return c - var / (cfg["interval_length_ns"] - mu - c)
