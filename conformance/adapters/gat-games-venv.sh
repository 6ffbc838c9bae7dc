#!/bin/sh
# Make the virtual environment that gat-games 0.0.2 runs in: DIR (default .venv-gat at the top of
# the repository). Its own, because gat-games pins six==1.3.0 and our pytest-bdd needs six>=1.15
# (README, "A third-party engine: gat-games 0.0.2"). It holds gat-games with its pins, and truco-dsl
# without its dependencies (no pytest-bdd there) plus the four that its protocol side imports.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$root/.venv-gat}
python3 -m venv "$venv"
"$venv/bin/pip" install -q gat-games==0.0.2 'lark>=1.1' 'pyyaml>=6.0' 'jsonschema>=4.18' 'fastjsonschema>=2.19'
"$venv/bin/pip" install -q --no-deps -e "$root"
"$venv/bin/python" -c "import gat_games, truco_dsl.conformance.engines.gat_games" && echo "gat-games is ready in $venv"
