"""The type stubs (arimaa/__init__.pyi) name what the module has, and the module has what they name."""

import ast
import os

import arimaa

STUBS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "arimaa", "__init__.pyi")


def stub_names():
    with open(STUBS, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {
                n.name for n in node.body if isinstance(n, ast.FunctionDef)
            }
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    return top, members


def test_stubs_match_the_module():
    top, members = stub_names()
    aliases = {"StepLike", "MoveLike", "Outcome"}
    # The package holds the extension as arimaa._arimaa (private) and the Python
    # submodule arimaa.pettingzoo (an attribute once imported; its own module).
    public = {n for n in dir(arimaa) if not n.startswith("_")} - {"pettingzoo"}
    assert public == top - aliases
    for cls, names in members.items():
        runtime = getattr(arimaa, cls)
        for name in names - {"__init__"}:
            assert hasattr(runtime, name), f"{cls}.{name} in the stubs, not in the module"
        if cls not in ("ArimaaError", "ParseError", "IllegalMove", "GameStateError"):
            own = {n for n in vars(runtime) if not n.startswith("_")}
            assert own <= names, f"{cls}: {own - names} in the module, not in the stubs"


def test_everything_has_a_docstring():
    for name in dir(arimaa):
        if name.startswith("_") or name in ("OPENING", "pettingzoo"):
            continue
        obj = getattr(arimaa, name)
        assert obj.__doc__ and obj.__doc__.strip(), name
        for member, value in vars(obj).items() if isinstance(obj, type) else []:
            if not member.startswith("_"):
                assert value.__doc__ and value.__doc__.strip(), f"{name}.{member}"
