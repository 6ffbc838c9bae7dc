"""Places in the files a user wrote, the problems found there, and how they are shown.

Every loader (rule files, expectations files, tag expressions) and the interpreter's report of a
clause that failed at run time speak through this module, so a mistake reads the same wherever it
is found: ``file:line:col: message``, the line itself with a caret under the column, the YAML path,
and, where a name was mistyped, the closest known one ("did you mean …?").

A YAML file is read here too, once for every kind of file (``YamlFile.read``): safely, with YAML 1.2
booleans, aliases refused, the size and nesting limited, and the place of every key and value kept,
so that what its own loader finds wrong afterwards is reported at the right line and column.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

import yaml

YamlPath = tuple[str | int, ...]

#: the longest stretch of a source line shown under a problem (characters)
SHOWN_WIDTH = 120
#: a YAML file larger than this is refused unread (the bundled rule files are a few kilobytes)
MAX_FILE_BYTES = 1_000_000
#: how deeply a YAML file may nest (mappings and lists in one another)
MAX_NESTING = 50


@dataclass(frozen=True)
class Place:
    """A place in a file a user wrote: ``file``, ``line`` and ``column`` (1-based), and the YAML
    ``path`` to the value there (like ``clauses[3].when``; empty outside YAML)."""

    file: str
    line: int
    column: int
    path: str = ""

    def __str__(self) -> str:
        return f"{shown(self.file)}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file: ``place`` and ``message``; ``line_text`` is the file's line at
    ``place`` (empty when unknown), shown with a caret under the column."""

    place: Place
    message: str
    line_text: str = ""

    @classmethod
    def of_file(cls, file: str | Path, message: str) -> Problem:
        """A problem of a whole file (one that cannot be read, or is not a file at all): at its
        line 1, column 1, with no line shown and no YAML path."""
        return cls(Place(str(file), 1, 1), message)

    def render(self) -> str:
        """``file:line:col: message``, then the line and a caret under the column, then the YAML path."""
        return f"{self.place}: {self.message}" + excerpt(self.line_text, self.place.column) + (
            f"\n    (at {self.place.path})" if self.place.path else "")


