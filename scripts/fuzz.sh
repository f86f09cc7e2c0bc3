#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time: scripts/fuzz.sh FuzzDecode|FuzzHEIC|FuzzProject|FuzzJSON|FuzzLossless|FuzzFont SECONDS
#
# Builds the target with --sanitize fuzzer --sanitize address into .build-fuzz (taking the shared
# build lock). Package.swift (TAGPROJ_FUZZ=1) gives the Swift code both in one -sanitize=fuzzer,address
# (swiftc keeps only the last -sanitize= it is given, and SwiftPM's order varies from build to
# build) and the C shims UndefinedBehaviorSanitizer as well; the build is refused if an object of
# TagKit or FuzzBodies lacks the coverage counters or ASan's checks, since the fuzzer would run
# blind. It then fuzzes a working copy of the committed seed corpus (Fuzz/work/, not committed) and
# prints the number of executions and the final coverage. A crash leaves its input in
# Fuzz/work/TARGET/artifacts/ and makes this script fail: commit that input to
# Fixtures/regressions/decode|project|json|font/ (FuzzHEIC: decode/), where the normal test suite
# replays it (Tests/TagKitTests/Fuzz/RegressionTests.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh FuzzDecode|FuzzHEIC|FuzzProject|FuzzJSON|FuzzLossless|FuzzFont SECONDS}
seconds=${2:?usage: scripts/fuzz.sh FuzzDecode|FuzzHEIC|FuzzProject|FuzzJSON|FuzzLossless|FuzzFont SECONDS}
case "$target" in
    FuzzDecode) corpus=decode; regressions=decode ;;
    FuzzHEIC) corpus=heic; regressions=decode ;;  # a HEIC crash replays through the decode body
    FuzzProject) corpus=project; regressions=project ;;
    FuzzJSON) corpus=json; regressions=json ;;
    FuzzLossless) corpus=decode; regressions=decode ;;  # the lossless JPEG path, seeded with the decoder's images
    FuzzFont) corpus=font; regressions=font ;;  # embedded font subsets: load, check, shape, draw
    *) echo "error: unknown target '$target' (FuzzDecode, FuzzHEIC, FuzzProject, FuzzJSON, FuzzLossless or FuzzFont)" >&2; exit 64 ;;
esac
log=$(mktemp)
if ! TAGPROJ_FUZZ=1 flock /tmp/tagproj-build.lock \
        swift build --build-path .build-fuzz --sanitize fuzzer --sanitize address --product "$target" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
rm -f "$log"
# Blind or unchecked Swift code: SanitizerCoverage's counters (__sancov_cntrs) and ASan's checks
# (calls to __asan_*) in every object the fuzz targets' Swift is made of.
for object in .build-fuzz/debug/TagKit.build/*.swift.o .build-fuzz/debug/FuzzBodies.build/*.swift.o; do
    if ! objdump -h "$object" | grep -c __sancov_cntrs >/dev/null || ! nm -u "$object" | grep -c __asan_ >/dev/null; then
        echo "error: $object has no coverage counters or no ASan checks; the fuzzer would run blind" >&2
        exit 1
    fi
done
work=Fuzz/work/$target
mkdir -p "$work/corpus" "$work/artifacts"
cp -n Fuzz/corpus/$corpus/* "$work/corpus/" 2>/dev/null || true
cp -n Fixtures/regressions/$regressions/* "$work/corpus/" 2>/dev/null || true
rm -f "$work/corpus/README.md"
status=0
# -timeout: one input running over 10 s is a hang; -rss_limit_mb: memory out of proportion.
# Leaks inside the system's C libraries (not ours) are suppressed by .ci/lsan.supp, as in CI's ASan run.
LSAN_OPTIONS=suppressions="$PWD/.ci/lsan.supp" .build-fuzz/debug/"$target" "$work/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 2>"$work/log.txt" || status=$?
grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done)" "$work/log.txt" || true
grep -E "^#[0-9]+[[:space:]]+DONE" "$work/log.txt" || true
if [ "$status" -ne 0 ]; then
    grep -E "ERROR|SUMMARY|Test unit written" "$work/log.txt" >&2 || tail -20 "$work/log.txt" >&2
    echo "error: $target found a problem; commit the input from $work/artifacts/ to Fixtures/regressions/$regressions/" >&2
fi
exit "$status"
