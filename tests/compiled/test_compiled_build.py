"""The optional compiled build (setup.py: mypyc) passes the games' tests, as pure Python does.

The suite's own process imports the pure-Python install. This test builds the modules of
setup.py's `COMPILED` list into a copy of the source in a temporary folder, checks that a
process with that copy first on ``PYTHONPATH`` imports every one of them compiled, and runs the
games' tests (`TESTS`) in such a process, the long parametrized ones as a sample
(random_sample.py).

Time: CI runs the whole suite on 2 cores in under 20 minutes, and this test may add at most
about 90 s of wall time to it. With the build's default, gcc -O3, the C code mypyc writes takes
about 115 s of CPU to compile; with -O0 (``MEEPLE_COMPILE_OPT=0``) about 35 s. It is the same
C code: the C compiler's optimisation changes how fast it runs, not what it does, and the
speed is measured by benchmarks (docs/benchmarks.md), never by tests. The build and the tests
each use one core while the suite's other worker goes on, so the test costs the suite about
half its duration.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What the compiled build runs: the modules that failed compiled before (the fields' and
#: the leak check's, which subclasses the state), the rules' fast paths and rulings, the
#: engine's checks of every game, samples of the long ones (random_sample.py), and the
#: search's short tests.
TESTS = [
    "tests/tikal/test_tikal_fields.py",
    "tests/tikal/test_tikal_simulation.py",
    "tests/tikal/test_tikal_rulings.py",
    "tests/tikal/test_tikal_fast_paths.py",
    "tests/altiplano/test_altiplano_random.py",
    "tests/altiplano/test_altiplano_legality.py",
    "tests/altiplano/test_altiplano_fast_paths.py",
    "tests/altiplano/test_altiplano_rulings.py",
    "tests/engine/test_conformance.py",
    "tests/engine/test_engine_secrecy.py",
    # The search's tree (bots/tree.py): its short tests, and the samplers it draws states from.
    "tests/bots/test_bots_ismcts.py::test_an_iteration_budget_is_reproducible",
    "tests/bots/test_bots_ismcts.py::test_progressive_widening_grows_the_best_candidates_first",
    "tests/bots/test_bots_ismcts.py::test_a_seat_acting_alongside_others_searches_its_own_actions",
    "tests/bots/test_bots_ismcts.py::test_the_search_is_the_same_whether_or_not_an_engine_reuses_its_actions",
    "tests/engine/test_engine_sampler.py",
    # The shared shuffle (engine/rng.py), compiled: still random.shuffle's draws.
    "tests/engine/test_engine_rng_shuffle.py",
    # Tikal's observation for the research adapters, against the view's at every position.
    "tests/tikal/test_tikal_state_observation.py",
    # Altiplano's, likewise.
    "tests/altiplano/test_altiplano_observed_view.py",
    # PettingZoo's environment (PettingZoo's own tests on every table) and its copies.
    "tests/research/test_pettingzoo_env.py",
    "tests/research/test_research_copies.py::test_a_copied_pettingzoo_environment_plays_like_the_original",
    "tests/research/test_research_copies.py::test_serialized_size_does_not_grow_with_what_the_process_played",
    "tests/research/test_action_indexes.py",
]
#: Prints the file each module named on the command line is imported from.
WHERE_FROM = (
    "import importlib, sys\nfor m in sys.argv[1:]: print(importlib.import_module(m).__file__)"
)
BUILD_SECONDS = 600
TEST_SECONDS = 600


def _compiled_modules() -> list[str]:
    """setup.py's `COMPILED`, as module names (read, not imported: setup.py runs setup())."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == "COMPILED" and node.value is not None:
            paths = ast.literal_eval(node.value)
            return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


def _python(
    args: list[str], cwd: Path, env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """This interpreter run with `args` in `cwd`, its output captured, killed after `timeout`."""
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the compiled build cannot be tested in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def compiled_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the source with the `COMPILED` modules built in place next to their ``.py``
    (an extension module comes first when both are there)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        _unavailable(f"no C compiler {compiler} (apt-get install gcc)")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        _unavailable("no Python headers (apt-get install python3-dev)")
    copy = tmp_path_factory.mktemp("compiled")
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy / name)
    shutil.copytree(
        ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    env = dict(os.environ, MEEPLE_COMPILE="1", MEEPLE_COMPILE_OPT="0")
    build = _python(["setup.py", "-q", "build_ext", "--inplace"], copy, env, BUILD_SECONDS)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return copy / "src"


@pytest.mark.timeout(BUILD_SECONDS + TEST_SECONDS + 120)
def test_the_compiled_build_passes_the_games_tests(compiled_source: Path) -> None:
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(compiled_source), str(Path(__file__).parent)])
    )
    modules = _compiled_modules()
    found = _python(["-c", WHERE_FROM, *modules], ROOT, env, 60)
    assert found.returncode == 0, found.stderr[-3000:]
    where = found.stdout.split()
    for module, path in zip(modules, where, strict=True):
        assert path.startswith(str(compiled_source)) and not path.endswith(".py"), (module, path)
    pytest_args = ["-q", "-n", "0", "-p", "no:cacheprovider", "-p", "random_sample"]
    basetemp = f"--basetemp={compiled_source.parent / 'pytest'}"
    run = _python(["-m", "pytest", *pytest_args, basetemp, *TESTS], ROOT, env, TEST_SECONDS)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1], run.stdout[-2000:]
