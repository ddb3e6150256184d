#!/usr/bin/env bash
# Shows that a change left the engine's reports alone: builds `vigil` at BASE (any commit) and
# from the working tree, scans every corpus target with both, drops the lines that differ from
# run to run by design (scan ids and timings) and compares the rest byte for byte.
#
#   scan/evaluation/samereports.sh BASE [corpus-folder]     # default ../shared/corpus
#
# The targets: each project of clean, audited-sol, audited-solana, solana-clean and
# solana-vulnerable as one workspace (clean once more with --include-deps --include-tests), each
# bug class folder of solidifi-benchmark, each file of swc-registry and defi-vulns, and a
# workspace of both languages (solmate beside a Solana corpus, copied into the temporary
# folder) scanned whole, with --lang either way and with everything included; one --lang that
# finds nothing (an error). The exit status and standard error of every scan are compared too. Prints one line per corpus and exits
# 0 when everything is identical, 1 with the first differences otherwise. Keeps its outputs in
# $VIGIL_SAME_DIR when that is set (else a temporary folder it removes).
#
# It reads the corpora in place; nothing is copied into the repository.
set -euo pipefail

base=${1:?usage: samereports.sh BASE [corpus-folder]}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
corpus=$(cd "${2:-$repo/../shared/corpus}" && pwd)
if [ -n "${VIGIL_SAME_DIR:-}" ]; then
	work=$VIGIL_SAME_DIR
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

# The two binaries: BASE from an archive of its tree (no second worktree), the working tree as
# it is, uncommitted changes included.
rm -rf "$work/src-base"
mkdir -p "$work/src-base"
git -C "$repo" archive "$base" | tar -x -C "$work/src-base"
(cd "$work/src-base" && go build -o "$work/vigil-base" ./cmd/vigil)
(cd "$repo" && go build -o "$work/vigil-head" ./cmd/vigil)

# A workspace of both languages, outside the repository.
mixed=$work/mixed
rm -rf "$mixed"
mkdir -p "$mixed"
cp -r "$corpus/clean/solmate" "$mixed/solmate"
cp -r "$corpus/solana-vulnerable/crytic-not-so-smart-contracts-solana" "$mixed/solana"

# targets prints "<corpus> <flags> <path>" lines; flags are comma-joined ("-" for none).
targets() {
	local d f
	for d in clean audited-sol audited-solana solana-clean solana-vulnerable; do
		for f in "$corpus/$d"/*/; do echo "$d - ${f%/}"; done
	done
	for f in "$corpus/clean"/*/; do echo "clean+deps+tests --include-deps,--include-tests ${f%/}"; done
	for f in "$corpus/solidifi-benchmark/buggy_contracts"/*/; do echo "solidifi-benchmark - ${f%/}"; done
	find "$corpus/swc-registry/test_cases" -name '*.sol' | sort | sed 's/^/swc-registry - /'
	find "$corpus/defi-vulns" -maxdepth 1 -name '*.sol' | sort | sed 's/^/defi-vulns - /'
	for flags in - --lang,solidity --lang,rust --include-deps,--include-tests; do echo "mixed $flags $mixed"; done
	echo "no-sources --lang,rust $corpus/clean/solmate"
}

# normalise drops the lines of the pretty-printed JSON that carry a scan id or a time; every
# other byte stays as the binary wrote it.
normalise() {
	sed -E '/^[[:space:]]*"(scan_id|quick_file_scan_details|scan_init_time|scan_time_taken)": /d'
}

# run scans one target with one binary into out/<which>/<n>.
run() {
	local which=$1 n=$2 flags=$3 path=$4 args=()
	[ "$flags" != - ] && IFS=, read -ra args <<<"$flags"
	local rc=0
	"$work/vigil-$which" scan "${args[@]}" "$path" >"$work/out/$which/$n.json" 2>"$work/out/$which/$n.err" || rc=$?
	{ echo "target: $path ${args[*]}"; echo "exit: $rc"; cat "$work/out/$which/$n.err"; normalise <"$work/out/$which/$n.json"; } >"$work/out/$which/$n.txt"
}

rm -rf "$work/out"
mkdir -p "$work/out/base" "$work/out/head"
declare -A total same
n=0
while read -r name flags path; do
	n=$((n + 1))
	run base "$n" "$flags" "$path"
	run head "$n" "$flags" "$path"
	total[$name]=$((${total[$name]:-0} + 1))
	if cmp -s "$work/out/base/$n.txt" "$work/out/head/$n.txt"; then
		same[$name]=$((${same[$name]:-0} + 1))
	else
		echo "DIFFERENT: $path $flags" >&2
		diff -u "$work/out/base/$n.txt" "$work/out/head/$n.txt" | head -40 >&2 || true
	fi
done < <(targets)

status=0
for name in $(printf '%s\n' "${!total[@]}" | sort); do
	printf '%-22s %4d of %4d reports identical\n' "$name" "${same[$name]:-0}" "${total[$name]}"
	[ "${same[$name]:-0}" = "${total[$name]}" ] || status=1
done
exit $status
