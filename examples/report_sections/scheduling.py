"""OneClock's section: scheduled operations' errors over E and across the send-ahead."""
import os

from .grids import MS, US
from .common import _g, save


def figures_scheduling(df, out):
    import matplotlib.pyplot as plt
    df = df.assign(E_us=df.skew_bound_ns / US, delta_ms=df.delay_ns / MS)
    switched = (df.topology == "switched") if "topology" in df else df.E_us < 0
    lan, cross = df[~switched], df[switched]
    results = []
    if not lan.empty:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4))
        for predictor, rows in lan.groupby("predictor"):
            rows = rows.groupby("E_us")[["mae_us", "mae_clock_us"]].mean()
            axes[0].plot(rows.index, rows.mae_us, marker="o", label=predictor)
            axes[1].plot(rows.index, rows.mae_clock_us, marker="o", label=predictor)
        for ax, what in zip(axes, ["completion error: mean |trueEnd - T_d| (us)",
                                   "start error: mean |trueStart - T_s| (us)"]):
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("E (us)")
            ax.set_ylabel(what)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
        e0, e1 = lan.E_us.min(), lan.E_us.max()
        at = lan.groupby("E_us")[["mae_us", "mae_clock_us"]].mean()
        best = lan.groupby("predictor").mae_us.mean().sort_values()
        by_e = lan.groupby(["E_us", "predictor"]).mae_us.mean()
        losses = []
        if "Baseline" in set(lan.predictor):
            for e in sorted(lan.E_us.unique()):
                worse = [p for p in by_e.loc[e].index
                         if p != "Baseline" and by_e[e, p] >= by_e[e, "Baseline"]]
                if worse:
                    losses.append(f"at E = {e:g} us {', '.join(worse)} no better than the "
                                  f"Baseline ({_g(by_e[e, 'Baseline'])} us)")
        lose = (" Where a predictor loses to the Baseline (T_d itself): " + "; ".join(losses) +
                "." if losses else " Every predictor beats the Baseline at every E here; the "
                "gain shrinks as the clock error grows towards the ETE.")
        results.append((
            save(fig, os.path.join(out, "scheduling-mae-vs-E.png")),
            f"Mean completion error {_g(at.mae_us[e0])} us at E = {e0:g} us and "
            f"{_g(at.mae_us[e1])} us at E = {e1:g} us; the start error (server clock error, not a "
            f"share of it: absolute errors do not add) goes {_g(at.mae_clock_us[e0])} -> "
            f"{_g(at.mae_clock_us[e1])} us. Over E the {best.index[0]} predictor has the lowest "
            f"completion error ({_g(best.iloc[0])} us vs {_g(best.iloc[-1])} us for "
            f"{best.index[-1]})." + lose))
    if not cross.empty:
        fig, axes = plt.subplots(1, 3, figsize=(14, 4))
        for predictor, rows in cross.groupby("predictor"):
            rows = rows.groupby("delta_ms")[["mae_us", "late_arrivals", "executed",
                                             "mean_start_delay_us"]].mean()
            axes[0].plot(rows.index, rows.late_arrivals / rows.executed.clip(lower=1),
                         marker="o", label=predictor)
            axes[1].plot(rows.index, rows.mean_start_delay_us / 1e3, marker="o", label=predictor)
            axes[2].plot(rows.index, rows.mae_us / 1e3, marker="o", label=predictor)
        lead = cross.send_ahead_ns.iloc[0] / MS if "send_ahead_ns" in cross else 50.0
        for ax, what in zip(axes, ["share of operations arriving after T_s",
                                   "mean start delay (ms)", "completion error (ms)"]):
            ax.axvline(lead, color="grey", ls="--", lw=1)
            ax.set_xlabel("one-way delay delta (ms), switched LAN")
            ax.set_ylabel(what)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
        by = cross.groupby(["predictor", "delta_ms"])[["mae_us", "late_arrivals"]].mean()
        below = cross[cross.delta_ms < lead]
        above = cross[cross.delta_ms > lead]
        line = (f"Send-ahead {lead:g} ms: below it {int(below.late_arrivals.sum())} of "
                f"{int(below.executed.sum())} operations arrive late, above it "
                f"{int(above.late_arrivals.sum())} of {int(above.executed.sum())}.")
        if {"Baseline", "FtAverage"} <= set(cross.predictor) and not above.empty:
            d1 = above.delta_ms.max()
            line += (f" At delta = {d1:g} ms the Baseline's completion error is "
                     f"{_g(by.mae_us['Baseline', d1] / 1e3)} ms and FtAverage's "
                     f"{_g(by.mae_us['FtAverage', d1] / 1e3)} ms: the reported ETE includes the "
                     f"start delay, so a predictor fed by it absorbs a constant lateness (a "
                     f"varying one it cannot).")
        results.append((save(fig, os.path.join(out, "scheduling-delta-vs-send-ahead.png")), line))
    return results
