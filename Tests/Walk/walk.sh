#!/usr/bin/env bash
# Prints the walk of `roster add` and `roster list` on the sample class of 30: every source file in
# which the command runs code, as an instrumented build (-profile-generate
# -profile-coverage-mapping) and `llvm-cov export` measure it, layer by layer, and how many.
#
# Run from anywhere:  bash Tests/Walk/walk.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
build=.build/walk

if command -v xcrun >/dev/null; then
    profdata=(xcrun llvm-profdata) cov=(xcrun llvm-cov)
else
    toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
    profdata=("$toolchain/llvm-profdata") cov=("$toolchain/llvm-cov")
fi

swift build --product roster --build-path "$build" \
    -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping >/dev/null
binary="$build/debug/roster"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp Fixtures/sample-class.plist "$scratch/students.plist"

walk() {
    local name=$1
    shift
    LLVM_PROFILE_FILE="$scratch/$name.profraw" ROSTER_FILE="$scratch/students.plist" COLUMNS=80 \
        "$binary" "$@" >/dev/null
    "${profdata[@]}" merge -o "$scratch/$name.profdata" "$scratch/$name.profraw"
    "${cov[@]}" export -summary-only -instr-profile "$scratch/$name.profdata" "$binary" \
        | python3 -c '
import json, sys
root, command = sys.argv[1] + "/", sys.argv[2]
files = [f["filename"].replace(root, "") for f in json.load(sys.stdin)["data"][0]["files"]
         if f["summary"]["functions"]["covered"] > 0 and "/Sources/" in f["filename"]]
# In the order a call goes down: the tool, the CLI, RosterKit, its engine.
layers = ["Sources/roster/", "Sources/RosterCLI/", "Sources/RosterKit/", "Sources/RosterEngine/"]
files.sort(key=lambda f: (next(i for i, l in enumerate(layers) if f.startswith(l)), f))
print("roster %s: %d source files" % (command, len(files)))
for f in files:
    print("  " + f)
' "$root" "$*"
}

walk add add "Grace Hopper" --age 12
walk list list
