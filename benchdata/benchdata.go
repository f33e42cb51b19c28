// Package benchdata holds the problems of gomate's built-in benchmark
// (gomate bench), embedded in the binary so that it runs from any
// directory. SOURCES.md in this directory says where each file comes
// from.
package benchdata

import "embed"

// FS holds the suite's files, each a problem file as gomate solve reads
// them: mate3.sfen, mate5.sfen and mate7.sfen (50 mates in 3, 5 and 7
// plies each, made under strict rules), zukou_easy.tsv (the ten shortest
// Shogi Zukou problems, tsume rules) and long.tsv (the long problems of
// gomate bench -long).
//
//go:embed mate3.sfen mate5.sfen mate7.sfen zukou_easy.tsv long.tsv
var FS embed.FS
