#!/bin/sh
# benchpair.sh compares benchmarks of the working tree with those of an
# older commit on a busy machine: it builds both test binaries once, then
# runs them in interleaved pairs (old, new, old, new, …), one benchmark
# run each, so that a burst of other work falls on both sides alike, and
# prints per benchmark the median ns/op of each side, their ratio
# (new/old), the median of the pairs' own ratios, and the allocations.
#
#	tools/benchpair.sh [-n PAIRS] [-t BENCHTIME] BASE PKG REGEXP
#	tools/benchpair.sh -n 7 -t 1s f6dc07a ./game/rules/ptg 'LegalMovementPhase$'
#
# BASE is a commit; its worktree is made beside this one (so that tests
# reading ../shared find it) and removed at the end, unless BASEDIR names
# an existing checkout of it. PAIRS defaults to 5, BENCHTIME to 1s.
set -eu
pairs=5
bt=1s
while getopts n:t: o; do
	case $o in
	n) pairs=$OPTARG ;;
	t) bt=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
base=$1 pkg=$2 re=$3
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
made=
cleanup() {
	rm -rf "$tmp"
	[ -z "$made" ] || git -C "$top" worktree remove --force "$made"
}
trap cleanup EXIT
if [ -z "${BASEDIR:-}" ]; then
	BASEDIR=$(dirname "$top")/benchpair.$$
	git -C "$top" worktree add --detach -q "$BASEDIR" "$base"
	made=$BASEDIR
fi
(cd "$BASEDIR" && go test -c -o "$tmp/old.test" "$pkg")
(cd "$top" && go test -c -o "$tmp/new.test" "$pkg")
for i in $(seq "$pairs"); do
	for side in old new; do
		dir=$top
		[ $side = new ] || dir=$BASEDIR
		(cd "$dir/$pkg" && "$tmp/$side.test" -test.run '^$' -test.bench "$re" \
			-test.benchtime "$bt" -test.count 1 -test.benchmem) |
			awk -v s=$side -v i="$i" '/^Benchmark/ {
				name = $1; sub(/-[0-9]+$/, "", name)
				ns = ""; al = ""
				for (k = 3; k < NF; k++) {
					if ($(k+1) == "ns/op") ns = $k
					if ($(k+1) == "allocs/op") al = $k
				}
				print name, s, i, ns, al
			}' >>"$tmp/runs"
	done
done
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2] + v[NR/2+1]) / 2 }'; }
printf '%-36s %14s %14s %7s %7s %17s\n' benchmark old-ns/op new-ns/op ratio pairs allocs
for name in $(cut -d' ' -f1 "$tmp/runs" | sort -u); do
	o=$(awk -v n="$name" '$1 == n && $2 == "old" { print $4 }' "$tmp/runs" | median)
	w=$(awk -v n="$name" '$1 == n && $2 == "new" { print $4 }' "$tmp/runs" | median)
	ao=$(awk -v n="$name" '$1 == n && $2 == "old" { print $5 }' "$tmp/runs" | median)
	aw=$(awk -v n="$name" '$1 == n && $2 == "new" { print $5 }' "$tmp/runs" | median)
	pr=$(awk -v n="$name" '$1 == n { v[$2 " " $3] = $4 } END { for (k in v) { split(k, a, " "); if (a[1] == "new" && v["old " a[2]] > 0) print v[k] / v["old " a[2]] } }' "$tmp/runs" | median)
	if [ "$o" = - ] || [ "$w" = - ]; then
		printf '%-36s %14s %14s (on one side only)\n' "$name" "$o" "$w"
		continue
	fi
	printf '%-36s %14.0f %14.0f %7.3f %7.3f %8s → %-6s\n' "$name" "$o" "$w" "$(echo "$w $o" | awk '{ print $1 / $2 }')" "$pr" "$ao" "$aw"
done
