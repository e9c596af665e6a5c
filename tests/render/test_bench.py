"""measure_frame_ms returns its figures (no timing assertion)."""

from game.render.bench import measure_frame_ms
from game.tables.trench.ui import TrenchUI


def test_measure_frame_ms_reports_median_and_p90(offscreen):
    r = measure_frame_ms(160, 90, frames=3, bench_scene=TrenchUI().bench_scene)
    assert r["frames"] == 3 and (r["width"], r["height"]) == (160, 90)
    assert 0 < r["min"] <= r["median"] <= r["p90"]
    assert r["median_ms"] == r["median"] and r["p90_ms"] == r["p90"]


def test_a_moving_camera_is_measured_at_the_size_a_window_draws_it(offscreen, monkeypatch):
    """``moving_scale``: the frames of a moving camera are drawn that much smaller (as
    ``MotionFrames`` does in a window) and stretched; a still camera's stay full size."""
    from game.render.renderer import Renderer
    sizes = []
    render = Renderer.render

    def spy(self, scene, pose, fbo, w, h, *args, **kwargs):
        sizes.append((w, h))
        return render(self, scene, pose, fbo, w, h, *args, **kwargs)
    monkeypatch.setattr(Renderer, "render", spy)
    r = measure_frame_ms(160, 90, frames=2, animating=True, rebuild_all=True, moving_scale=0.5,
                         bench_scene=TrenchUI().bench_scene)
    assert set(sizes) == {(80, 45)} and r["moving_scale"] == 0.5 and r["frames"] == 2
    sizes.clear()
    r = measure_frame_ms(160, 90, frames=2, moving_scale=0.5, bench_scene=TrenchUI().bench_scene)
    assert set(sizes) == {(160, 90)} and r["moving_scale"] == 1.0
