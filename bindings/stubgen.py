#!/usr/bin/env python3
"""Write the stubs of the package chronometry, one .pyi per submodule (clock.pyi, ...,
study.pyi, and __init__.pyi), through which editors and type checkers see its names (functions,
classes, methods, properties, constants and result types, with their signatures and
docstrings), from the built package itself.

pybind11 puts each function's signature in the first line of its __doc__ ("f(a: int, *, b: str =
'x') -> dict"; "f(*args, **kwargs)" then "Overloaded function." and "1. f(...)" per overload);
this reads them and writes them as Python. A C++ type pybind11 could not name (a class bound
after the function using it) is refused: the stub would be wrong. pybind11 names the package's
classes chronometry._chronometry.<Class>: a stub names a class by its name, imported from the
submodule that exports it when that is another one. A compiled function's bare ``dict`` is
written as the type chronometry._results.RETURNS gives it (a TypedDict of its submodule).

The studies' runners (run_<name>_study) are Python functions the module makes around its pybind11
ones, with the study's real signature (inspect.signature: keyword-only parameters with their
defaults) and a result type, <Name>StudyResult, a TypedDict of the study's submodule: both are
written as they are, and run_study gets one overload per study (study: Literal['<name>']) before
its general one. Every study's parameters and result fields therefore come from the built module:
after a study changes, rebuild and run this again (one command, below).

usage: PYTHONPATH=build/python python3 bindings/stubgen.py [--output-dir DIR | --check DIR]
  --output-dir DIR  write the stubs into DIR (default: print them)
  --check DIR       exit 1 if a stub in DIR differs from what would be written
(cmake --build build --target chronometry-python-stub writes bindings/python/chronometry/*.pyi.)
"""
import argparse
import ast
import difflib
import importlib
import inspect
import keyword
import os
import re
import sys
import textwrap
import typing

WIDTH = 100  #: docstring lines are wrapped to this width (with their indentation)
#: The special methods a stub shows; pybind11 adds others (pickling, comparison) to every enum.
SPECIAL = ("__init__", "__len__", "__int__", "__index__", "__iter__", "__getitem__",
           "__contains__")
TYPING = ("Any", "Callable", "Dict", "Iterable", "Iterator", "List", "Literal", "NotRequired",
          "Optional", "Sequence", "Tuple", "TypedDict", "Union")
#: Modules whose types a Python function's annotations may name (imported by the stub).
IMPORTS = ("datetime", "numpy")

HEADER = """\
# The names of {module}, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
PACKAGE = "chronometry"
#: The package's submodules, each with its stub.
SUBMODULES = ("clock", "causality", "latency", "relation", "scheduling", "inference", "sync",
              "study")


class Context:
    """The stub being written: its module ("chronometry.clock"), where every public name of the
    package lives (name -> submodule), and the names it uses, to import those of another."""

    def __init__(self, name, homes=None):
        self.name = name
        self.short = name.rpartition(".")[2]
        self.homes = homes or {}
        self.used = set()

    def __str__(self):
        return self.name

    def use(self, name):
        """A class or type of the package, named in this stub: its bare name."""
        self.used.add(name)
        return name


class StubError(Exception):
    """The module has something this generator cannot write as a correct stub."""


def split_top_level(text, separator=","):
    """Split at separators outside brackets and quotes."""
    parts, depth, quote, current = [], 0, None, ""
    for c in text:
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        current += c
    if current.strip():
        parts.append(current.strip())
    return parts


def python_type(text, module, where):
    """A type as pybind11 names it, as the stub names it (the package's classes by their name,
    chronometry._chronometry.MinRttRound -> MinRttRound); a C++ type name is refused."""
    if "::" in text or "<" in text:
        raise StubError(f"{where}: pybind11 named a C++ type, {text!r} (bind its class before "
                        "the functions that take or return it)")
    context = module if isinstance(module, Context) else Context(str(module))
    pattern = r"\b" + re.escape(PACKAGE) + r"(?:\.\w+)*\.([A-Z]\w*)"
    return re.sub(pattern, lambda m: context.use(m.group(1)), text)


def default_value(text):
    """A default as written in the stub: a short literal as it is, anything else as `...`."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return "..."
    if isinstance(value, (bool, int, float, str, type(None))) and len(text) <= 40:
        return text
    return "..."


def parameter(text, index, module, where, method, instance="self"):
    """One parameter of a pybind11 signature as the stub writes it (a method's first one is the
    instance, named ``instance``)."""
    if text in ("*", "/") or text.startswith("*"):
        return text  # keyword-only marker, *args, **kwargs
    name, _, rest = text.partition(":")
    annotation, has_default, default = rest.partition("=")
    name = name.strip()
    if method and index == 0:
        return instance  # pybind11 calls it self, or arg0 for a property's getter
    written = f"{name}: {python_type(annotation.strip(), module, where)}"
    return written + (f" = {default_value(default.strip())}" if has_default else "")


