#!/usr/bin/env python3
"""BFCL ground-truth calls as CLI request lines, for timing `laminate shape --jsonl` against
`laminate repair --jsonl` on the same texts (bench/README.md, "The command line at volume").

Each call's arguments (the first accepted value of each parameter, as the W1 workload takes them)
become {"text": <compact JSON>, "schema": <the function's BFCL parameter schema>} in shape.jsonl
and {"text": ...} in repair.jsonl; the 3,302 calls are repeated REPEAT times in corpus order, so
the batch cycles through all 1,681 distinct schemas as a long run would.

usage: bench/make_cli_jsonl.py CORPORA_BFCL_DIR OUT_DIR [REPEAT=30]
"""
import json
import sys

CATEGORIES = ["simple_python", "simple_java", "simple_javascript", "multiple", "parallel",
              "parallel_multiple", "live_simple", "live_multiple", "live_parallel",
              "live_parallel_multiple"]


def main():
    root, out = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    shape, repair = [], []
    for category in CATEGORIES:
        functions = {}
        with open(f"{root}/BFCL_v4_{category}.json") as f:
            for line in f:
                q = json.loads(line)
                functions[q["id"]] = {fn["name"]: fn["parameters"] for fn in q["function"]}
        with open(f"{root}/possible_answer/BFCL_v4_{category}.json") as f:
            for line in f:
                answer = json.loads(line)
                for call in answer["ground_truth"]:
                    (name, params), = call.items()
                    schema = functions[answer["id"]].get(name)
                    if schema is None:
                        continue
                    text = json.dumps({k: v[0] for k, v in params.items() if v and v[0] != ""})
                    shape.append(json.dumps({"text": text, "schema": schema}))
                    repair.append(json.dumps({"text": text}))
    with open(f"{out}/shape.jsonl", "w") as f:
        f.write("\n".join(shape * repeat) + "\n")
    with open(f"{out}/repair.jsonl", "w") as f:
        f.write("\n".join(repair * repeat) + "\n")
    print(f"{len(shape)} calls x {repeat} = {len(shape) * repeat} lines")


if __name__ == "__main__":
    main()
