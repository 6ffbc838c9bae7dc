"""The folder tree is the import tree, and the layers hold: every import of truco_dsl, read from the
source (module level and inside functions alike; not what ``if TYPE_CHECKING:`` imports for annotations), goes down the layers or stays in its own, and
no two modules import each other, however far round.

    foundation (diagnostics, errors, bundled, programs) → cards → lang → rules → engine → simulation → conformance → review → cli
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "truco_dsl"

#: the first name under truco_dsl -> its layer; a module may import its own layer and those below
LAYERS = {"diagnostics": 0, "errors": 0, "bundled": 0, "programs": 0, "cards": 1, "lang": 2, "rules": 3, "engine": 4,
          "simulation": 5, "conformance": 6, "review": 7, "cli": 8}


def _modules() -> dict[str, Path]:
    """Every module of truco_dsl by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The truco_dsl modules ``name`` imports anywhere in its text (``from a.b import c`` is the
    module a.b.c when that is a module, else a.b)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):  # what is imported for annotations only is no import at run time
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            node.body = []
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolved against the package
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target.split(".")[0] == "truco_dsl")
    return found


IMPORTS = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS[parts[1]] if len(parts) > 1 else 0  # truco_dsl itself holds only the version


def test_every_module_has_a_layer_and_the_check_reads_real_imports():
    assert all(name == "truco_dsl" or name.split(".")[1] in LAYERS for name in MODULES), sorted(MODULES)
    assert "truco_dsl.engine" in IMPORTS["truco_dsl.conformance.engines.adapter"]  # a package's name is its __init__
    assert sum(len(found) for found in IMPORTS.values()) > 100


def test_no_import_goes_up_a_layer():
    upward = sorted(f"{importer} imports {imported}" for importer, found in IMPORTS.items() for imported in found
                    if _layer(imported) > _layer(importer))
    assert upward == []


def test_no_import_cycle():
    # Tarjan's strongly connected components: a component of more than one module is a cycle
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in IMPORTS.get(module, ()):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            # a package's __init__ re-exporting its own modules is no cycle of meaning
            if len(component) > 1 and not all(other.startswith(_package_of(component)) for other in component):
                cycles.append(sorted(component))

    for module in MODULES:
        if module not in index:
            visit(module)
    assert cycles == []


def _package_of(component: list[str]) -> str:
    """The package whose ``__init__`` is in ``component``, or a name no module starts with."""
    packages = [name for name in component if MODULES.get(name, Path()).name == "__init__.py"]
    return min(packages, key=len) + "." if packages else "\0"


def test_the_packages_pyproject_ships_are_the_folders_of_truco_dsl():
    configured = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    code = {name for name, path in MODULES.items() if path.name == "__init__.py"}
    data = set(configured["package-dir"])
    assert set(configured["packages"]) == code | data
    assert {configured["package-dir"][name] for name in data} == {"spec", "features", "conformance"}


def test_python_code_lives_only_under_truco_dsl():
    """Outside truco_dsl/ are the tests, the benchmarks and the examples (an engine and a bot, programs
    an author reads, which import nothing of truco_dsl); the data folders are not packages, so
    nothing is importable under a second name."""
    outside = sorted(str(path.relative_to(ROOT)) for path in ROOT.rglob("*.py")
                     if not path.is_relative_to(PACKAGE) and path.relative_to(ROOT).parts[0] not in ("tests", "benchmarks")
                     and not any(part.startswith((".", "build")) for part in path.relative_to(ROOT).parts))
    assert outside == ["conformance/examples/python/random_bot.py", "conformance/examples/python/truco_example.py"]
    for example in outside:
        assert not [node for node in ast.walk(ast.parse((ROOT / example).read_text(encoding="utf-8")))
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and "truco_dsl" in ast.dump(node)], example
    assert not any((ROOT / folder / "__init__.py").exists() for folder in ("spec", "features", "conformance"))


def test_the_package_docstring_draws_these_layers():
    drawn = ast.get_docstring(ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8")))
    assert re.findall(r"``(\w+)``", drawn.split("\n\n")[1])[:len(LAYERS)] == list(LAYERS)


#: the import name of each distribution pyproject.toml lists, where the two differ
_IMPORT_NAMES = {"pyyaml": "yaml", "pytest-xdist": "xdist", "gherkin-official": "gherkin"}
#: third-party engines an adapter drives, which their users install beside truco-dsl (never a dependency)
_BESIDE = {"gat_games"}


def _distributions(requirements: list[str]) -> set[str]:
    """The import names of ``requirements`` (``dask[distributed]>=2024.1`` -> dask, distributed)."""
    names = set()
    for requirement in requirements:
        name, extras = re.match(r"([A-Za-z0-9_.-]+)(?:\[([^\]]*)\])?", requirement).groups()
        names.add(_IMPORT_NAMES.get(name.lower(), name.lower().replace("-", "_")))
        names.update(extra.strip() for extra in (extras or "").split(",") if extra.strip())
    return names


def test_a_base_install_imports_only_its_dependencies_and_an_extra_only_inside_the_function_that_needs_it():
    """``pip install truco-dsl`` (no extra) must run ``truco conform``, ``serve`` and every command but
    ``simulate --plot`` / ``--cluster``: every library truco_dsl imports is a base dependency, or an
    extra's (plot, cluster) imported only inside a function, never at a module's top."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = _distributions(project["dependencies"])
    extras = {extra: _distributions(requirements) for extra, requirements in project["optional-dependencies"].items()}
    assert {"pytest", "pytest_bdd"} <= base  # truco conform runs the suite with them
    standard = set(sys.stdlib_module_names)
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                if root in standard or root == "truco_dsl" or root in base:
                    continue
                assert root in extras["plot"] | extras["cluster"] | _BESIDE, f"{name} imports {root}, which no dependency installs"
                assert id(node) not in top, f"{name} imports {root} (an extra's) at its top: a base install could not load it"
