"""measure_frame_ms returns its figures (no timing assertion)."""

from game.render.bench import measure_frame_ms
from game.tables.trench.ui import TrenchUI


def test_measure_frame_ms_reports_median_and_p90(offscreen):
    r = measure_frame_ms(160, 90, frames=3, bench_scene=TrenchUI().bench_scene)
    assert r["frames"] == 3 and (r["width"], r["height"]) == (160, 90)
    assert 0 < r["min"] <= r["median"] <= r["p90"]
    assert r["median_ms"] == r["median"] and r["p90_ms"] == r["p90"]
