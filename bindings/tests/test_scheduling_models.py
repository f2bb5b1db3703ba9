"""OneClock model layer from Python: reference predictors, the offline evaluation, the Table II
server types and synthetic service-time series (no simulator)."""
import pytest

import chronometry


def feed(predictor, samples):
    out = []
    for x in samples:
        predictor.update(x)
        out.append(predictor.predict())
    return out


def test_reference_predictors_by_hand():
    assert feed(chronometry.scheduling.ReferencePredictor("LastSample"), [10, 30, 20]) == [10, 30, 20]
    assert feed(chronometry.scheduling.ReferencePredictor("WindowMedian", 3), [10, 1000, 20, 30, 40]) == \
        [10, 505, 20, 30, 30]
    calibrated = chronometry.scheduling.ReferencePredictor("Calibrated", 2)
    assert feed(calibrated, [10, 20, 1000, 5000]) == [10, 15, 15, 15]
    assert calibrated.sample_count == 4 and calibrated.kind == "Calibrated"
    with pytest.raises(ValueError, match="WindowMedian"):
        chronometry.scheduling.ReferencePredictor("Median")
    with pytest.raises(ValueError, match="window"):
        chronometry.scheduling.ReferencePredictor("LastSample", 0)


def test_evaluation_by_hand():
    ev = chronometry.scheduling.evaluate_predictors([10, 20, 40, 40], [10, 10, 40, 40], window=2, skip=1)
    assert ev["Average"]["count"] == 3
    assert ev["Average"]["mae_ns"] == pytest.approx(15)
    assert ev["Baseline"]["mae_ns"] == pytest.approx(100 / 3)
    assert ev["LevelOracle"]["mae_ns"] == pytest.approx(10 / 3)
    assert "LevelOracle" not in chronometry.scheduling.evaluate_predictors([10, 20, 40], window=2)
    with pytest.raises(ValueError, match="levels"):
        chronometry.scheduling.evaluate_predictors([10, 20], [1])


def test_server_types_and_series():
    types = chronometry.scheduling.server_types()
    assert [t["name"] for t in types] == ["I", "II", "III", "IV", "V", "VI"]
    assert types[0]["platform"] == "Amazon / t2.micro"
    s = chronometry.scheduling.draw_service_series(2000, server_type="V", stream=3)
    assert len(s["ete_ns"]) == 2000 and min(s["ete_ns"]) >= 0
    mean = sum(s["ete_ns"]) / len(s["ete_ns"])
    assert mean == pytest.approx(types[4]["mean_ns"], rel=0.15)
    again = chronometry.scheduling.draw_service_series(2000, server_type="V", stream=3)
    assert again["ete_ns"] == s["ete_ns"]  # same stream, same draws
    # A degraded regime (x3) and a one-time calibration that cannot follow it.
    r = chronometry.scheduling.draw_service_series(
        3000, attributes={"DegradedSlowdown": "3", "NormalDwell": "20s", "DegradedDwell": "20s"},
        stream=5)
    assert 0.3 < sum(r["degraded"]) / 3000 < 0.7
    ev = chronometry.scheduling.evaluate_predictors(r["ete_ns"], r["level_ns"], skip=20)
    assert ev["Calibrated"]["mae_ns"] > 2 * ev["Average"]["mae_ns"]
    assert ev["LevelOracle"]["mae_ns"] < ev["Average"]["mae_ns"]
    with pytest.raises(ValueError, match="VI"):
        chronometry.scheduling.draw_service_series(10, server_type="VII")
    with pytest.raises(ValueError, match="not a ns3::ServiceTimeModel attribute"):
        chronometry.scheduling.draw_service_series(10, attributes={"Bse": "1ms"})
    with pytest.raises(ValueError, match="DegradedSlowdown"):
        chronometry.scheduling.draw_service_series(10, attributes={"DegradedSlowdown": "0.5"})
    with pytest.raises(ValueError, match="count"):
        chronometry.scheduling.draw_service_series(0)
