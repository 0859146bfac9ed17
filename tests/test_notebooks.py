"""The notebooks as committed: outputs only where nbval compares them, and the metadata the kernel reports.

JupyterLab writes the kernel's name and language into a notebook when its kernel starts; a file
that holds something else is marked modified as soon as it opens (scripts/refresh_notebooks.py
writes what ipykernel reports).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("refresh_notebooks", ROOT / "scripts" / "refresh_notebooks.py")
assert spec is not None and spec.loader is not None
refresh = importlib.util.module_from_spec(spec)
spec.loader.exec_module(refresh)


@pytest.mark.parametrize("path", refresh.NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_keeps_only_checked_outputs_and_the_kernels_metadata(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["metadata"]["kernelspec"] == refresh.KERNELSPEC
    info = doc["metadata"]["language_info"]
    assert {k: v for k, v in info.items() if k != "version"} == {
        k: v for k, v in refresh.LANGUAGE_INFO.items() if k != "version"}
    ids = [cell.get("id") for cell in doc["cells"]]
    assert None not in ids and len(set(ids)) == len(ids), "every cell has an id of its own (nbformat 4.5)"
    for cell in doc["cells"]:
        if cell["cell_type"] == "code" and not refresh.checked(cell):
            assert cell["outputs"] == [] and cell["execution_count"] is None, "".join(cell["source"])[:80]
        elif refresh.checked(cell):
            assert cell["outputs"], f"a checked cell keeps its expected output: {''.join(cell['source'])[:80]}"
