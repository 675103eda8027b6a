#!/usr/bin/env bash
# The Python package as a user installs it: `pip install ./python` (maturin builds the
# extension in pip's isolated build) into a fresh venv, then its pytest suite, run
# from outside the source folder so the installed package is the one tested. With
# LIGHTSOUT_BIN_DIR, the command line there is compared too.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check "$here" pytest networkx
cd "$work"
PATH="${LIGHTSOUT_BIN_DIR:+$LIGHTSOUT_BIN_DIR:}$PATH" \
  "$work/venv/bin/python" -m pytest -q -rs -p no:cacheprovider "$here/tests"
# The guide's and README's Python examples run against the installed package, and mypy
# checks them and the tests against its types (py.typed and the extension's stubs).
"$work/venv/bin/pip" install -q --disable-pip-version-check mypy
"$work/venv/bin/python" "$here/examples.py" "$here/../README.md" "$here/../docs/guide.md" > "$work/examples.py"
"$work/venv/bin/python" "$work/examples.py"
"$work/venv/bin/mypy" --check-untyped-defs --ignore-missing-imports "$here/tests" "$work/examples.py"
