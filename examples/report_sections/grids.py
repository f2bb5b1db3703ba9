"""The report's grids: one per study and size (demo: make demo's; tiny: the test's)."""
US = 1_000
MS = 1_000_000

# One grid per study and size. "demo": the README's make demo (145 points, under a minute
# on 2 cores); "tiny": the test's (seconds).
GRIDS = {
    "demo": {
        "replay": dict(nodes=[32], skew_bound_ns=[1 * MS, 2 * MS, 4 * MS], interval_ns=[100 * US],
                       delay_ns=[1 * US, 8 * US, 6 * MS], rate=[20, 80, 160],
                       duration_ns=[400 * MS], run=[1, 2]),
        "relation": None,  # _relation_grid("demo") below
        # E x predictor on the thesis LAN, then delta across the 50 ms send-ahead on the
        # switched LAN (the CSMA channel would serialize the burst and queue, not delay).
        "scheduling": ([dict(servers=4, operations=100, skew_bound_ns=e, delay_ns=100 * US,
                             predictor=p, run=1)
                        for e in (10 * US, 100 * US, 1 * MS, 10 * MS)
                        for p in ("Baseline", "Average", "FtAverage", "Kalman")] +
                       [dict(servers=4, operations=50, skew_bound_ns=100 * US, delay_ns=d * MS,
                             send_ahead_ns=50 * MS, topology="switched", predictor=p, run=1)
                        for d in (1, 20, 40, 48, 52, 60, 80) for p in ("Baseline", "FtAverage")]),
        # Linking vs the baselines over alpha (3 runs each, about 200 to 1,600 messages per
        # run) and reconciled delays over E x drift (10 s at alpha = 2/s); the headline grid (20
        # runs of >= 500 messages) is examples/wap5-study-table.py.
        "inference": ([dict(rate=a, duration_ns=d, run=r)
                       for a, d in ((1.0, 10000 * MS), (10.0, 2000 * MS), (40.0, 1000 * MS),
                                    (80.0, 1000 * MS)) for r in (1, 2, 3)] +
                      [dict(rate=2.0, duration_ns=10000 * MS, skew_bound_ns=e, drift_ppm=p, run=1)
                       for e in (0, 10 * MS, 100 * MS) for p in (0.0, 50.0, 200.0)]),
        "rda": dict(loss_rate=[0.01, 0.1], reorder_rate=[0.0, 0.002, 0.02, 0.1],
                    packet_interval_ns=[100 * US], intervals=[3], run=[1]),
        # E over the servo x sync interval on an idle star, over the hops of a line of
        # switches (transparent, boundary or plain), and over the load through transparent
        # clocks against plain switches; every point SYNC_RUNS times (figures: mean and 95%
        # interval). Boundary clocks cascade servos: the line is scored after a longer warm-up.
        "sync": None,  # _sync_grid("demo") below
    },
    "tiny": {
        "replay": dict(nodes=[5], skew_bound_ns=[200 * US, 400 * US], interval_ns=[100 * US],
                       delay_ns=[5 * US, 1 * MS], rate=[40, 160], duration_ns=[40 * MS],
                       run=[1]),
        "relation": None,  # _relation_grid("tiny") below
        "scheduling": ([dict(servers=2, operations=10, skew_bound_ns=e, delay_ns=100 * US,
                             predictor=p, run=1)
                        for e in (10 * US, 10 * MS) for p in ("Baseline", "Kalman")] +
                       [dict(servers=2, operations=10, skew_bound_ns=100 * US, delay_ns=d * MS,
                             send_ahead_ns=50 * MS, topology="switched", predictor="Baseline",
                             run=1) for d in (20, 60)]),
        "inference": ([dict(rate=a, duration_ns=500 * MS, run=r) for a in (10.0, 40.0)
                       for r in (1, 2)] +
                      [dict(rate=2.0, duration_ns=2000 * MS, skew_bound_ns=e, drift_ppm=p, run=1)
                       for e in (0, 100 * MS) for p in (0.0, 200.0)]),
        "rda": dict(loss_rate=[0.01, 0.1], reorder_rate=[0.0, 0.02],
                    packet_interval_ns=[400 * US], intervals=[2], interval_length_ns=[50 * MS],
                    run=[1]),
        "sync": None,  # _sync_grid("tiny") below
    },
}


#: Runs (RngRun 1..k) of every sync point: the figures show each point's mean and 95% interval.
SYNC_RUNS = {"demo": 5, "tiny": 2}


