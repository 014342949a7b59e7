#!/usr/bin/env python3
"""docs/cli.md from the argument parser: `firebreak --experimental-dump-help | cli_reference.py`.

The dump is swift-argument-parser's own description of every command, option and default, so
the reference cannot drift from the parser; `make docs` writes it and a test compares.
"""
import json
import sys


def option_name(argument):
    names = argument.get("names") or []
    spelled = [("-" if n["kind"] == "short" else "--") + n["name"] for n in names]
    return ", ".join(spelled) if spelled else f"<{argument['valueName']}>"


def value_of(argument):
    if argument["kind"] == "flag":
        return ""
    value = f"<{argument['valueName']}>"
    return value + " …" if argument.get("isRepeating") else value


def usage(command, path):
    parts = [path]
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True) or argument.get("preferredName", {}).get("name") in ("help", "version"):
            continue
        if argument["kind"] == "positional":
            text = f"<{argument['valueName']}>" + (" …" if argument.get("isRepeating") else "")
        else:
            text = (("--" if argument["preferredName"]["kind"] != "short" else "-") + argument["preferredName"]["name"]
                    + (" " + value_of(argument) if value_of(argument) else ""))
        parts.append(f"[{text}]" if argument.get("isOptional") else text)
    return " ".join(parts)


def escaped(text):
    return text.replace("|", "\\|").replace("\n", " ")


def table(command):
    rows = []
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        name = option_name(argument)
        if name in ("-h, --help", "--version"):
            continue
        default = argument.get("defaultValue")
        value = value_of(argument) if argument["kind"] != "positional" else ("…" if argument.get("isRepeating") else "")
        rows.append(f"| `{name}` | {('`' + value + '`') if value else ''} "
                    f"| {('`' + escaped(default) + '`') if default else ''} | {escaped(argument.get('abstract', ''))} |")
    if not rows:
        return []
    return ["| argument | value | default | what it does |", "|---|---|---|---|"] + rows


def section(command, path):
    lines = [f"## `{path}`", "", command.get("abstract", ""), "", "```text", usage(command, path), "```", ""]
    if command.get("discussion"):
        lines += [command["discussion"].strip(), ""]
    rows = table(command)
    if rows:
        lines += rows + [""]
    return lines


def main():
    tool = json.load(sys.stdin)["command"]
    name = tool["commandName"]
    lines = [
        "# Command-line reference",
        "",
        "Generated from firebreak's argument parser by `make docs` (Scripts/cli_reference.py); edit the",
        "option's help in Sources/firebreak, not this file. `firebreak help COMMAND` prints the same.",
        "",
        tool.get("abstract", ""),
        "",
        f"`{name}` with no command runs `{tool.get('defaultSubcommand', 'lint')}`. Exit status: 0 success, 1 findings "
        "(or a `why` with no path), 2 usage, configuration or input errors.",
        "",
    ]
    commands = [c for c in tool.get("subcommands", []) if c.get("shouldDisplay", True) and c["commandName"] != "help"]
    lines += [f"- [`{name} {c['commandName']}`](#{name}-{c['commandName']}): {c.get('abstract', '')}" for c in commands]
    lines.append("")
    for command in commands:
        lines += section(command, f"{name} {command['commandName']}")
    sys.stdout.write("\n".join(lines).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
