#!/usr/bin/env bash
# Prints Vigil's speed side by side with its peers on the same Solidity files:
#   - whole-process time and peak RSS of `vigil scan` vs solhint with its recommended rules;
#   - Vigil's parser vs Slang's parser (one thread each, MB/s).
# solhint and Slang come from npm at the pinned versions below, installed into a folder of their
# own ($VIGIL_BENCH_DIR, default $XDG_CACHE_HOME/vigil-bench), never into the repository.
#
#   scan/bench/peers.sh [corpus-folder]      # default ../shared/corpus/clean
#
# Needs go, node (>= 18), npm and GNU time (/usr/bin/time). Figures vary with the machine and
# its load: compare the ratios printed in one run, not figures across runs.
set -euo pipefail

SOLHINT_VERSION=6.2.4
SLANG_VERSION=1.3.8

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
corpus=$(cd "${1:-$repo/../shared/corpus/clean}" && pwd)
export VIGIL_BENCH_DIR=${VIGIL_BENCH_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vigil-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# peers, pinned, in their own folder
mkdir -p "$VIGIL_BENCH_DIR"
if [ ! -f "$VIGIL_BENCH_DIR/package.json" ]; then echo '{"private":true}' >"$VIGIL_BENCH_DIR/package.json"; fi
(cd "$VIGIL_BENCH_DIR" && npm install --no-audit --no-fund --silent \
	"solhint@$SOLHINT_VERSION" "@nomicfoundation/slang@$SLANG_VERSION")
solhint="$VIGIL_BENCH_DIR/node_modules/.bin/solhint"

(cd "$repo" && go build -o "$work/vigil" ./cmd/vigil)

# measure runs a command once and prints "<wall seconds> <peak RSS MB>" (GNU time -v).
measure() {
	/usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>&1 || true
	awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
		/Maximum resident set size/ { rss = $2 / 1024 }
		END { printf "%.2f %.0f\n", s, rss }' "$work/time"
}
files=$(find "$corpus" -name '*.sol' | wc -l)
bytes=$(find "$corpus" -name '*.sol' -print0 | xargs -0 cat | wc -c)
printf 'corpus %s: %d .sol files, %.1f MB; load average %s\n' "$corpus" "$files" "$(echo "$bytes / 1000000" | bc -l)" "$(cut -d' ' -f1-3 /proc/loadavg)"

echo '{"extends": "solhint:recommended"}' >"$work/solhint.json"
read -r vt vr < <(measure "$work/vigil" scan "$corpus" --format json --output "$work/vigil.json")
read -r st sr < <(cd "$corpus" && measure "$solhint" --config "$work/solhint.json" --formatter unix '**/*.sol')
printf '\nwhole scan, one process      wall s   peak RSS MB\n'
printf '  vigil scan                 %6.2f   %6.0f\n' "$vt" "$vr"
printf '  solhint (recommended)      %6.2f   %6.0f\n' "$st" "$sr"
printf '  solhint / vigil            %6.1fx\n' "$(echo "$st / $vt" | bc -l)"

vp=$(cd "$repo" && go test -run - -bench ParseCorpus -benchtime 3x ./scan/solidity/parser | awk '/MB\/s/ { for (i = 1; i < NF; i++) if ($(i+1) == "MB/s") print $i }')
sp=$(node "$here/slang-parse.mjs" "$corpus" 3 | sed -E 's/.*"mbps":([0-9.]+).*/\1/')
printf '\nparse, one thread            MB/s\n'
printf '  vigil parser               %6.2f\n' "$vp"
printf '  Slang %s              %6.2f\n' "$SLANG_VERSION" "$sp"
printf '  vigil / Slang              %6.1fx\n' "$(echo "$vp / $sp" | bc -l)"
