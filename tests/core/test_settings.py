"""Settings persist as TOML; a damaged file falls back to the defaults with a warning."""

from __future__ import annotations

import pytest

from game.settings import Settings, format_settings, load_settings, parse_settings, save_settings


def test_settings_round_trip_through_the_file(tmp_path):
    chosen = Settings(language="ja", ui_scale=1.5, fullscreen=True, msaa=0, animation_speed=2.0,
                      bot_delay=0.0, colour_blind=True)
    path = save_settings(chosen, str(tmp_path / "cfg" / "settings.toml"))
    assert load_settings(path) == chosen
    assert parse_settings(format_settings(Settings())) == Settings()


def test_missing_file_gives_defaults_silently(tmp_path):
    warnings = []
    assert load_settings(str(tmp_path / "none.toml"), warn=warnings.append) == Settings()
    assert warnings == []


@pytest.mark.parametrize("text,problem", [
    ("language = [", "not valid TOML"),
    ('language = "fr"\n', "language must be one of auto, ja, en, not 'fr'"),
    ("ui_scale = 9\n", "ui_scale = 9 is out of range 0.75..2.0"),
    ('fullscreen = "yes"\n', "fullscreen must be true or false"),
    ("volume = 3\n", "unknown setting 'volume'"),
])
def test_damaged_settings_fall_back_to_defaults_with_a_warning(tmp_path, text, problem):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    warnings = []
    assert load_settings(str(path), warn=warnings.append) == Settings()
    assert len(warnings) == 1 and problem in warnings[0] and str(path) in warnings[0]
    assert path.read_text() == text  # left for the player to see


def test_binary_settings_file_falls_back(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe\0\0")
    warnings = []
    assert load_settings(str(path), warn=warnings.append) == Settings()
    assert "cannot be read" in warnings[0]


def test_folders_follow_the_environment_overrides(tmp_path, monkeypatch):
    from game import settings
    monkeypatch.setenv("TRENCH_WAR_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRENCH_WAR_DATA_DIR", str(tmp_path / "d"))
    assert settings.settings_path() == str(tmp_path / "c" / "settings.toml")
    assert settings.data_dir() == str(tmp_path / "d")
