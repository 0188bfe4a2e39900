#!/usr/bin/env python3
"""Turns the ```cpp blocks of one Markdown page into one C++ test program.

    extract_snippets.py PAGE.md OUT.cpp [--have-lm 0|1]

The rules (HACKING.md, "Examples in the documentation"):

* Every ```cpp block is compiled. A block whose first line is `// not compiled: <reason>` is
  skipped (pseudo-code only).
* A block whose first line starts with `#include` or is a `// file` marker is a whole file: it is
  placed at namespace scope, as written. If it defines `int main()`, that main is renamed and
  called by the test.
* Any other block is a fragment: the body of a function of its own. Fragments see
  <laminate/laminate.hpp>, the common standard headers, and every whole-file block above them on
  the same page.
* Output: each comment `// prints: TEXT` or `// -> TEXT` (the marker first in the comment) is a
  line the block must print on std::cout. Blocks with such lines are run, their std::cout captured,
  and the lines must appear in that order (other lines may come between). Blocks without them are
  compiled only.
* All blocks of a page are one translation unit: names declared at namespace scope (structs,
  enums, functions of whole-file blocks) must be unique within the page.
* Without the program layer (--have-lm 0), blocks that use laminate::lm are skipped.
"""

import argparse
import re
import sys

FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)[^`]*$")
EXPECT = re.compile(r"//\s*(?:prints:|->)\s?(?P<text>.*)$")
MAIN = re.compile(r"\bint\s+main\s*\(")
USES_LM = re.compile(r"laminate::lm\b|laminate/lm\b")


class Block:
    def __init__(self, line, lines):
        self.line = line  # 1-based line of the first code line in the page
        self.lines = lines
        first = next((l.strip() for l in lines if l.strip()), "")
        self.skipped_reason = None
        if first.startswith("// not compiled:"):
            self.skipped_reason = first[len("// not compiled:"):].strip() or "no reason given"
        self.whole_file = first.startswith("#include") or re.match(r"//\s*file\b", first) is not None
        self.has_main = self.whole_file and any(MAIN.search(l) for l in lines)
        self.expected = []
        for l in lines:
            m = EXPECT.search(l)
            if m and not _inside_string_literal(l, m.start()):
                self.expected.append(m.group("text").rstrip())


def _inside_string_literal(line, pos):
    """Whether pos lies inside a "..." literal on this line (a `//` in a URL or in JSON text)."""
    quotes = 0
    i = 0
    while i < pos:
        c = line[i]
        if c == "\\" and quotes % 2 == 1:
            i += 2
            continue
        if c == '"':
            quotes += 1
        i += 1
    return quotes % 2 == 1


def read_blocks(path):
    with open(path, encoding="utf-8") as f:
        page = f.read().split("\n")
    blocks = []
    i = 0
    while i < len(page):
        m = FENCE_OPEN.match(page[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info").lower()
        close = re.compile(r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        j = i + 1
        while j < len(page) and not close.match(page[j]):
            j += 1
        if info in ("cpp", "c++"):
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in page[i + 1:j]]
            blocks.append(Block(i + 2, body))
        i = j + 1
    return blocks


def close_main(lines):
    """The lines with `return 0;` put before the brace that closes main(), as main() has it
    implicitly and a renamed main does not. Skips comments, string, character and raw string
    literals while matching braces."""
    text = "\n".join(lines)
    m = MAIN.search(text)
    i = text.find("{", m.end())
    depth = 0
    n = len(text)
    while 0 <= i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            continue
        if text.startswith("/*", i):
            i = text.find("*/", i) + 2
            continue
        raw = re.match(r'R"([^()\\ ]{0,16})\(', text[i:i + 20])
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + raw.group(1) + '"', i + raw.end())
            i = end + len(raw.group(1)) + 2
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                text = text[:i] + "return 0; " + text[i:]
                return text.split("\n")
        i += 1
    sys.exit("could not find the end of main() in a block")


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def generate(page_path, display_name, blocks, have_lm):
    out = []
    w = out.append
    w("// Generated by tests/docs/extract_snippets.py from " + display_name + ": do not edit.")
    w("#include <laminate/laminate.hpp>")
    if have_lm:
        w("#include <laminate/lm.hpp>")
    for h in ("array", "cstdint", "cstdio", "iostream", "map", "optional", "sstream", "string",
              "string_view", "variant", "vector"):
        w("#include <" + h + ">")
    w('#include "docs_runner.hpp"')
    w("")
    cases = []
    for n, b in enumerate(blocks):
        where = display_name + ":" + str(b.line)
        if b.skipped_reason is not None:
            cases.append((n, b, where, "skip", "not compiled: " + b.skipped_reason))
            continue
        if not have_lm and any(USES_LM.search(l) for l in b.lines):
            cases.append((n, b, where, "skip", "the program layer is not built"))
            continue
        fn = "doc_block_%d" % n
        if b.whole_file:
            if b.has_main:
                w("#define main " + fn + "_main")
            w('#line %d "%s"' % (b.line, page_path))
            out.extend(close_main(b.lines) if b.has_main else b.lines)
            if b.has_main:
                w("#undef main")
                w("static int " + fn + "() { return " + fn + "_main(); }")
                cases.append((n, b, where, "run" if b.expected else "compile", fn))
            else:
                if b.expected:
                    sys.exit(where + ": a whole-file block with `// prints:` lines needs an int main()")
                cases.append((n, b, where, "compile", None))
        else:
            w("[[maybe_unused]] static int " + fn + "() {")
            w('#line %d "%s"' % (b.line, page_path))
            out.extend(b.lines)
            w("return 0;")
            w("}")
            cases.append((n, b, where, "run" if b.expected else "compile", fn))
        w("")
    w("static const laminate_docs::Block doc_blocks[] = {")
    for n, b, where, what, extra in cases:
        expected = "{" + ", ".join(c_string(e) for e in b.expected) + "}"
        if what == "run":
            w("    {%s, &%s, %s, nullptr}," % (c_string(where), extra, expected))
        elif what == "compile":
            w("    {%s, nullptr, {}, nullptr}," % c_string(where))
        else:
            w("    {%s, nullptr, {}, %s}," % (c_string(where), c_string(extra)))
    if not cases:
        w("    {%s, nullptr, {}, %s}," % (c_string(display_name), c_string("no cpp blocks")))
    w("};")
    w("")
    w("int main() { return laminate_docs::run(doc_blocks); }")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page")
    ap.add_argument("out")
    ap.add_argument("--name", help="the page's name in messages (default: its path)")
    ap.add_argument("--have-lm", type=int, default=1)
    args = ap.parse_args()
    blocks = read_blocks(args.page)
    text = generate(args.page, args.name or args.page, blocks, bool(args.have_lm))
    try:
        with open(args.out, encoding="utf-8") as f:
            if f.read() == text:
                return  # unchanged: keep the timestamp, nothing recompiles
    except OSError:
        pass
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
