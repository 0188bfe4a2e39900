#!/usr/bin/env python3
"""Markdown report of a laminate_bench run (Google Benchmark JSON output).

Usage: report.py RESULTS.json

Prints the throughput table (laminate against simdjson DOM and nlohmann/json, measured in the same
run, with the issue's targets) and the linearity table (cost at N and 10N, by input size and by
nesting depth). With repetitions the median is used. MB/s means 10^6 bytes per second of CPU time.
"""
import json
import sys

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

# (label, laminate benchmark, baseline workload for simdjson/nlohmann, target ratio)
THROUGHPUT = [
    ("W1 tool-call arguments, `parse`", "W1/laminate_parse", "W1", 0.5),
    ("W1 tool-call arguments, `parse_json` (strict)", "W1/laminate_parse_json", "W1", 0.5),
    ("W2 20 MB document, `parse`", "W2/laminate_parse", "W2", 0.5),
    ("W2 20 MB document, `parse_json` (strict)", "W2/laminate_parse_json", "W2", 0.5),
    ("W3 malformed arguments, `parse` (baselines on W1)", "W3/laminate_parse", "W1", 0.2),
    ("BFCL valid arguments, `shape_json` with each function's schema", "BFCL/laminate_shape_json", "BFCL", 0.3),
    ("F typed shaping, `from_json<T>` (nlohmann: parse + get<T>)", "F/laminate_from_json", "F", 0.5),
    ("F3 malformed, `from_json<T>` (baselines on F)", "F3/laminate_from_json", "F", 0.2),
]
# (label, paired benchmark, workload of its simdjson side, laminate's separate benchmark):
# bench/paired.hpp
PAIRED = [
    ("W1 `parse`", "Paired/W1/laminate_parse", "W1", "W1/laminate_parse"),
    ("W2 `parse`", "Paired/W2/laminate_parse", "W2", "W2/laminate_parse"),
    ("W3 `parse` (simdjson on W1)", "Paired/W3/laminate_parse", "W1", "W3/laminate_parse"),
    ("BFCL `shape_json`", "Paired/BFCL/laminate_shape_json", "BFCL", "BFCL/laminate_shape_json"),
]
PARSERS = ["laminate_parse", "laminate_parse_json", "simdjson", "nlohmann"]
# (axis, benchmark at N, benchmark at 10N); {p} is the parser
LINEARITY = [
    ("size (W2 tenth vs W2)", "Size/N/{p}", "W2/{p}"),
    ("nesting depth (100 vs 1000)", "Depth/N/{p}", "Depth/10N/{p}"),
    # paired rows only: laminate's repairs have no baseline
    ("a repair every KB (100 KB vs 1 MB)", "", ""),
    ("unclosed string + fragments (100 KB vs 1 MB)", "", ""),
]
# axis -> its paired benchmark (the N and 10N sweeps of laminate_parse in turn)
PAIRED_LINEARITY = {
    "size (W2 tenth vs W2)": "Paired/Size/laminate_parse",
    "nesting depth (100 vs 1000)": "Paired/Depth/laminate_parse",
    "a repair every KB (100 KB vs 1 MB)": "Paired/Repairs/laminate_parse",
    "unclosed string + fragments (100 KB vs 1 MB)": "Paired/UnclosedString/laminate_parse",
}
MAX_COST_PER_INPUT = 1.1  # 10x the input costs at most 11x


def load(path):
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    rows = {}
    errors = {}
    spread = {}  # run name -> coefficient of variation of CPU time across repetitions
    runs = {}  # run name -> its repetitions' rows
    for b in doc.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                rows[name] = b
            elif b.get("aggregate_name") == "cv":
                spread[name] = b["cpu_time"]
        else:
            runs.setdefault(name, []).append(b)
            if name not in rows or rows[name].get("run_type") != "aggregate":
                rows.setdefault(name, b)  # no repetitions: the single run
    return doc.get("context", {}), rows, errors, spread, runs


def mbps(row):
    return row["bytes_per_second"] / 1e6 if row and "bytes_per_second" in row else None


def cost_ns(row):
    return row["cpu_time"] * UNIT_NS[row.get("time_unit", "ns")] if row else None


def fmt(x, spec="{:.0f}"):
    return "n/a" if x is None else spec.format(x)


def ratio(a, b):
    return a / b if a is not None and b else None