def excerpt(line: str, column: int) -> str:
    """``line`` indented on a line of its own with a caret under ``column`` (1-based) below it, a
    long line cut to the part around the column; "" for an empty line."""
    if not line:
        return ""
    if len(line) > SHOWN_WIDTH:
        start = max(0, column - SHOWN_WIDTH // 2)
        line, column = ("…" if start else "") + line[start:start + SHOWN_WIDTH] + "…", column - start + (1 if start else 0)
    return f"\n    {line}\n    {' ' * (column - 1)}^"


def first_line(text: str | None) -> str:
    """The first line of ``text`` that is not blank, stripped ("" for none): a message's headline
    in a report (a JUnit attribute, an HTML row, the console's grouping of unsupported scenarios)
    or on the command line (``truco CMD: <headline>``)."""
    return next((line.strip() for line in (text or "").splitlines() if line.strip()), "")


def shortened(text: str, width: int) -> str:
    """``text`` on one line (its white space folded), cut to ``width`` characters, the last an
    ellipsis, when it is longer: a quote of a regulation's clause in a table or a listing."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def source_line(file: str | Path, line: int) -> str:
    """The text of ``line`` (1-based) of ``file``, without its line ending; "" when the file cannot
    be read or has no such line (a rule file changed or removed since it was loaded)."""
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[line - 1].rstrip() if 0 < line <= len(lines) else ""


def shown(file: str | Path) -> str:
    """A path as a person would type it: relative to the working directory when it is below it."""
    absolute = Path(os.path.abspath(file))  # a symlink's own path, never its target
    for folder in (Path(os.path.abspath(os.getcwd())), Path.cwd().resolve()):
        try:
            return str(absolute.relative_to(folder))
        except ValueError:
            continue
    return str(file)


#: characters escaped by ``printable``: C0 controls (but tab and newline), DEL, C1 controls, and the
#: bidirectional marks, embeddings, overrides and isolates (U+200E/F, U+202A–U+202E, U+2066–U+2069)
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: object, lines: bool = True) -> str:
    """``text`` (made a string) safe to show in a terminal: every control character (C0 but tab and,
    when ``lines``, newline; DEL; C1, so an ESC sequence cannot move the cursor or recolour) and
    every bidirectional mark or override is written out visibly, ``\\x1b``, ``\\u202e``. With
    ``lines=False`` a newline is escaped too (a name or a title shown on one line). Raises nothing."""
    def written_out(match: re.Match[str]) -> str:
        code = ord(match.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    text = str(text)
    return _UNPRINTABLE.sub(written_out, text if lines else text.replace("\n", "\\n"))


def regular_file_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be read as a file of ours without opening it: not there, not a regular
    file (a device, a pipe, a socket, a folder), a symlink loop, or larger than ``MAX_FILE_BYTES``;
    None when it is a regular file within the limit. Follows symlinks but never names their target.
    Raises nothing."""
    try:
        status = os.stat(path)
    except OSError as problem:
        return _why_unreadable(problem)
    return _status_problem(status)


def _why_unreadable(problem: OSError) -> str:
    if problem.errno == errno.ELOOP:
        return "a symlink loop: the link never reaches a file"
    return problem.strerror or str(problem)


def _status_problem(status: os.stat_result) -> str | None:
    if stat.S_ISDIR(status.st_mode):
        return "is a directory, not a file"
    if not stat.S_ISREG(status.st_mode):
        kind = ("a pipe (FIFO)" if stat.S_ISFIFO(status.st_mode) else "a socket" if stat.S_ISSOCK(status.st_mode)
                else "a device")
        return f"is {kind}, not a regular file"
    if status.st_size > MAX_FILE_BYTES:
        return f"the file is larger than {MAX_FILE_BYTES:,} bytes"
    return None


def read_regular(path: str | Path) -> bytes:
    """The bytes of the regular file at ``path``, at most ``MAX_FILE_BYTES`` of them. Opened without
    blocking (a pipe named like a file never hangs the reader) and checked after opening (``fstat``),
    so a file swapped for a device between the check and the read is refused too. Raises ``OSError``
    whose ``strerror`` says why: cannot be opened, not a regular file, larger than the limit."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        problem = _status_problem(os.fstat(descriptor))
        if problem is not None:
            raise OSError(0, problem)
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(descriptor, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        raw = b"".join(chunks)
    finally:
        os.close(descriptor)
    if len(raw) > MAX_FILE_BYTES:
        raise OSError(0, f"the file is larger than {MAX_FILE_BYTES:,} bytes")
    return raw


_ABSENT = object()


def value_at(document: Any, path: YamlPath, default: Any = None) -> Any:
    """The value at ``path`` in a YAML document (mappings and lists followed key by key), or
    ``default`` when the document has no such key. Raises nothing."""
    value = document
    for key in path:
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
            value = value[key]
        else:
            return default
    return value


def writes(document: Any, path: YamlPath) -> bool:
    """Whether ``document`` has a value (null too) at ``path``."""
    return value_at(document, path, _ABSENT) is not _ABSENT


def yaml_path(path: YamlPath) -> str:
    """``("clauses", 2, "when")`` -> ``clauses[2].when``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def distance(one: str, other: str) -> int:
    """The edit distance (an int) of two words (str): the fewest insertions, deletions and
    substitutions of one character that turn ``one`` into ``other``."""
    previous = list(range(len(other) + 1))
    for row, letter in enumerate(one, start=1):
        current = [row]
        for column, target in enumerate(other, start=1):
            current.append(min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + (letter != target)))
        previous = current
    return previous[-1]


#: a word longer than this (characters) is not corrected: no name is that long, and comparing it
#: with every known name would take time that grows with its length times theirs
LONGEST_CORRECTED = 80


