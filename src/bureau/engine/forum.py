"""Forum markup shared by the games a moderator runs in a forum thread: the public post
and the private reports come out in BBCode or Markdown.

>>> items(["Ann wins"], "markdown")
'- Ann wins'
>>> heading("Night 2", "bbcode")
'[b][size=150]Night 2[/size][/b]'
"""

from __future__ import annotations

FORMATS = ("bbcode", "markdown")


def check_format(fmt: str) -> None:
    """Refuse a format other than BBCode or Markdown."""
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}: choose bbcode or markdown")


def heading(text: str, fmt: str) -> str:
    return f"[b][size=150]{text}[/size][/b]" if fmt == "bbcode" else f"## {text}"


def bold(text: str, fmt: str) -> str:
    return f"[b]{text}[/b]" if fmt == "bbcode" else f"**{text}**"


def items(lines, fmt: str) -> str:
    """A bulleted list, or nothing for no lines."""
    if not lines:
        return ""
    if fmt == "bbcode":
        return "[list]\n" + "\n".join(f"[*]{line}" for line in lines) + "\n[/list]"
    return "\n".join(f"- {line}" for line in lines)


def code(text: str, fmt: str) -> str:
    return f"[code]{text}[/code]" if fmt == "bbcode" else f"```\n{text}\n```"


def join(parts) -> str:
    """Paragraphs of a post, empty ones left out."""
    return "\n\n".join(p for p in parts if p) + "\n"