def _sync_grid(size):
    """The sync study's three parts, every point with runs 1..SYNC_RUNS[size] (as
    chronometry_sweep.replicate): the servo x sync interval on an idle star, the hops of a line
    of switches, and the load through transparent clocks against plain switches."""
    if size == "demo":
        servos, intervals, nodes = SERVOS, (31250 * US, 125 * MS, 1000 * MS), 8
        switches, loads = (1, 2, 4, 8), (0.0, 0.1, 0.3)
    else:
        servos, intervals, nodes = (SERVOS[0], SERVOS[2]), (125 * MS, 1000 * MS), 3
        switches, loads = (1, 3), (0.0, 0.2)
    kinds = ((True, False), (False, True), (False, False)) if size == "demo" else \
        ((True, False), (False, True))
    seconds = {part: dict(duration_ns=d * 1000 * MS, warmup_ns=w * 1000 * MS)
               for part, (d, w) in SYNC_SECONDS[size].items()}
    grid = ([dict(nodes=nodes, servo=sv, sync_interval_ns=i, **seconds["star"])
             for sv in servos for i in intervals] +
            [dict(nodes=nodes, topology="line", switches=k, transparent_clocks=tc,
                  boundary_clocks=bc, **seconds["line"]) for k in switches for tc, bc in kinds] +
            [dict(nodes=3, load=x, transparent_clocks=tc, lock_threshold_ns=100 * US,
                  **seconds["load"]) for x in loads for tc in (True, False)])
    return [dict(p, run=r) for p in grid for r in range(1, SYNC_RUNS[size] + 1)]


#: The servos the sync points compare, by their TypeId (the sync study's Servo; the CSV's servo
#: cell holds it as given). Their former short names (pi, linreg, settime) are deprecated.
SERVOS = ("ns3::PiServo", "ns3::LinRegServo", "ns3::SetTimeServo")


def servo_label(servo):
    """A servo's TypeId as a figure or a file names it ("ns3::PiServo" -> "PiServo")."""
    return servo.rpartition("::")[2]


#: Simulated seconds (duration, warm-up: E is scored after it) of each part's sync points. The
#: loaded points cost ~2 s of CPU per simulated second at load 0.3: 10 s each, scored from 8 s
#: (E at load 0 through transparent clocks: 3-9 ns over five runs, against 30-97 ns from 5 s).
SYNC_SECONDS = {"demo": {"star": (30, 15), "line": (60, 30), "load": (10, 8)},
                "tiny": {"star": (4, 2), "line": (4, 2), "load": (2, 1)}}


def _relation_grid(size):
    """Two parts, every point with the same keys: the noise models against the rounds (quiescent
    = busy rounds), and non-affine TSCs over a 606 s window with the wander term off and on."""
    noise = ["none", "host", "route", "all"] if size == "demo" else ["none", "route"]
    rounds = [2, 8, 32] if size == "demo" else [2, 8]
    runs = [1, 2] if size == "demo" else [1]
    base = dict(drift_ppm=20.0, drift_step_min_ppm=0.0, drift_step_ppm=4.0, walk_spread_ppm=0.1,
                oscillator_class="XO", bound_source="class", asymmetry_ns=100 * US, load=0.7,
                workload_ns=4000 * MS, tuple_interval_ns=5 * MS, both_directions=True,
                tsc_model="constant", wander_term=False, noise_model="none", rounds=100,
                busy_rounds=20)
    if size != "demo":
        base.update(workload_ns=2000 * MS)
    points = [dict(base, noise_model=m, rounds=n, busy_rounds=n, run=r)
              for m in noise for n in rounds for r in runs]
    models = ["step", "walk"] if size == "demo" else ["step"]
    # the step: 1-8 ppm at a random time; the term's J and sigma from the TCXO class
    points += [dict(base, tsc_model=t, wander_term=w, workload_ns=600_000 * MS, drift_ppm=2.0,
                    oscillator_class="TCXO", drift_step_min_ppm=1.0, drift_step_ppm=8.0,
                    tuple_interval_ns=1000 * MS, asymmetry_ns=0, load=0.0, run=r)
               for t in models for w in (False, True) for r in runs]
    return points


for _size in GRIDS:
    GRIDS[_size]["relation"] = _relation_grid(_size)
    GRIDS[_size]["sync"] = _sync_grid(_size)


CSV_HEADERS = {  # attribute of the study's submodule with its runner's CSV header
    "replay": "REPLAY_STUDY_CSV_HEADER",
    "relation": "RELATION_STUDY_CSV_HEADER",
    "scheduling": "SCHEDULING_STUDY_CSV_HEADER",
    "inference": "INFERENCE_STUDY_CSV_HEADER",
    "rda": "RDA_STUDY_CSV_HEADER",
    "sync": "SYNC_STUDY_CSV_HEADER",
}


def csv_header(study):
    """A study's CSV header (CSV_HEADERS' attribute of the submodule its runner lives in:
    chronometry.causality.REPLAY_STUDY_CSV_HEADER), or None for a study without one here."""
    import importlib

    import chronometry_sweep as cs
    if study not in CSV_HEADERS:
        return None
    return getattr(importlib.import_module(cs.STUDIES[study].split(":")[0]), CSV_HEADERS[study])
