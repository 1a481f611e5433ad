"""The browser tests wait on the page only with functions.

The site's Content-Security-Policy refuses ``eval``. Playwright's ``wait_for_function`` evals
its text on every poll when the text is a bare expression (``"document.x"``), and Chromium lets
only the first, synchronous, evaluation through: a wait whose first poll is false then fails
with "Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed" — a
failure that depends on timing. Given a function (``"() => document.x"``), Playwright evals it
once and calls the result on later polls. This check reads every browser test and names each
wait written the other way."""
import ast
import re
from pathlib import Path

E2E = Path(__file__).resolve().parents[1] / "e2e"
#: A JavaScript arrow function or ``function`` expression, as Playwright recognises one.
FUNCTION = re.compile(r"^\s*(?:async\s+)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|^\s*(?:async\s+)?function\b")


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` assignments."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


def bare_expression_waits(path: Path) -> list[str]:
    """``file:line`` of each ``wait_for_function`` call in ``path`` whose first argument is
    text (literal or a module constant) that is not a function."""
    tree = ast.parse(path.read_text(), str(path))
    constants = _constants(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            text = first.value
        elif isinstance(first, ast.Name) and first.id in constants:
            text = constants[first.id]
        else:
            continue
        if not FUNCTION.match(text):
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_the_pattern_tells_functions_from_expressions():
    texts = ("() => a", "v => a", "(v, w) => a", "async () => a", "function () { return a }",
             "document.querySelector('a')", "!a.hidden", "a >= b")
    assert [bool(FUNCTION.match(t)) for t in texts] == [True, True, True, True, True, False, False, False]


def test_the_check_finds_a_bare_expression(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text('WAIT = "!document.hidden"\n'
                      'def test(page):\n'
                      '    page.wait_for_function("() => true")\n'
                      '    page.wait_for_function("document.hidden")\n'
                      '    page.wait_for_function(WAIT)\n')
    assert bare_expression_waits(sample) == ["test_sample.py:4", "test_sample.py:5"]


def test_every_browser_wait_is_a_function():
    files = sorted(E2E.glob("test_*.py"))
    assert len(files) >= 20
    assert [hit for path in files for hit in bare_expression_waits(path)] == []
