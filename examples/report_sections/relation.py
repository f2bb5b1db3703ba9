"""The MinRTT clock relation's section: MinRTT vs NTP vs the return-trip bounds."""
import os

from .common import save


def _methods(df):
    import pandas as pd
    rows = df.explode("methods").reset_index(drop=True)
    flat = pd.json_normalize(rows["methods"])
    rows = pd.concat([rows.drop(columns=["methods"]), flat], axis=1)
    return rows.assign(coverage=rows.covered / rows.n)


def figures_relation(df, out):
    import matplotlib.pyplot as plt
    m = _methods(df)
    m = m.assign(coverage=m.covered / m.n.where(m.n > 0))
    ac = m[m.path == "A->C"]
    result = []

    affine = ac[ac.tsc_model == "constant"]
    models = [x for x in ("none", "host", "route", "all") if x in set(affine.noise_model)]
    methods = ["CP", "CP_BUSY", "CP_MULTI", "NTP", "ReT"]
    fig, axes = plt.subplots(1, len(models), figsize=(3.2 * len(models) + 1, 4), sharey=True,
                             squeeze=False)
    for ax, model in zip(axes[0], models):
        rows = affine[affine.noise_model == model]
        for method in methods:
            r = rows[rows.method == method].groupby("rounds").bound_ratio_true_path.agg(
                ["mean", "min", "max"])
            if r.empty:
                continue
            ax.errorbar(r.index, r["mean"], yerr=[r["mean"] - r["min"], r["max"] - r["mean"]],
                        marker="o", capsize=2, label=method)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("rounds per pair and window")
        ax.set_title(f"noise: {model}", fontsize=9)
        ax.grid(alpha=0.3, which="both")
    axes[0][0].set_ylabel("A->C bound / (half the true min RTT), log")
    axes[0][0].legend(fontsize=7, loc="center right")
    fig.suptitle("Bound ratio vs rounds per noise model (load 0.7 over every probe window; bars: "
                 "min-max over runs)", fontsize=10)
    few, many = affine.rounds.min(), affine.rounds.max()
    mean = affine.groupby(["noise_model", "method", "rounds"]).bound_ratio_true_path.mean()
    err = affine.groupby(["noise_model", "method", "rounds"]).mean_abs_error_us.mean()
    parts = []
    for model in models:
        best = mean.loc[model].xs(many, level="rounds").idxmin()
        parts.append(f"{model}: CP {mean[model, 'CP', few]:.2f} -> {mean[model, 'CP', many]:.2f}, "
                     f"CP_BUSY {mean[model, 'CP_BUSY', few]:.2f} -> "
                     f"{mean[model, 'CP_BUSY', many]:.2f}, best at {many:g} rounds {best}")
    # Where CP loses to its baselines (NTP, ReT), on the bound and on the actual error.
    losses = []
    for model in models:
        for base in ("NTP", "ReT"):
            if (model, base, many) not in mean.index:
                continue
            worse = []
            if mean[model, base, many] < mean[model, "CP", many]:
                worse.append(f"bound {mean[model, base, many]:.2f} vs {mean[model, 'CP', many]:.2f}")
            if err[model, base, many] < err[model, "CP", many]:
                worse.append(f"actual error {err[model, base, many]:.0f} vs "
                             f"{err[model, 'CP', many]:.0f} us")
            if worse:
                losses.append(f"{model}: {base} beats CP ({', '.join(worse)})")
    lose = ("Where CP loses to a baseline at " + f"{many:g} rounds: " + "; ".join(losses)
            if losses else f"CP beats NTP and ReT on bound and actual error at {many:g} rounds "
            "under every noise model here")
    covered = affine.covered.sum() / affine.n.sum()
    result.append((save(fig, os.path.join(out, "relation-bound-ratio.png")),
                   f"A->C bound / half the path's true minimum RTT from {few:g} to {many:g} "
                   f"rounds: " + "; ".join(parts) + f". {lose}. Coverage {covered:.1%}, by "
                   f"construction: these noise models change only delays, which every bound "
                   f"admits (the clock models below are what can break it)."))

    wander = m[m.tsc_model != "constant"]
    if not wander.empty:
        fig, ax = plt.subplots(figsize=(7, 4))
        shown = ["CP", "CP_MULTI", "NTP", "ReT"]
        cases = [(t, w) for t in ("step", "walk") for w in (False, True)
                 if ((wander.tsc_model == t) & (wander.wander_term == w)).any()]
        width = 0.8 / len(shown)
        cov = wander[wander.path == "A->C"].groupby(
            ["tsc_model", "wander_term", "method"])[["covered", "n"]].sum()
        for k, method in enumerate(shown):
            vals = []
            for t, w in cases:
                c = cov.loc[(t, w, method)] if (t, w, method) in cov.index else None
                vals.append(c.covered / c.n if c is not None and c.n > 0 else 0.0)
            ax.bar([i + k * width for i in range(len(cases))], vals, width, label=method)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(cases))],
                      [f"{t}\nterm {'on' if w else 'off'}" for t, w in cases])
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("A->C coverage (0 = fit refuted)")
        ax.set_title("Non-affine TSCs over 606 s: coverage without and with the class's wander "
                     "term", fontsize=9)
        ax.grid(alpha=0.3, axis="y")
        ax.legend(fontsize=7)
        lines = []
        for t in ("step", "walk"):
            if (t, False, "CP") in cov.index and (t, True, "CP") in cov.index:
                off, on = cov.loc[(t, False, "CP")], cov.loc[(t, True, "CP")]
                ratio = wander[(wander.tsc_model == t) & wander.wander_term &
                               (wander.method == "CP") &
                               (wander.path == "A->C")].bound_ratio_true_path
                lines.append(f"{t}: CP covers {off.covered / off.n:.0%} without the term and "
                             f"{on.covered / on.n:.0%} with the TCXO class's term (bound / half the "
                             f"path's true RTT "
                             f"{ratio.mean():.1f})")
        ntp = cov.xs("NTP", level="method")
        errs = wander[wander.path == "A->C"].groupby("method").mean_abs_error_us.mean()
        result.append((save(fig, os.path.join(out, "relation-wander-coverage.png")),
                       "; ".join(lines) + f"; NTP covers {ntp.covered.sum() / ntp.n.sum():.0%}. "
                       f"Here CP loses to NTP on the actual error too: {errs.get('CP', 0):.0f} us "
                       f"mean vs NTP's {errs.get('NTP', 0):.0f} us (polled every second, NTP "
                       f"follows the wander; CP's two windows are 606 s apart)."))
    return result
