#!/usr/bin/env bash
# Builds the libFuzzer targets with -sanitize=fuzzer,address and runs each for SECONDS, one after
# another, printing each target's executions; exits 1 when any target found a crash, a leak or a hang.
#
# Usage: Fuzz/run.sh SECONDS [TARGET…]   (targets: FuzzYAMLReader FuzzRuleFile FuzzSpecFile
#        FuzzValidators FuzzPattern FuzzJSONReader, and the runtimes' PyJSONReader PyValidators
#        JSJSONReader JSValidators; default: all). Extra libFuzzer flags: FUZZ_FLAGS="-jobs=2 …".
#
# Each target grows its corpus in Fuzz/.corpus/TARGET, seeded from rules/, specs/, Fuzz/Seeds/ and the
# regression inputs in Tests/HostileInputTests/Fixtures/; its log is Fuzz/.logs/TARGET.log and a
# finding is written to Fuzz/.artifacts/TARGET/. A finding becomes a regression test when its file is
# copied into Tests/HostileInputTests/Fixtures/<TARGET without "Fuzz">/.
#
# The runtimes' targets (Fuzz/runtimes/) take the Swift engine as their oracle: RULECHECK is the
# rulecheck command (built here when not given). PyJSONReader and PyValidators are atheris's (pip
# install atheris), JSJSONReader and JSValidators Node's; FUZZ_SEED (default 1) seeds every one. Their
# regression inputs are runtimes/fixtures/fuzz/TARGET/, which the runtimes' tests read.
set -euo pipefail
fuzz="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz")"
seconds="${1:?usage: Fuzz/run.sh SECONDS [TARGET…]}"
shift
all=(FuzzYAMLReader FuzzRuleFile FuzzSpecFile FuzzValidators FuzzPattern FuzzJSONReader
    PyJSONReader PyValidators JSJSONReader JSValidators)
targets=("${@:-${all[@]}}")
seed="${FUZZ_SEED:-1}"

if printf '%s\n' "${targets[@]}" | grep -q '^Fuzz'; then
    # NB: -enable-testing lets FuzzSpecFile reach the package-level SpecFileReader through @testable import.
    build=(swift build --package-path "$fuzz" -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
    # NB: gold warns about every ASan helper symbol it cannot export; the warnings are noise. A failed
    # build still stops the script, through pipefail.
    "${build[@]}" 2>&1 | { grep -v "Cannot export local symbol" || true; }
    bin="$("${build[@]}" --show-bin-path)"
fi
if printf '%s\n' "${targets[@]}" | grep -qv '^Fuzz' && [ -z "${RULECHECK:-}" ]; then
    swift build --package-path "$root" --product rulecheck
    RULECHECK="$(swift build --package-path "$root" --show-bin-path)/rulecheck"
fi
if printf '%s\n' "${targets[@]}" | grep -q 'Validators$' && printf '%s\n' "${targets[@]}" | grep -qv '^Fuzz'; then
    # Every spec case's input and every body case, as the runtimes' validator targets read them.
    python3 "$fuzz/runtimes/seeds.py" "$RULECHECK" "$fuzz/.corpus/runtime-seeds" >/dev/null
fi

fixtures="$root/Tests/HostileInputTests/Fixtures"
status=0
for target in "${targets[@]}"; do
    case "$target" in
        Py* | JS*)
            regressions="$root/runtimes/fixtures/fuzz/$target"
            if [ ! -d "$regressions" ]; then echo "no regression inputs for $target in $regressions" >&2; exit 2; fi
            case "$target" in
                *JSONReader) seeds=("$fuzz/Seeds/JSONReader" "$fixtures/JSONReader") ;;
                *) seeds=("$fuzz/.corpus/runtime-seeds") ;;
            esac
            mkdir -p "$fuzz/.corpus/$target" "$fuzz/.artifacts/$target" "$fuzz/.logs"
            log="$fuzz/.logs/$target.log"
            # NB: an input that fills a batch waits for the engine's verdicts on it (seconds, on a busy
            # machine); -timeout counts that wait, so it is long.
            if [ "${target:0:2}" = Py ]; then
                run=(python3 "$fuzz/runtimes/fuzz_python.py" "$target" -max_total_time="$seconds" -seed="$seed"
                    -timeout=300 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -dict="$fuzz/json.dict"
                    -artifact_prefix="$fuzz/.artifacts/$target/")
            else
                run=(node "$fuzz/runtimes/fuzz.mjs" "$target" "$seconds" "$seed")
            fi
            if RULECHECK="$RULECHECK" "${run[@]}" "$fuzz/.corpus/$target" "${seeds[@]}" "$regressions" >"$log" 2>&1; then
                result="clean"
            else
                result="FOUND (see $log and $fuzz/.artifacts/$target/)"
                status=1
            fi
            executions="$(grep -o "stat::number_of_executed_units: *[0-9]*\|[0-9]* executions" "$log" | grep -o "[0-9]*" | tail -1 || true)"
            echo "$target: $seconds s, ${executions:-?} executions, $result"
            continue
            ;;
        FuzzYAMLReader) leaks=1 seeds=("$root/rules" "$root/specs" "$root/Tests/RuleYAMLTests/Fixtures/bad") dict=yaml max=16384 ;;
        FuzzRuleFile) leaks=1 seeds=("$root/rules" "$root/Tests/RuleYAMLTests/Fixtures/bad") dict=yaml max=16384 ;;
        FuzzSpecFile) leaks=1 seeds=("$root/specs") dict=yaml max=16384 ;;
        # NB: LeakSanitizer cannot follow the tagged pointers of Swift's multi-payload enums, so it takes
        # the model validators of the rule set loaded once, reachable only through `Validator`, for leaks.
        FuzzValidators) leaks=0 seeds=("$fuzz/Seeds/Validators") dict="" max=4096 ;;
        FuzzPattern) leaks=1 seeds=("$fuzz/Seeds/Pattern") dict=pattern max=4096 ;;
        FuzzJSONReader) leaks=1 seeds=("$fuzz/Seeds/JSONReader") dict=json max=16384 ;;
        *) echo "unknown target '$target'; use one of ${all[*]}" >&2; exit 2 ;;
    esac
    # NB: every target has its folder, which FuzzRegressionTests reads too; a missing one is a mistake.
    regressions="$fixtures/${target#Fuzz}"
    if [ ! -d "$regressions" ]; then echo "no regression inputs for $target in $regressions" >&2; exit 2; fi
    seeds+=("$regressions")
    mkdir -p "$fuzz/.corpus/$target" "$fuzz/.artifacts/$target" "$fuzz/.logs"
    log="$fuzz/.logs/$target.log"
    flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max" -print_final_stats=1
        -artifact_prefix="$fuzz/.artifacts/$target/")
    [ -n "$dict" ] && flags+=(-dict="$fuzz/$dict.dict")
    # NB: Swift's own crash handler would race libFuzzer's and trip ASan while reading memory.
    # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
    if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=$leaks" "$bin/$target" "${flags[@]}" ${FUZZ_FLAGS:-} "$fuzz/.corpus/$target" "${seeds[@]}" >"$log" 2>&1; then
        result="clean"
    else
        result="FOUND $(grep -o "Test unit written to .*" "$log" | tail -1 || true) (see $log)"
        status=1
    fi
    executions="$(grep -o "stat::number_of_executed_units: *[0-9]*" "$log" | grep -o "[0-9]*$" | tail -1 || true)"
    echo "$target: $seconds s, ${executions:-?} executions, $result"
done
exit "$status"