def rejected_note(row):
    if row and row.get("rejected", 0) > 0:
        return "rejected %d of %d docs" % (round(row["rejected"]), round(row.get("docs", 0)))
    return ""


def throughput_table(rows, errors):
    out = ["| workload | laminate MB/s | simdjson MB/s | nlohmann MB/s | laminate / simdjson "
           "| nlohmann / simdjson | target | met? |",
           "|---|---:|---:|---:|---:|---:|---:|---|"]
    for label, lam_name, base, target in THROUGHPUT:
        lam, sj, nl = rows.get(lam_name), rows.get(base + "/simdjson"), rows.get(base + "/nlohmann")
        r_lam, r_nl = ratio(mbps(lam), mbps(sj)), ratio(mbps(nl), mbps(sj))
        note = rejected_note(lam)
        if lam_name in errors:
            met = "not run: " + errors[lam_name]
        elif r_lam is None:
            met = "n/a"
        elif note:
            met = "no (" + note + ")"
        else:
            met = "yes" if r_lam >= target else "no"
        if base + "/" in lam_name and lam and lam.get("repaired", 0) > 0:
            # valid input should need no repair: worth a look
            met += " (repaired %d valid docs)" % round(lam["repaired"])
        out.append("| %s | %s | %s | %s | %s | %s | >= %.1fx | %s |" % (
            label, fmt(mbps(lam)), fmt(mbps(sj)), fmt(mbps(nl)),
            fmt(r_lam, "{:.2f}x"), fmt(r_nl, "{:.2f}x"), target, met))
    return out


def paired_table(rows, errors, runs):
    """bench/paired.hpp: laminate's sweep and simdjson's taken in turn, so both meet the same
    moment of a shared host; the median of the repetitions' ratios and their range. Not what
    the targets are judged on: simdjson runs slower there than in its own loop (the column
    `simdjson paired / alone` shows by how much), which flatters laminate's ratio."""
    out = ["| workload | simdjson us / sweep | laminate us / sweep | laminate / simdjson "
           "| range over repetitions | simdjson paired / alone | laminate paired / alone |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for label, name, base, alone in PAIRED:
        row = rows.get(name)
        if name in errors:
            out.append("| %s | | | | | | not run: %s |" % (label, errors[name]))
            continue
        if not row or "ratio" not in row:
            continue
        ratios = sorted(r["ratio"] for r in runs.get(name, [])) or [row["ratio"]]
        sj_alone, lam_alone = cost_ns(rows.get(base + "/simdjson")), cost_ns(rows.get(alone))
        note = " (rejected %d docs a sweep)" % round(row["rejected"]) if row.get("rejected", 0) > 0 else ""
        out.append("| %s | %s | %s | %s%s | %s | %s | %s |" % (
            label, fmt(row["baseline_us"]), fmt(row["laminate_us"]), fmt(row["ratio"], "{:.2f}x"), note,
            "%.2f-%.2f" % (ratios[0], ratios[-1]),
            fmt(ratio(row["baseline_us"] * 1e3, sj_alone), "{:.2f}"),
            fmt(ratio(row["laminate_us"] * 1e3, lam_alone), "{:.2f}")))
    return out


def linearity_table(rows):
    out = ["| axis | parser | cost at N | cost at 10N | input x | cost x | cost x / input x "
           "| target | met? |",
           "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for axis, n_fmt, n10_fmt in LINEARITY:
        for p in PARSERS:
            if not n_fmt:
                continue
            a, b = rows.get(n_fmt.format(p=p)), rows.get(n10_fmt.format(p=p))
            if not a or not b:
                continue
            input_x = ratio(b.get("bytes"), a.get("bytes"))
            cost_x = ratio(cost_ns(b), cost_ns(a))
            per_input = ratio(cost_x, input_x)
            is_laminate = p.startswith("laminate")
            if not is_laminate:
                met = "(baseline)"
            elif rejected_note(a) or rejected_note(b):
                met = "no (" + (rejected_note(a) or rejected_note(b)) + ")"
            else:
                met = "yes" if per_input is not None and per_input <= MAX_COST_PER_INPUT else "no"
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                axis, p, fmt(cost_ns(a) / 1e3, "{:.1f} us"), fmt(cost_ns(b) / 1e3, "{:.1f} us"),
                fmt(input_x, "{:.2f}"), fmt(cost_x, "{:.2f}"), fmt(per_input, "{:.2f}"),
                "<= %.1f" % MAX_COST_PER_INPUT if is_laminate else "", met))
        # The same two sizes timed in turn within each iteration (bench_linearity.cpp).
        paired = rows.get(PAIRED_LINEARITY[axis])
        if paired and "cost_x_per_input" in paired:
            per_input = paired["cost_x_per_input"]
            met = "yes" if per_input <= MAX_COST_PER_INPUT else "no"
            if paired.get("rejected", 0) > 0:
                met = "no (rejected %d docs a sweep)" % round(paired["rejected"])
            out.append("| %s | laminate_parse, paired | %s | %s | %s | %s | %s | <= %.1f | %s |" % (
                axis, fmt(paired["baseline_us"], "{:.1f} us"), fmt(paired["laminate_us"], "{:.1f} us"),
                fmt(paired["input_x"], "{:.2f}"), fmt(per_input * paired["input_x"], "{:.2f}"),
                fmt(per_input, "{:.2f}"), MAX_COST_PER_INPUT, met))
    return out


