"""The Python examples of the given Markdown files (their ```python blocks), one program
on stdout: `python/test.sh` runs it and checks it with mypy. None found is an error."""

import re
import sys

blocks = [
    block
    for path in sys.argv[1:]
    for block in re.findall(r"```python\n(.*?)```", open(path, encoding="utf-8").read(), re.S)
]
if not blocks:
    sys.exit("examples.py: no Python example found")
print("\n".join(blocks))