def signatures(doc, name):
    """[(parameters text, return type, docstring)] of a pybind11 function's __doc__, one per
    overload."""
    lines = (doc or "").splitlines()
    if len(lines) > 1 and lines[1] == "Overloaded function.":
        found, current = [], None
        for line in lines[2:]:
            match = re.match(r"^\d+\. " + re.escape(name) + r"(\(.*)$", line)
            if match:
                current = [match.group(1), []]
                found.append(current)
            elif current is not None:
                current[1].append(line)
        return [parse_signature(s, "\n".join(body)) for s, body in found]
    if not lines or not re.match(r"^(" + re.escape(name) + r")?\(", lines[0]):
        raise StubError(f"{name}: no pybind11 signature in its docstring: {doc!r}")
    return [parse_signature(lines[0][lines[0].index("("):], "\n".join(lines[1:]))]


def parse_signature(text, doc):
    """"(a: int) -> str" and its docstring -> ("a: int", "str", docstring)."""
    arrow = text.rfind(") -> ")
    if arrow >= 0:
        return text[1:arrow], text[arrow + len(") -> "):], doc.strip("\n")
    return text[1:text.rindex(")")], "None", doc.strip("\n")


def docstring(text, indent):
    """A docstring's lines, wrapped to WIDTH."""
    text = (text or "").strip()
    if not text:
        return []
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    width = WIDTH - len(indent)
    wrapped = []
    for line in text.splitlines():
        wrapped += textwrap.wrap(line, width, break_long_words=False,
                                 break_on_hyphens=False) or [""]
    if len(wrapped) == 1 and len(wrapped[0]) + 6 <= width:
        return [f'{indent}"""{wrapped[0]}"""']
    return [f'{indent}"""'] + [f"{indent}{w}" if w else "" for w in wrapped] + [f'{indent}"""']


def returned(returns, module, place):
    """A compiled function's return type: its TypedDict (chronometry._results.RETURNS) for a
    bare ``dict`` (or a list of dicts), the package's classes in it by name."""
    if returns not in ("dict", "list") or not isinstance(module, Context) or place is None:
        return returns
    written = importlib.import_module(f"{PACKAGE}._results").RETURNS.get(place)
    if written is None:
        return returns
    for name in re.findall(r"\b[A-Z]\w*", written):
        if name in module.homes:
            module.use(name)
    return written


def function(name, doc, module, indent="", method=False, decorator=None, place=None):
    """The def(s) of a pybind11 function (overloads marked @overload); ``place``
    ("<submodule>.<Class>.<method>") finds the type of a bare dict it returns."""
    where = f"{module}.{name}"
    overloads = signatures(doc, name)
    out = []
    for params, returns, text in overloads:
        if len(overloads) > 1:
            out.append(f"{indent}@overload")
        if decorator:
            out.append(f"{indent}@{decorator}")
        params = split_top_level(params)
        # A parameter named self (VectorClock's own index) leaves the instance another name.
        instance = "self_" if any(p.partition(":")[0].strip() == "self" for p in params[1:]) \
            else "self"
        written = [parameter(p, i, module, where, method, instance) for i, p in enumerate(params)]
        returns = returned(python_type(returns, module, where), module, place)
        head = f"{indent}def {name}({', '.join(written)}) -> {returns}:"
        if len(head) + 4 > WIDTH:  # one parameter a line
            head = "\n".join([f"{indent}def {name}("] + [f"{indent}    {w}," for w in written] +
                             [f"{indent}) -> {returns}:"])
        body = docstring(text, indent + "    ")
        out += [head] + body + [f"{indent}    ..."] if body else [head + " ..."]
    return out


def annotation(value, module, where):
    """A Python annotation (a type, a typing construct, a forward reference) as the stub writes
    it: builtins and the module's own classes by name, other classes with their module
    (datetime.timedelta)."""
    if value is None or value is type(None):
        return "None"
    if isinstance(value, str):
        return value
    if isinstance(value, typing.ForwardRef):
        return value.__forward_arg__
    origin, args = typing.get_origin(value), typing.get_args(value)
    if origin is typing.Union:
        rest = [a for a in args if a is not type(None)]
        inner = (annotation(rest[0], module, where) if len(rest) == 1 else
                 f"Union[{', '.join(annotation(a, module, where) for a in rest)}]")
        return f"Optional[{inner}]" if len(rest) < len(args) else inner
    if origin is not None:
        name = {list: "List", dict: "Dict", tuple: "Tuple"}.get(origin) or \
            getattr(origin, "_name", None) or getattr(value, "_name", None)
        if name is None:
            raise StubError(f"{where}: the annotation {value!r} is not written")
        return f"{name}[{', '.join(annotation(a, module, where) for a in args)}]"
    if isinstance(value, type):
        if value.__module__ == "builtins":
            return value.__name__
        if value.__module__.split(".")[0] == PACKAGE:
            return module.use(value.__name__) if isinstance(module, Context) else value.__name__
        return f"{value.__module__}.{value.__name__}"
    raise StubError(f"{where}: the annotation {value!r} is not written")


