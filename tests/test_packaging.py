"""What `pip install .` packs: every Python package of the source folders is listed in
pyproject.toml (setuptools packs only the packages listed, so an unlisted one is missing from a
wheel while an editable install, which reads the folders, still finds it)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_folder_is_listed_for_the_wheel():
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(setup["packages"])
    data_only = ("magie.docs",)         # packed for its files (rules.md); its examples are not magie's code
    folders = {name: ROOT / folder for name, folder in setup["package-dir"].items() if name not in data_only}
    found = set()
    for name, folder in folders.items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder).parts
            owner = ".".join((name, *rel))
            # a folder mapped to a package of its own (engine/rl is magie.rl) is counted there
            if not any(init.parent == other and other_name != owner
                       for other_name, other in folders.items() if other_name != name):
                found.add(owner)
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - found - {"magie.editions", "magie.editions.variants", "magie.schema", "magie.docs"} == set()
