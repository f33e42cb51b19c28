#!/bin/sh
# Runs gomate and shtsume side by side (one core each) over the given
# inputs, 60 s a position and a 2 GB table each, through USI as a GUI
# drives them, and writes OUTDIR/compare.md (peercompare over the two
# usibench CSV files).
#
#   tools/peercompare/run.sh SHTSUME OUTDIR FILE...
#
# SHTSUME is a shtsume binary built from hkijin/shtsume (PEERS.md). Run it
# from the repository root. TIME (ms, default 60000) changes the limit and
# HASH (MB, default 2048) the table; shtsume gets at most 2047 MB, and it
# clears its whole table at every usinewgame, so on thousands of short
# problems (the mate sets) a smaller table keeps that from dominating.
set -eu
if [ $# -lt 3 ]; then
	echo "usage: $0 SHTSUME OUTDIR FILE..." >&2
	exit 2
fi
shtsume=$1
out=$2
shift 2
ms=${TIME:-60000}
hash=${HASH:-2048}
shash=$hash
[ "$shash" -gt 2047 ] && shash=2047
mkdir -p "$out"
go build -o "$out/gomate" .
go build -o "$out/usibench" ./tools/usibench
go build -o "$out/peercompare" ./tools/peercompare
git rev-parse --short HEAD >"$out/commit" 2>/dev/null || true
"$out/usibench" -engine "$out/gomate" -rules tsume -hash "$hash" -time "$ms" \
	-csv "$out/gomate.csv" "$@" >"$out/gomate.txt" 2>&1 &
g=$!
# shtsume: usinewgame before every position, a trailing space on its
# checkmate line, and at most 2047 MB (PEERS.md).
"$out/usibench" -engine "$shtsume" -newgame -trim -rules tsume -hash "$shash" -time "$ms" \
	-csv "$out/shtsume.csv" "$@" >"$out/shtsume.txt" 2>&1 &
s=$!
wait $g || echo "gomate's run: exit status $?" >&2
wait $s || echo "shtsume's run: exit status $?" >&2
"$out/peercompare" gomate="$out/gomate.csv" shtsume="$out/shtsume.csv" >"$out/compare.md"
cat "$out/compare.md"
