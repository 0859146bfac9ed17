"""Build the static page: the game and the lessons with Python running in the browser.

JupyterLite with its Pyodide kernel, Voici for the classroom app view, notebooks 01-03, and every
file the page loads bundled in the output folder: the Pyodide runtime (the npm package, pinned), a
lock file made here that lists only the wheels in the folder (hotw, ipywidgets, ipyleaflet, IPython
and what they need, all pure Python), and the front-end extensions. Nothing is fetched at run time.

Run by ``make lite`` with the build tools' own environment (build/lite-venv):

    build/lite-venv/bin/python lite/build.py --out dist/lite
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
WORK = ROOT / "build" / "lite"          # the JupyterLite source folder, made anew by each build
CACHE = ROOT / "build" / "lite-cache"   # downloads kept between builds

# The Pyodide the kernel was released against (checked against the kernel package below).
PYODIDE_VERSION = "314.0.6"
PYODIDE_PYTHON = "3.14"
PYODIDE_CORE = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "package.json"]
MARKUPSAFE = "3.0.3"

# The notebooks in the page, and the ones left out with the reason the README gives.
NOTEBOOKS = ["01_play.ipynb", "01_play.ja.ipynb", "01_play.es.ipynb", "02_rules_walkthrough.ipynb",
             "02_rules_walkthrough.ja.ipynb", "02_rules_walkthrough.es.ipynb", "03_history_classroom.ipynb",
             "05_heroes.ipynb", "05_heroes_walkthrough.ipynb", "07_classic_walkthrough.ipynb"]
LEFT_OUT = {
    "04_what_if.ipynb": "needs pandas and matplotlib, compiled for the browser only in Pyodide's own "
                        "distribution, which the package registries do not carry",
    "06_lesson_builder.ipynb": "its what-if panel plays in a thread, which Python in a web page cannot start",
}
APP_NOTEBOOK = "01_play"

# Packages that other wheels require but the browser's Python does not need: the front-end halves of
# the widgets (the page has them as extensions).
NOT_IN_KERNEL = {"jupyterlab-widgets", "jupyter-leaflet"}

# The environment markers of Pyodide's Python, for the dependencies a wheel declares.
BROWSER_MARKERS = {
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "python_version": PYODIDE_PYTHON,
    "python_full_version": f"{PYODIDE_PYTHON}.2", "platform_release": "", "platform_version": "",
    "implementation_version": f"{PYODIDE_PYTHON}.2", "extra": "",
}


def run(*cmd: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd, env=env)


def pip(*args: str | Path, env: dict[str, str] | None = None) -> None:
    run(sys.executable, "-m", "pip", "--disable-pip-version-check", *args, env=env)


# -- the pieces -------------------------------------------------------------------------------------

def pyodide_core() -> Path:
    """The Pyodide runtime from the npm package (only the core: the lock below lists our own wheels)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as expected

    if expected != PYODIDE_VERSION:
        sys.exit(f"the Pyodide kernel expects Pyodide {expected}, this build pins {PYODIDE_VERSION}: "
                 "change both together")
    dest = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (dest / "pyodide.asm.wasm").is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
        if not tgz.is_file():
            run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE)
        shutil.rmtree(dest, ignore_errors=True)
        with tarfile.open(tgz) as tar:
            tar.extractall(CACHE / "npm", filter="data")
        (CACHE / "npm" / "package").rename(dest)
    missing = [f for f in PYODIDE_CORE if not (dest / f).is_file()]
    if missing:
        sys.exit(f"the pyodide npm package has no {', '.join(missing)}")
    return dest


def kernel_wheels() -> list[Path]:
    """The pinned pure-Python wheels from PyPI, one by one (--no-deps: the pins are the whole set)."""
    dest = CACHE / "wheels"
    pip("download", "--quiet", "--no-deps", "--only-binary", ":all:", "--platform", "any",
        "--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none",
        "-r", LITE / "requirements-kernel.txt", "-d", dest)
    pins = {canonicalize_name(Requirement(line).name): line.split("==")[1]
            for line in (LITE / "requirements-kernel.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")}
    found = {}
    for whl in dest.glob("*.whl"):
        name, version = whl.name.split("-")[:2]
        if pins.get(canonicalize_name(name)) == version:
            found[canonicalize_name(name)] = whl
    missing = sorted(set(pins) - set(found))
    if missing:
        sys.exit(f"no wheel downloaded for {missing}")
    return sorted(found.values())