def closest(word: str, known: Iterable[str], most: int = 3) -> str | None:
    """The known word nearest ``word`` (a str) by edit distance, letter case aside (``atb-2004`` is
    nearest ``ATB-2004``), or None when none is near enough —
    at most ``most`` edits away, and fewer than half of ``word``'s letters changed (so that ``x`` is
    not "corrected" to ``max``, nor ``9`` to ``4``) — or when two known words are as near as each
    other (``ATB-EMPATE-4`` is as near ``-1`` as ``-2``: offering one would be a guess). Never raises."""
    if len(word) > LONGEST_CORRECTED:
        return None
    limit = min(most, len(word) // 2)
    near = sorted((distance(word.casefold(), candidate.casefold()), candidate) for candidate in set(known)
                  if abs(len(candidate) - len(word)) <= limit)  # a longer or shorter one is more edits away
    if not near or near[0][0] > limit or (len(near) > 1 and near[1][0] == near[0][0]):
        return None
    return near[0][1]


def did_you_mean(word: str, known: Iterable[str], most: int = 3) -> str:
    """`` (did you mean X?)`` for the known word closest to ``word`` (``closest``), or "" when none
    is close: a message puts it right after the mistyped name, or at its end."""
    near = closest(word, known, most)
    return f" (did you mean {near}?)" if near is not None else ""


# ------------------------------------------------------------------------------- values and schema errors in YAML words
def yaml_value(value: Any) -> str:
    """``value`` as YAML would write it, on one line, for a message: null, true, 3.0, [1, 2] (a list
    or a tuple), {a: 1}, a word plain, other text in double quotes (cut at 80 characters). Never raises."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{yaml_value(key)}: {yaml_value(item)}" for key, item in value.items()) + "}"
    text = str(value)
    shown = json.dumps(text, ensure_ascii=False) if not text or not re.fullmatch(r"[\w.+-][\w .+-]*", text) or text != text.strip() else text
    return shown if len(shown) <= 80 else shown[:79] + "…"


_YAML_TYPES = {"string": "a string", "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "array": "a list", "object": "a mapping", "null": "null"}


def _type_words(expected: Any) -> str:
    return " or ".join(_YAML_TYPES.get(kind, kind) for kind in (expected if isinstance(expected, list) else [expected]))


def look_alikes(word: str, known: Any) -> str:
    """What in ``word`` only looks like a known name: `` — it has a Cyrillic 'е' (U+0435) where
    'extends' has a Latin 'e'``, an invisible or unusual space, a fullwidth letter; "" otherwise."""
    odd = [(index, letter) for index, letter in enumerate(word) if not letter.isascii()]
    if not odd:
        return ""
    folded = "".join(unicodedata.normalize("NFKC", letter) for letter in word if unicodedata.category(letter) not in ("Cf", "Zs") or letter == " ")
    known = [str(name) for name in known]
    target = next((name for name in known if name == folded.strip()), None) or closest_name(word, known)
    parts = []
    for index, letter in odd:
        name = unicodedata.name(letter, "unnamed character")
        code = f"U+{ord(letter):04X}"
        if unicodedata.category(letter) in ("Cf", "Zs", "Cc"):
            parts.append(f"an invisible or unusual space ({name.lower()}, {code}) at position {index + 1}")
            continue
        script = name.split()[0].capitalize()
        ascii_letter = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", letter)).encode("ascii", "ignore").decode()
        if not ascii_letter and target and len(target) == len(word):
            ascii_letter = target[index]
        if target and ascii_letter:
            parts.append(f"a {script} '{letter}' ({code}) where '{target}' has a Latin '{ascii_letter}'")
        else:
            parts.append(f"a {script} '{letter}' ({code}), not a Latin letter")
    return " — it has " + "; ".join(parts)


def closest_name(word: str, known: list[str]) -> str | None:
    """The known name ``word`` stands for once look-alike letters are taken as what they look like
    (same length, every ASCII letter equal), else None."""
    same = [name for name in known if len(name) == len(word) and all(a == b for a, b in zip(word, name) if a.isascii())]
    return same[0] if len(same) == 1 else None


def did_you_mean_alike(word: str, known: Any) -> str:
    """``did_you_mean``, or the known name ``word`` only looks like (``closest_name``), plus what
    look-alike letters it has (``look_alikes``); "" when nothing is near."""
    known = [str(name) for name in known]
    hint = did_you_mean(word, known)
    alike = closest_name(word, known)
    if not hint and alike:
        hint = f" (did you mean {alike}?)"
    return hint + look_alikes(word, known)


def _listed(words: list[str]) -> str:
    """``cite``, ``cite and on``, ``cite, on and then``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def schema_message(error: Any) -> str:
    """``error`` (a ``jsonschema.ValidationError``) in YAML terms (``null is not a string``), never
    Python's repr; an ``enum`` or a ``pattern`` in the words of its schema's ``x-form`` where it has
    one. Returns the message without the YAML path (``YamlFile.report_schema`` puts it first)."""
    value, rule, kind = error.instance, error.validator_value, error.validator
    shown = yaml_value(value)
    if kind == "type":
        if isinstance(value, float) and "integer" in (rule if isinstance(rule, list) else [rule]) and value.is_integer():
            return f"{shown} is not a whole number; write {int(value)}"
        return f"{shown} is not {_type_words(rule)}"
    if kind == "enum":
        choices = list(dict.fromkeys(str(choice) for choice in rule))
        hint = did_you_mean_alike(value, choices) if isinstance(value, str) else ""
        return f"{shown} is not {error.schema.get('x-form', 'allowed')}{hint}; it is one of: {', '.join(choices)}"
    if kind == "const":
        return f"{shown} is not allowed; it must be {yaml_value(rule)}"
    if kind in ("minimum", "exclusiveMinimum"):
        return f"{shown} is too small; the least allowed is {yaml_value(rule)}{'' if kind == 'minimum' else ' (not included)'}"
    if kind in ("maximum", "exclusiveMaximum"):
        return f"{shown} is too large; the most allowed is {yaml_value(rule)}{'' if kind == 'maximum' else ' (not included)'}"
    if kind == "minItems":
        return f"{shown} has too few items; it needs at least {rule}"
    if kind == "maxItems":
        return f"{shown} has too many items; at most {rule}"
    if kind == "uniqueItems":
        seen: list[Any] = []
        twice = next((item for item in value if item in seen or seen.append(item)), None) if isinstance(value, list) else None
        return f"{yaml_value(twice)} is listed twice in {shown}" if twice is not None else f"{shown} lists an item twice"
    if kind == "minLength":
        return f"{shown} is too short (at least {rule} characters)" if rule > 1 else "an empty string is not allowed here"
    if kind == "maxLength":
        return f"{shown} is too long (at most {rule} characters)"
    if kind == "pattern":  # the schema says each form in words (x-form), next to its pattern
        alike = look_alikes(value, []) if isinstance(value, str) else ""  # a Cyrillic Е in ATB-ЕMPATE-2
        return f"{shown} is not {error.schema.get('x-form', 'of the form this key takes')}{alike}"
    if kind in ("oneOf", "anyOf"):
        return f"{shown} matches none of the forms allowed here"
    return f"{shown} is not allowed here ({kind})"



# ------------------------------------------------------------------------------- YAML with places
class _Yaml12Loader(yaml.SafeLoader):
    """Safe YAML loading with YAML 1.2 booleans: only ``true`` / ``false`` are booleans, so a clause's
    ``on:`` key stays the word "on", and an expectation's ``reason: no`` the word "no" (YAML 1.1
    would read them, and yes/off/y/n, as booleans)."""


_Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class _FastYaml12Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """``_Yaml12Loader`` on libyaml's C parser when PyYAML has it (ten times faster: loading the
    rule sets was a third of a ``truco conform`` run); its nodes carry the same marks. Its error
    messages differ, so a file it cannot parse is parsed again with ``_Yaml12Loader`` to report."""


_FastYaml12Loader.yaml_implicit_resolvers = _Yaml12Loader.yaml_implicit_resolvers


def _parse(text: str, loader: type) -> tuple[yaml.Event | None, yaml.Node | None, Any]:
    """Read YAML ``text`` with ``loader``: ``(refused, node, document)``. ``refused`` is the first
    alias, or the first mapping or list deeper than ``MAX_NESTING``, found in the parser's events
    (no recursion); then nothing is built (an alias can multiply a small file into an enormous
    document, deep nesting would exhaust the stack). Else ``refused`` is None, ``node`` the node tree
    (None for an empty file) and ``document`` its plain data (the loader is safe: dicts, lists,
    str, int, float, bool, None). Raises ``yaml.YAMLError`` for text that is not one YAML document."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            return event, None, None
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_NESTING:
                return event, None, None
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
    reader = loader(text)
    try:
        node = reader.get_single_node()
        return None, node, None if node is None else reader.construct_document(node)
    finally:
        reader.dispose()


def _a(kind: str) -> str:
    """``kind`` with its article: "a rule file", "an expectations file"."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


#: PyYAML's words for what is wrong, and what a person reads instead (in this order: first match wins
#: for each phrase; every match is replaced)
_YAML_PHRASES = (
    (r"found character '\\t' that cannot start any token", "a tab: YAML indents with spaces, never with tabs"),
    (r"found character '(.)' that cannot start any token", r"\1 cannot start a value; put the value in quotes"),
    (r"mapping values are not allowed here", "this ': ' would start a mapping inside a value (put the value in quotes), "
                                             "or the key is indented more than the keys beside it"),
    (r"could not determine a constructor for the tag '(?:tag:yaml.org,2002:)?([^']*)'",
     r"the tag \1 is not allowed: a file holds plain values (text, numbers, true and false, lists, mappings)"),
    (r"could not find expected ':'", "a key without ':' after it"),
    (r"expected a comment or a line break, but found '(.)'", r"\1 after a value on the same line; put the whole value in quotes"),
    (r"expected <block end>, but found '-'", "a list item (-) where the keys of a mapping go on; indent it under its key"),
    (r"expected <block end>, but found '<block mapping start>'", "this line is indented differently from the lines before it"),
    (r"expected <block end>, but found '<scalar>'", "more text after a quoted value; put the whole value in quotes"),
    (r"expected <block end>, but found '([^']*)'", r"\1 where the indented block before it should go on or end"),
    (r"found unhashable key", "a key that is a list or a mapping; a key is a word"),
    (r"while constructing a mapping", "the mapping"),
    (r" \((?:found unexpected end of stream|expected [^)]*but got '<stream end>') at the end of the file\)", ""),
    (r"found unexpected end of stream", "the file ends"),
    (r"'<stream end>'", "the end of the file"),
    (r" ?\(while scanning for the next token\)", ""),
    (r"while scanning a quoted scalar", "a quoted string"),
    (r"while scanning a simple key", "a key"),
    (r"while scanning an? ", "a "),
    (r"while parsing a block mapping", "the mapping"),
    (r"while parsing a block collection", "the list"),
    (r"while parsing a flow sequence", "the [ list"),
    (r"while parsing a flow mapping", "the { mapping"),
    (r"while parsing an? ", "a "),
    (r"flow sequence", "[ list"),
    (r"flow mapping", "{ mapping"),
)


def _yaml_words(text: str) -> str:
    """PyYAML's message ``text`` in a person's words (``_YAML_PHRASES``); what has no translation is kept."""
    for pattern, words in _YAML_PHRASES:
        text = re.sub(pattern, words, text)
    return text


@dataclass
class YamlFile:
    """A YAML file a user wrote, read with the place of everything in it (made by ``YamlFile.read``).

    ``path``: the file; ``lines``: its text line by line (empty when it is not UTF-8 text);
    ``document``: its plain data, None when it could not be read (or is empty); ``value_marks`` /
    ``key_marks``: YAML path (``("clauses", 2, "when")``) -> (line, column), 0-based, where the value
    / the key starts; ``styles``: a scalar's YAML path -> its style (``|``, ``>``, ``'``, ``"``, None
    when plain); ``problems``: every ``Problem`` found, in the order found — reading's first, then
    those the file's own loader adds with ``report``.
    """

    path: Path
    lines: list[str] = field(default_factory=list)
    document: Any = None
    value_marks: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    styles: dict[YamlPath, str | None] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @classmethod
    def read(cls, path: str | Path, kind: str, instead_of_aliases: str = "write the value out") -> Self:
        """Read the YAML file at ``path`` (str or Path) safely, with YAML 1.2 booleans; ``kind``
        names the file in messages ("rule file"), ``instead_of_aliases`` says what to write instead
        of an alias. Returns the ``YamlFile`` (of the class it is called on). Never raises: a file
        that cannot be read, is larger than ``MAX_FILE_BYTES``, is not UTF-8 or not YAML, nests
        deeper than ``MAX_NESTING`` or uses an alias gets that one problem and no document; a
        duplicate key is a problem too, and the document is kept (without the earlier value)."""
        read = cls(Path(path))
        text = read._text(kind)
        if text is None:
            return read
        read.lines = text.splitlines()
        try:
            refused, node, document = _parse(text, _FastYaml12Loader)
        except yaml.YAMLError:
            try:  # again, for PyYAML's messages
                refused, node, document = _parse(text, _Yaml12Loader)
            except yaml.YAMLError as problem:
                read._report_yaml_error(problem, text)
                return read
        if isinstance(refused, yaml.AliasEvent):
            read._report_at(refused.start_mark.line, refused.start_mark.column,
                            f"YAML aliases (*{refused.anchor}) are not allowed in {kind}s; {instead_of_aliases}")
        elif refused is not None:
            read._report_at(refused.start_mark.line, refused.start_mark.column,
                            f"the YAML nests deeper than {MAX_NESTING} levels; {_a(kind)} needs a handful")
        elif node is not None:
            read.document = document
            read._record(node, ())
        return read

    def place(self, path: YamlPath, at_key: bool = False, offset: tuple[int, int] | None = None) -> Place:
        """The ``Place`` of ``path`` (its YAML path written out, as ``clauses[2].when``): where its
        value starts, or its key with ``at_key``; a path the file does not have (a missing key)
        points at the nearest value around it that it has. ``offset``: (line, column), 1-based,
        inside the scalar's text (as an ``ExpressionError`` gives them), is followed into the file,
        whatever the scalar's style (plain, quoted, ``|`` or ``>`` block). Never raises."""
        marks = self.key_marks if at_key else self.value_marks
        probe = path
        while probe not in marks and probe not in self.value_marks and probe:
            probe = probe[:-1]
        line, column = marks.get(probe) or self.value_marks.get(probe, (0, 0))
        if offset is not None:
            line, column = self._inside_scalar(probe, line, column, offset)
        return Place(str(self.path), line + 1, column + 1, yaml_path(path))

    def problem(self, path: YamlPath, message: str, at_key: bool = False, offset: tuple[int, int] | None = None) -> Problem:
        """A ``Problem`` saying ``message`` at ``place(path, at_key, offset)``, with the file's line
        there (for the caret); not added to ``problems``."""
        return self._problem_at(self.place(path, at_key, offset), message)

    def report(self, path: YamlPath, message: str, at_key: bool = False, offset: tuple[int, int] | None = None) -> None:
        """Add ``problem(path, message, at_key, offset)`` to ``problems``."""
        self.problems.append(self.problem(path, message, at_key, offset))


    def report_schema(self, errors: Iterable[Any]) -> set[YamlPath]:
        """Report each JSON Schema error (``jsonschema`` ``ValidationError``s of this document) at
        its place, in YAML words (``schema_message``): an unknown key at the key, with the allowed
        ones and what it looks like; the keys a mapping misses, once. Returns the paths of the
        broken parts (an unknown or missing key's own path, not the mapping around it)."""
        broken: set[YamlPath] = set()
        for error in sorted(errors, key=lambda error: list(map(str, error.absolute_path))):
            path = tuple(error.absolute_path)
            where = yaml_path(path) or "the top level"
            if error.validator == "additionalProperties" and isinstance(error.instance, dict):
                allowed = sorted(error.schema.get("properties", {}))
                for key in sorted(set(error.instance) - set(allowed), key=str):
                    broken.add(path + (key,))
                    self.report(path + (key,), f"unknown key {yaml_value(key)} in {where}{did_you_mean_alike(str(key), allowed)}; "
                                               f"allowed keys: {', '.join(allowed)}", at_key=True)
                continue
            if error.validator == "required":  # one error per missing key: all of them told once
                missing = [key for key in error.validator_value if key not in error.instance]
                if path + (missing[0],) not in broken:
                    broken.update(path + (key,) for key in missing)
                    self.report(path, f"{where} is missing {_listed(missing)}")
                continue
            if "propertyNames" in error.schema_path and isinstance(error.instance, str):  # a key of the wrong form
                broken.add(path + (error.instance,))
                self.report(path + (error.instance,), f"{where}: {schema_message(error)}", at_key=True)
                continue
            broken.add(path)
            self.report(path, f"{where}: {schema_message(error)}")
        return broken

    def _problem_at(self, place: Place, message: str) -> Problem:
        line_text = self.lines[place.line - 1].rstrip() if 0 < place.line <= len(self.lines) else ""
        return Problem(place, message, line_text)

    def _report_at(self, line: int, column: int, message: str) -> None:
        """A problem of the whole text at (line, column), 0-based: no YAML path."""
        self.problems.append(self._problem_at(Place(str(self.path), line + 1, column + 1), message))

    def _text(self, kind: str) -> str | None:
        """The file's text; None, with the problem reported, when it cannot be read, is larger than
        ``MAX_FILE_BYTES`` or is not UTF-8 (pointed at the first byte that is not)."""
        try:
            raw = read_regular(self.path)  # never blocks, never reads past the limit
        except OSError as problem:
            why = _why_unreadable(problem)
            if why.startswith("the file is larger"):
                self.problems.append(Problem.of_file(self.path, f"{why}: too large to be {_a(kind)}"))
            else:
                self.problems.append(Problem.of_file(self.path, f"cannot read the {kind}: {why}"))
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as problem:
            start = raw.rfind(b"\n", 0, problem.start) + 1
            end = raw.find(b"\n", problem.start)
            line = raw[start:end if end >= 0 else len(raw)].decode("utf-8", errors="replace").rstrip()
            place = Place(str(self.path), raw.count(b"\n", 0, start) + 1, len(raw[start:problem.start].decode("utf-8")) + 1)
            self.problems.append(Problem(place, f"the file is not UTF-8 text ({_a(kind)} is YAML, written in UTF-8)", line))
            return None

    def _report_yaml_error(self, problem: yaml.YAMLError, text: str) -> None:
        """PyYAML's error about ``text``, at its place; one found only at the end of the file points
        at what was left open there, where the author can see it."""
        if isinstance(problem, yaml.reader.ReaderError):  # a character YAML does not allow
            line, column = self._line_and_column(text, problem.position)
            shown_line = self.lines[line].replace(chr(problem.character), "\ufffd").rstrip() if line < len(self.lines) else ""
            self.problems.append(Problem(Place(str(self.path), line + 1, column + 1),
                                         f"not valid YAML: the character U+{problem.character:04X} is not allowed in a YAML file", shown_line))
            return
        mark = getattr(problem, "problem_mark", None) or getattr(problem, "context_mark", None)
        line, column = (mark.line, mark.column) if mark else (0, 0)
        what = getattr(problem, "problem", None) or str(problem)
        context, context_mark = getattr(problem, "context", None), getattr(problem, "context_mark", None)
        if context and context_mark is not None and context_mark is not mark and line >= len(self.lines):
            line, column = context_mark.line, context_mark.column
            opened = context.removeprefix("while parsing ")
            what = f"{opened} that starts here is never closed ({what} at the end of the file)"
        elif context and context_mark is not None and context_mark is not mark:
            what += f" ({context} that starts at line {context_mark.line + 1}, column {context_mark.column + 1})"
        elif context:
            what += f" ({context})"
        if line >= len(self.lines) and self.lines:  # the end of the file: its last line
            line, column = len(self.lines) - 1, len(self.lines[-1])
        self._report_at(line, column, f"not valid YAML: {_yaml_words(what)}")

    def _line_and_column(self, text: str, position: int) -> tuple[int, int]:
        """The (line, column), 0-based, of the character at ``position`` in ``text`` (the file's)."""
        start = 0
        for number, line in enumerate(text.splitlines(keepends=True)):
            if position < start + len(line):
                return number, position - start
            start += len(line)
        return max(len(self.lines) - 1, 0), len(self.lines[-1]) if self.lines else 0

    def _record(self, node: yaml.Node, path: YamlPath) -> None:
        """Keep the marks and styles of ``node`` and all below it; report duplicate keys."""
        self.value_marks[path] = (node.start_mark.line, node.start_mark.column)
        if isinstance(node, yaml.ScalarNode):
            self.styles[path] = node.style or None  # a plain scalar: None from PyYAML, "" from libyaml
        elif isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key_node, value_node in node.value:
                key = key_node.value
                child = path + (key,)
                self.key_marks[child] = (key_node.start_mark.line, key_node.start_mark.column)
                if key in seen:
                    self.report(child, f"duplicate key {key!r} (YAML would silently keep only the last)", at_key=True)
                seen.add(key)
                self._record(value_node, child)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self._record(item, path + (index,))

    def _inside_scalar(self, path: YamlPath, line: int, column: int, offset: tuple[int, int]) -> tuple[int, int]:
        """Where (line, column), 0-based, the ``offset`` (expression line, column, 1-based) of the
        scalar at ``path``, which starts at ``line`` / ``column``, falls in the file."""
        expression_line, expression_column = offset
        style = self.styles.get(path)
        # a block's content starts on the next line; YAML strips the indentation of its first
        # non-blank line from every line, so that indentation (not each line's own) is added back
        content = next((text for text in self.lines[line + 1:] if text.strip()), "")
        indent = len(content) - len(content.lstrip())
        if style == "|":
            return line + expression_line, indent + expression_column - 1
        text = self.value_at(path)
        if style in (">", None) and isinstance(text, str):
            # folded and plain scalars join their lines with one character: walk the file's lines
            index = sum(len(part) + 1 for part in text.split("\n")[:expression_line - 1]) + expression_column - 1
            if style == ">":
                pieces = [(number, indent, self.lines[number][indent:].rstrip()) for number in range(line + 1, len(self.lines))]
            else:
                pieces = [(line, column, self.lines[line][column:].rstrip())] + [
                    (number, len(self.lines[number]) - len(self.lines[number].lstrip()), self.lines[number].strip())
                    for number in range(line + 1, len(self.lines))]
            start = 0
            for number, first, piece in (piece for piece in pieces if piece[2]):
                if index <= start + len(piece):
                    return number, first + index - start
                start += len(piece) + 1
        if expression_line > 1:
            target = line + expression_line - 1
            text = self.lines[target] if target < len(self.lines) else ""
            return target, len(text) - len(text.lstrip()) + expression_column - 1
        quote = 1 if style in ("'", '"') else 0
        return line, column + quote + expression_column - 1

    def value_at(self, path: YamlPath) -> Any:
        """The document's value at ``path`` (a YAML path), None when it has none. Never raises."""
        value: Any = self.document
        for part in path:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                return None
        return value