def python_function(name, value, module, indent="", first=None, decorator=None, doc=True):
    """The def of a Python function of the module (a study's runner) from its signature; with
    ``first``, a parameter written before the others (run_study's Literal study)."""
    where = f"{module}.{name}"
    signature = inspect.signature(value)
    written = [first] if first else []
    keyword_only = False
    for p in signature.parameters.values():
        if p.kind == p.KEYWORD_ONLY and not keyword_only:
            written.append("*")
            keyword_only = True
        text = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.annotation is not p.empty:
            text += f": {annotation(p.annotation, module, where)}"
        if p.default is not p.empty:
            text += f" = {default_value(repr(p.default))}"
        written.append(text)
    returns = (annotation(signature.return_annotation, module, where)
               if signature.return_annotation is not signature.empty else "None")
    out = [f"{indent}@{decorator}"] if decorator else []
    head = f"{indent}def {name}({', '.join(written)}) -> {returns}:"
    if len(head) + 4 > WIDTH:  # one parameter a line
        head = "\n".join([f"{indent}def {name}("] + [f"{indent}    {w}," for w in written] +
                         [f"{indent}) -> {returns}:"])
    body = docstring(value.__doc__, indent + "    ") if doc else []
    return out + ([head] + body + [f"{indent}    ..."] if body else [head + " ..."])


def typed_dict(name, value, module):
    """A TypedDict of the module (a study's result): its fields in order, with their types; in
    the class syntax, with its docstring, or in the functional one when a field is not an
    identifier (relation-graph's rows have "from")."""
    fields = [(field, annotation(kind, module, f"{module}.{name}.{field}"))
              for field, kind in value.__annotations__.items()]
    if all(f.isidentifier() and not keyword.iskeyword(f) for f, _ in fields):
        return ([f"class {name}(TypedDict):"] + docstring(value.__doc__, "    ") +
                [f"    {field}: {kind}" for field, kind in fields])
    comment = textwrap.wrap(" ".join((value.__doc__ or "").split()), WIDTH - 2)
    return ([f"# {line}" for line in comment] + [f"{name} = TypedDict({name!r}, {{"] +
            [f"    {field!r}: {kind}," for field, kind in fields] + ["})"])


def run_study_overloads(context, module):
    """run_study's overloads, one per study: study: Literal['<name>'] and that study's
    parameters and result (as run_<name>_study's, in the study's submodule), the general one
    last."""
    out = []
    for alias, study in getattr(module, "STUDY_RUNNERS", {}).items():
        home = importlib.import_module(module.runner_of(study).split(":")[0])
        out += python_function("run_study", getattr(home, alias), context,
                               first=f"study: Literal[{study!r}]", decorator="overload", doc=False)
    return out


def prop(name, value, module, indent):
    """A property: its getter's return type, a setter if it has one, its docstring."""
    where = f"{module}.{name}"
    _, returns, _ = signatures(value.fget.__doc__, name)[0]
    head = f"{indent}def {name}(self) -> {python_type(returns, module, where)}:"
    text = value.__doc__ if value.__doc__ != value.fget.__doc__ else ""
    body = docstring(text, indent + "    ")
    out = [f"{indent}@property"] + ([head] + body + [f"{indent}    ..."] if body else [head + " ..."])
    if value.fset is not None:
        setter = signatures(value.fset.__doc__, name)[0][0]
        argument = python_type(split_top_level(setter)[1].partition(":")[2].strip(), module, where)
        out += [f"{indent}@{name}.setter", f"{indent}def {name}(self, value: {argument}) -> None: ..."]
    return out


def cls(name, klass, module):
    """A pybind11 class (an enum's members as class variables)."""
    out = [f"class {name}:"] + docstring(klass.__doc__, "    ")
    for member, value in vars(klass).items():
        if member.startswith("__") and member not in SPECIAL:
            continue
        if member == "__init__" and type(value).__name__ == "wrapper_descriptor":
            continue  # no constructor bound: Python cannot make one
        if isinstance(value, klass):
            out.append(f"    {member}: ClassVar[{name}]")
        elif isinstance(value, property):
            out += prop(member, value, module, "    ")
        elif isinstance(value, staticmethod):
            out += function(member, value.__func__.__doc__, module, "    ", decorator="staticmethod",
                            place=f"{getattr(module, 'short', module)}.{name}.{member}")
        elif callable(value):
            out += function(member, value.__doc__, module, "    ", method=True,
                            place=f"{getattr(module, 'short', module)}.{name}.{member}")
        else:
            raise StubError(f"{module}.{name}.{member}: {type(value).__name__} is not written")
    return out if len(out) > 1 else [out[0] + " ..."]