def markupsafe_wheel() -> Path:
    """MarkupSafe (needed by Jinja2, needed by ipyleaflet's branca) built without its optional C speedups.

    PyPI has only compiled wheels of MarkupSafe; its sdist falls back to plain Python when the C
    compiler fails, which CC=false makes certain, and the wheel is then py3-none-any.
    """
    dest = CACHE / "markupsafe"
    whl = dest / f"markupsafe-{MARKUPSAFE}-py3-none-any.whl"
    if not whl.is_file():
        pip("download", "--quiet", "--no-deps", "--no-binary", ":all:", f"markupsafe=={MARKUPSAFE}",
            "-d", dest / "src")
        sdist = next((dest / "src").glob(f"markupsafe-{MARKUPSAFE}.tar.gz"))
        pip("wheel", "--quiet", "--no-deps", "-w", dest, sdist, env={**os.environ, "CC": "false"})
    if not whl.is_file():
        sys.exit(f"MarkupSafe did not build as a pure-Python wheel: {sorted(p.name for p in dest.iterdir())}")
    return whl


def hotw_wheel() -> Path:
    dest = CACHE / "hotw"
    shutil.rmtree(dest, ignore_errors=True)
    pip("wheel", "--quiet", "--no-deps", "-w", dest, ROOT)
    return next(dest.glob("hotw-*-py3-none-any.whl"))


def kernel_extension() -> Path:
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"


def kernel_own_wheels() -> list[Path]:
    """The kernel's own wheels (the kernel, piplite, and its stand-ins for ipykernel and widgetsnbextension)."""
    pypi = kernel_extension() / "static" / "pypi"
    picked = [next(pypi.glob(f"{stem}-*-py3-none-any.whl"))
              for stem in ("pyodide_kernel", "piplite", "ipykernel")]
    return picked + [next(pypi.glob("widgetsnbextension-4.*-py3-none-any.whl"))]


# -- the lock ---------------------------------------------------------------------------------------

def wheel_entry(whl: Path) -> tuple[dict, list[Requirement]]:
    """A pyodide-lock.json entry for one pure-Python wheel, and its declared requirements."""
    with zipfile.ZipFile(whl) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(meta_name).decode())
        wheel_info = zf.read(meta_name.replace("METADATA", "WHEEL")).decode()
    if "Root-Is-Purelib: true" not in wheel_info:
        sys.exit(f"{whl.name} is not a pure-Python wheel")
    imports = set()
    for n in names:
        top = n.split("/")[0]
        if top.endswith((".dist-info", ".data")) or top.startswith("_"):
            continue
        if "/" in n and n.endswith("/__init__.py") and n.count("/") == 1:
            imports.add(top)
        elif "/" not in n and n.endswith(".py"):
            imports.add(n[:-3])
    requires = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    entry = {
        "name": canonicalize_name(meta["Name"]), "version": meta["Version"], "file_name": whl.name,
        "install_dir": "site", "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(),
        "package_type": "package", "imports": sorted(imports), "depends": [], "unvendored_tests": False,
    }
    return entry, requires


def make_lock(core: Path, wheels: list[Path]) -> dict:
    """Pyodide's lock with its package list replaced by the wheels bundled here (the npm package
    holds none of the wheels its own lock lists, and Pyodide's rebuilt files differ from PyPI's)."""
    lock = json.loads((core / "pyodide-lock.json").read_text())
    entries, requires = {}, {}
    for whl in wheels:
        entry, reqs = wheel_entry(whl)
        entries[entry["name"]] = entry
        requires[entry["name"]] = reqs
    problems = []
    for name, entry in entries.items():
        for req in requires[name]:
            if req.marker is not None and not req.marker.evaluate(BROWSER_MARKERS):
                continue
            dep = canonicalize_name(req.name)
            if dep in entries:
                entry["depends"].append(dep)
            elif dep not in NOT_IN_KERNEL:
                problems.append(f"{name} needs {req}, which is not bundled")
    if problems:
        sys.exit("\n".join(problems))
    lock["packages"] = {name: {**e, "depends": sorted(set(e["depends"]))} for name, e in sorted(entries.items())}
    return lock


