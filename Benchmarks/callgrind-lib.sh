# Sourced by callgrind.sh and problem-details.sh: a release product to count instructions of, and
# the count itself.
#
# valgrind 3.22 (Debian 13, Ubuntu 24.04) gives up on the DWARF 5 debug info of a Swift release
# build ("Possibly corrupted debuginfo file"), so the counts run on a copy with its debug info
# stripped: counting instructions needs no symbols. Needs valgrind and binutils' objcopy.

for tool in valgrind objcopy; do
    command -v "$tool" >/dev/null || { echo "$0 needs $tool: apt-get install valgrind binutils" >&2; exit 2; }
done

# Builds PRODUCT in release and sets `profile` to a stripped copy, removed on exit. With QUICK=1,
# ValidatorProfile comes from QuickProfile/ (no benchmark package, no build plugin: the generated
# code is the goldens'), whose release build needs RuleCore and RuleYAML only.
profile_of() {
    local package=.
    if [[ -n ${QUICK:-} ]]; then
        package=QuickProfile
        export RULECHECK_RULES="$PWD/../rules"
    fi
    swift build --package-path "$package" -c release --product "$1" >/dev/null
    profile=$(mktemp)
    trap 'rm -f "$profile"' EXIT
    objcopy --strip-debug "$package/.build/release/$1" "$profile"
}

# The instructions callgrind counts for one run of the profile with ARGUMENTS.
count() { count_of "$profile" "$@"; }

# The instructions callgrind counts for one run of PROGRAM with ARGUMENTS.
count_of() {
    local found
    # NB: Swift seeds its hashing per process, which moves a count by a few instructions per
    # validation from run to run; a fixed seed makes the same binary give the same count.
    found=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1) ||
        true
    # NB: a run valgrind gave up on prints no count; say so rather than divide nothing.
    grep -o "Collected : [0-9]*" <<<"$found" | grep -o "[0-9]*$" ||
        { echo "callgrind counted nothing for '${*:2}': $(tail -3 <<<"$found")" >&2; exit 1; }
}
