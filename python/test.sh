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