# -- the site ---------------------------------------------------------------------------------------

def browser_notebook(src: Path, dest: Path) -> None:
    """A notebook for the page: the Pyodide kernel's name, no outputs."""
    nb = json.loads(src.read_text())
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    nb["metadata"].get("language_info", {}).pop("version", None)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def assemble(out: Path) -> None:
    core = pyodide_core()
    wheels = [*kernel_wheels(), markupsafe_wheel(), hotw_wheel(), *kernel_own_wheels()]
    lock = make_lock(core, wheels)

    shutil.rmtree(WORK, ignore_errors=True)
    pyodide_dir = WORK / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, pyodide_dir / name)
    for whl in wheels:
        shutil.copy2(whl, pyodide_dir / whl.name)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")

    files = WORK / "files"
    files.mkdir()
    for name in NOTEBOOKS:
        browser_notebook(ROOT / "notebooks" / name, files / name)

    labext = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    extensions = [kernel_extension(), labext / "@jupyter-widgets" / "jupyterlab-manager", labext / "jupyter-leaflet"]
    build_config = {
        "LiteBuildConfig": {
            "apps": ["lab", "notebooks", "repl"],
            "contents": ["files"],
            # Only the extensions the page needs (the build tools bring others, e.g. Voila's preview).
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(p) for p in extensions],
            "no_sourcemaps": True,
            "output_dir": str(out),
        },
    }
    (WORK / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n")

    config = json.loads((LITE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    # Every bundled package is loaded as the kernel starts: nothing is installed later from anywhere.
    kernel["loadPyodideOptions"]["packages"] = sorted(lock["packages"])
    (WORK / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")

    if out.exists():
        shutil.rmtree(out)
    env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
    run(Path(sys.executable).parent / "jupyter-lite", "build", "--lite-dir", WORK, "--output-dir", out, cwd=WORK, env=env)
    write_app_page(out)
    check(out, lock)


def app_link(notebook: Path) -> str:
    """The classroom link of a notebook: JupyterLite's REPL runs its code cells with the code hidden."""
    from urllib.parse import urlencode

    nb = json.loads(notebook.read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    params = [("kernel", "python"), ("toolbar", "0"), ("showBanner", "0"), ("hideCodeInput", "1"),
              ("clearCodeContentOnExecute", "1"), *[("code", cell) for cell in cells]]
    return "repl/index.html?" + urlencode(params)


def write_app_page(out: Path) -> None:
    """``app.html``: a short address for the classroom that opens the game without code."""
    link = html.escape(app_link(ROOT / "notebooks" / f"{APP_NOTEBOOK}.ipynb"))
    (out / "app.html").write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>History of the World</title>'
        f'<meta http-equiv="refresh" content="0; url={link}"></head>'
        f'<body><p><a href="{link}">Open the game</a> (Python starts in this page: about half a minute)</p>'
        f'</body></html>\n')


def check(out: Path, lock: dict) -> None:
    """The folder holds every file the page loads: the runtime, each locked wheel, the notebooks."""
    pyodide_dir = out / "static" / "pyodide"
    missing = [f for f in PYODIDE_CORE if not (pyodide_dir / f).is_file()]
    for entry in lock["packages"].values():
        whl = pyodide_dir / entry["file_name"]
        if not whl.is_file() or hashlib.sha256(whl.read_bytes()).hexdigest() != entry["sha256"]:
            missing.append(entry["file_name"])
    for name in NOTEBOOKS:
        if not (out / "files" / name).is_file():
            missing.append(f"files/{name}")
    if missing:
        sys.exit(f"the page is incomplete: {missing}")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out}: {size / 2**20:.1f} MiB, {len(lock['packages'])} wheels, "
          f"notebooks {', '.join(NOTEBOOKS)}; left out: {', '.join(LEFT_OUT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "lite")
    args = parser.parse_args()
    assemble(args.out.resolve())


if __name__ == "__main__":
    main()
