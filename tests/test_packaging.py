"""The set-up promise: dependency lists agree, and the engine imports light."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(req: str) -> str:
    return re.split(r"[<>=!~ \[]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _pyproject_deps() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    reqs = list(data["project"]["dependencies"])
    for extra in data["project"]["optional-dependencies"].values():
        reqs += extra
    return {_name(r): r.replace(" ", "") for r in reqs}


def _environment_deps() -> dict[str, str]:
    out = {}
    in_deps = False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if line.startswith("dependencies:"):
            in_deps = True
            continue
        m = re.match(r"^  - ([A-Za-z0-9_.\-]+[^#]*)$", line)
        if in_deps and m and not m.group(1).startswith(("pip", "python")):
            req = m.group(1).strip()
            out[_name(req)] = req.replace(" ", "")
    return out


def test_environment_yml_matches_pyproject() -> None:
    assert _environment_deps() == _pyproject_deps()


def test_import_hotw_is_light() -> None:
    code = (
        "import hotw, sys; print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('geopandas','shapely','ipywidgets','ipyleaflet','pandas','numpy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_new_game_imports_light() -> None:
    code = (
        "import hotw, sys; hotw.new_game(players=['A','B','C'], seed=1); print(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('geopandas','shapely','ipywidgets','ipyleaflet')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _packages_in_tree() -> set[str]:
    return {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "hotw").rglob("__init__.py")}


def test_every_package_is_listed_for_the_wheel() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    assert _packages_in_tree() | {"hotw.geodata"} == listed


def test_an_installed_wheel_has_its_boards_and_data(tmp_path: Path) -> None:
    """Build the wheel, install it into a folder, and play from outside the checkout: no file may be missing."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "-w", str(wheels), str(ROOT)], check=True, cwd=tmp_path)
    (wheel,) = wheels.glob("hotw-*.whl")
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, cwd=tmp_path)
    code = ("import hotw, hotw.board, random; "
            "assert hotw.__file__.startswith(%r), hotw.__file__; "
            "g = hotw.new_game(players=['A', 'B', 'C'], seed=3); r = random.Random(3)\n"
            "while not g.is_over: g.apply(r.choice(g.legal_actions()))\n"
            "print(len(hotw.board.load_board().lands()), len(hotw.board.load_heroes_board().spaces), g.epoch)"
            % str(target))
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {code}"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["102", "9", "5"]
