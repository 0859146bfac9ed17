"""Keep the notebooks as they are committed: no outputs but the checked ones, and the metadata the kernel reports.

    .venv/bin/python scripts/refresh_notebooks.py            # strip outputs, set the metadata
    .venv/bin/python scripts/refresh_notebooks.py --run      # also run each notebook and keep the new
                                                             # expected text of its # NBVAL_CHECK_OUTPUT cells

JupyterLab writes the kernel's name and language into a notebook as soon as the kernel starts;
when they differ from what the file holds, the notebook is marked modified before anyone has
touched it. So the files hold exactly what the project's kernel (ipykernel, this Python) reports.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHECK = "# NBVAL_CHECK_OUTPUT"

#: What ipykernel reports (the Python version is this interpreter's).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py", "mimetype": "text/x-python",
    "name": "python", "nbconvert_exporter": "python", "pygments_lexer": "ipython3",
    "version": ".".join(map(str, sys.version_info[:3])),
}


def checked(cell: dict) -> bool:
    """True for a code cell whose output nbval compares (it keeps its output in the file)."""
    return cell["cell_type"] == "code" and "".join(cell["source"]).lstrip().startswith(CHECK)


def tidy(doc: dict, ran: dict | None = None) -> dict:
    """``doc`` with the kernel's metadata, outputs only in checked cells (those of ``ran`` when given)."""
    doc["metadata"]["kernelspec"] = KERNELSPEC
    doc["metadata"]["language_info"] = LANGUAGE_INFO
    count = 0
    ids = {cell.get("id") for cell in doc["cells"]}
    for i, cell in enumerate(doc["cells"]):
        if "id" not in cell:  # nbformat 4.5 needs one (a missing id will become an error): the cell's place
            cell["id"] = next(f"c{i:02d}{s}" for s in ("", "x", "y", "z") if f"c{i:02d}{s}" not in ids)
            ids.add(cell["id"])
        if cell["cell_type"] != "code":
            continue
        if checked(cell):
            count += 1
            if ran is not None:  # the new outputs, numbered as if only the checked cells ran
                outputs = ran["cells"][i]["outputs"]
                cell["outputs"] = [{**o, "execution_count": count} if "execution_count" in o else o for o in outputs]
                cell["execution_count"] = count
        else:
            cell["outputs"] = []
            cell["execution_count"] = None
    return doc


def run(path: Path) -> dict:
    """The notebook executed in its own directory (as nbval runs it)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    return json.loads(nbformat.writes(nb))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--run", action="store_true", help="run the notebooks and keep the checked cells' outputs")
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks (default: all of notebooks/)")
    args = parser.parse_args()
    for path in args.notebooks or NOTEBOOKS:
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc = tidy(doc, run(path) if args.run else None)
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.name}: {sum(checked(c) for c in doc['cells'])} checked cells")


if __name__ == "__main__":
    main()