STREAM_PROVIDERS = ["openai", "anthropic"]
MAX_ONE_BYTE_COST = 3.0  # 1-byte chunks cost at most 3x one chunk


def stream_table(rows):
    """bench_stream.cpp: SSE + assembly against a memchr byte scan, and chunk-size costs."""
    out = ["| stream | byte scan MB/s | SSE only MB/s | assemble MB/s | assemble / byte scan "
           "| 64-byte chunks cost x | 1-byte chunks cost x | target | met? |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for p in STREAM_PROVIDERS:
        scan, sse, whole = (rows.get("Stream/%s/%s" % (p, k)) for k in ("byte_scan", "sse_only", "assemble"))
        c64, c1 = rows.get("Stream/%s/assemble_64B" % p), rows.get("Stream/%s/assemble_1B" % p)
        if not whole:
            continue
        one_x = ratio(cost_ns(c1), cost_ns(whole))
        met = "n/a" if one_x is None else ("yes" if one_x <= MAX_ONE_BYTE_COST else "no")
        out.append("| %s | %s | %s | %s | %s | %s | %s | <= %.1f | %s |" % (
            p, fmt(mbps(scan)), fmt(mbps(sse)), fmt(mbps(whole)), fmt(ratio(mbps(whole), mbps(scan)), "{:.4f}x"),
            fmt(ratio(cost_ns(c64), cost_ns(whole)), "{:.2f}"), fmt(one_x, "{:.2f}"), MAX_ONE_BYTE_COST, met))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    context, rows, errors, spread, runs = load(sys.argv[1])
    loads = context.get("load_avg", [])
    print("Run %s on %d x %.0f MHz; load average %s; simdjson kernel %s; repetitions %s "
          "(median shown); Google Benchmark library build: %s." % (
              context.get("date", "?"), context.get("num_cpus", 0), context.get("mhz_per_cpu", 0),
              ", ".join("%.2f" % x for x in loads) or "?",
              context.get("simdjson_implementation", "?"),
              next((r.get("repetitions") for r in rows.values()), "?"),
              context.get("library_build_type", "?")))
    if spread:
        worst = max(spread, key=spread.get)
        cvs = sorted(spread.values())
        print("Spread between repetitions (coefficient of variation of CPU time): median %.1f%%, "
              "largest %.1f%% (%s)." % (100 * cvs[len(cvs) // 2], 100 * spread[worst], worst))
    print()
    print("\n".join(throughput_table(rows, errors)))
    paired = paired_table(rows, errors, runs)
    if len(paired) > 2:
        print()
        print("Paired sweeps (bench/paired.hpp): each timed sweep of laminate and of simdjson follows an "
              "untimed one of its own, the two sides in turn, so that a shared host's slow moments "
              "fall on both. Less noisy, for comparing two builds of laminate; not what the targets "
              "are judged on, since simdjson runs slower paired than alone (last columns).")
        print()
        print("\n".join(paired))
    print()
    print("\n".join(linearity_table(rows)))
    stream = stream_table(rows)
    if len(stream) > 2:
        print()
        print("\n".join(stream))
    for name, msg in sorted(errors.items()):
        print("\n%s: %s" % (name, msg))


if __name__ == "__main__":
    main()
