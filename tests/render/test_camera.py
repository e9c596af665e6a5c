"""Camera maths (pure): presets, projection/ray consistency, clamps, easing."""

import numpy as np
import pytest

from game.render.camera import (MAX_DISTANCE, MIN_DISTANCE, CameraPose, OrbitCamera, parse_camera, top_pose,
                                project, ray, seat_pose)


@pytest.mark.parametrize("seat,axis,sign", [("S", 1, -1), ("N", 1, 1), ("W", 0, -1), ("E", 0, 1)])
def test_seat_views_sit_behind_their_side(seat, axis, sign):
    eye = seat_pose(seat).basis()[0]
    assert eye[axis] * sign > 5 and eye[2] > 3


def test_projection_and_ray_agree():
    for pose in (parse_camera("S"), parse_camera("top"), parse_camera("123,33"), parse_camera("E")):
        for p in ((0, 0, 0), (3, -3, 2), (-3.4, 2.2, 1)):
            sx, sy, _ = project(pose, p, 800, 600)
            o, d = ray(pose, sx, sy, 800, 600)
            v = np.array(p) - o
            assert np.linalg.norm(np.cross(v, d)) < 1e-6 * max(1, np.linalg.norm(v))


def test_top_view_has_north_up_and_east_right():
    pose = parse_camera("top")
    c = project(pose, (0, 0, 0), 800, 800)
    n = project(pose, (0, 3, 0), 800, 800)
    e = project(pose, (3, 0, 0), 800, 800)
    assert n[1] > c[1] + 100 and abs(n[0] - c[0]) < 1
    assert e[0] > c[0] + 100


def test_zoom_and_elevation_are_clamped():
    cam = OrbitCamera()
    cam.zoom(100)
    assert cam.goal.distance == MIN_DISTANCE
    cam.zoom(-100)
    assert cam.goal.distance == MAX_DISTANCE
    cam.orbit(0, 500)
    assert cam.goal.elevation == 90
    cam.orbit(0, -500)
    assert cam.goal.elevation > 0
    cam.pan(100, 100)
    assert max(abs(cam.goal.target[0]), abs(cam.goal.target[1])) <= 5.0


def test_snap_eases_along_the_short_way_round():
    cam = OrbitCamera(CameraPose(azimuth=350.0))
    cam.snap_seat("S")            # 0 degrees: 10 degrees away, not 350
    assert cam.goal.azimuth == pytest.approx(360.0)
    cam.update(0.05)
    assert 350.0 < cam.pose.azimuth < 360.0
    for _ in range(200):
        cam.update(1 / 60)
    assert cam.settled()


def test_parse_camera_rejects_nonsense():
    with pytest.raises(ValueError):
        parse_camera("sideways")
    assert parse_camera("45,30,12").distance == 12


def test_top_view_keeps_a_seat_between_the_sides():
    """Three seats round a table (0, 120, 240 degrees): T from seat B's view looks down turned to B,
    not to the nearest of the four sides; the four sides still snap as before."""
    thirds = (0.0, 120.0, 240.0)
    assert top_pose(CameraPose(azimuth=120.0), thirds).azimuth == 120.0
    assert top_pose(CameraPose(azimuth=250.0), thirds).azimuth == 240.0
    assert top_pose(CameraPose(azimuth=-120.0), thirds).azimuth == 240.0
    assert top_pose(CameraPose(azimuth=100.0)).azimuth == 90.0
    assert top_pose(CameraPose(azimuth=100.0), ("S", "W", "N", "E")).azimuth == 90.0
    assert top_pose(CameraPose(azimuth=-95.0)).azimuth == 270.0
    assert top_pose(CameraPose(azimuth=44.0), thirds).azimuth == 0.0