def constant(name, value):
    """A module attribute that is a value."""
    if isinstance(value, dict):
        keys = {type(k).__name__ for k in value} or {"str"}
        values = {type(v).__name__ for v in value.values()} or {"str"}
        if len(keys) == 1 and len(values) == 1:
            return [f"{name}: Dict[{keys.pop()}, {values.pop()}]"]
        return [f"{name}: Dict[Any, Any]"]
    if isinstance(value, (bool, int, float, str, bytes)):
        return [f"{name}: {type(value).__name__}"]
    raise StubError(f"{name}: a {type(value).__name__} is not written")


def homes_of():
    """Where every public name of the package lives: name -> submodule (each in one only)."""
    homes = {}
    for sub in SUBMODULES:
        for name in importlib.import_module(f"{PACKAGE}.{sub}").__all__:
            if name in homes:
                raise StubError(f"{name} is in both {PACKAGE}.{homes[name]} and {PACKAGE}.{sub}")
            homes[name] = sub
    return homes


def body_of(module, context, names):
    """The stub's lines for some names of a module."""
    body = []
    for name in names:
        value = getattr(module, name)
        if inspect.ismodule(value):
            continue  # a submodule of the package: imported by the header
        if typing.is_typeddict(value):
            body += typed_dict(name, value, context)
        elif inspect.isfunction(value):
            body += python_function(name, value, context)
        elif name == "run_study" and hasattr(module, "STUDY_RUNNERS"):
            body += run_study_overloads(context, module)
            body += function(name, value.__doc__, context, decorator="overload",
                             place=f"{context.short}.{name}")
        elif isinstance(value, type) and issubclass(value, BaseException):
            bases = ", ".join(b.__name__ for b in value.__bases__)
            body += [f"class {name}({bases}):"] + docstring(value.__doc__, "    ") + ["    ..."]
        elif isinstance(value, type):
            body += cls(name, value, context)
        elif callable(value):
            body += function(name, value.__doc__, context, place=f"{context.short}.{name}")
        else:
            body += constant(name, value)
        body.append("")
    return body


def generate(module_name="chronometry.clock"):
    """The stub of the package or one of its submodules, as text."""
    module = importlib.import_module(module_name)
    homes = homes_of()
    context = Context(module_name, homes)
    names = [n for n in module.__all__ if not n.startswith("_")]
    text = "\n".join(body_of(module, context, names))
    used = [t for t in TYPING if re.search(r"\b" + t + r"\b", text)]
    used += ["ClassVar"] if "ClassVar[" in text else []
    used += ["overload"] if "@overload" in text else []
    imports = "".join(f"import {m}\n" for m in IMPORTS if re.search(r"\b" + m + r"\.", text))
    imports += f"from typing import {', '.join(sorted(used))}\n" if used else ""
    submodules = [n for n in names if inspect.ismodule(getattr(module, n))]
    if submodules:
        imports += "".join(f"from . import {n} as {n}\n" for n in submodules)
    elsewhere = {}
    for name in sorted(context.used - set(names)):
        if name not in homes:
            raise StubError(f"{module_name}: {name} is named but no submodule exports it")
        elsewhere.setdefault(homes[name], []).append(name)
    for home, found in sorted(elsewhere.items()):
        imports += f"from .{home} import {', '.join(found)}\n"
    doc = "\n".join(docstring(module.__doc__, "")) + "\n"
    return (HEADER.format(module=module_name) + doc + "\n" + imports + "\n" +
            text.rstrip("\n") + "\n")


def generate_package():
    """Every stub of the package: file name ("clock.pyi", "__init__.pyi") -> text."""
    stubs = {"__init__.pyi": generate(PACKAGE)}
    for sub in SUBMODULES:
        stubs[f"{sub}.pyi"] = generate(f"{PACKAGE}.{sub}")
    return stubs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--output-dir", help="write the stubs into this directory")
    group.add_argument("--check", help="exit 1 if a stub in this directory is not the one "
                                       "written now")
    args = parser.parse_args()
    stubs = generate_package()
    status = 0
    for name, text in stubs.items():
        if args.check:
            path = os.path.join(args.check, name)
            committed = open(path).read() if os.path.exists(path) else ""
            if committed != text:
                sys.stdout.writelines(difflib.unified_diff(committed.splitlines(True),
                                                           text.splitlines(True), path,
                                                           "generated"))
                status = 1
        elif args.output_dir:
            with open(os.path.join(args.output_dir, name), "w") as f:
                f.write(text)
        else:
            sys.stdout.write(f"# --- {name}\n{text}")
    return status


if __name__ == "__main__":
    sys.exit(main())
