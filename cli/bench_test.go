package cli

import (
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBenchNodeCap: bench -nodes caps every problem of the suite: each
// row's nodes stay near the cap (the limit is checked every 1024 nodes),
// the suite's totals are printed, and the record ends with the threads
// (-threads, 1 by default).
func TestBenchNodeCap(t *testing.T) {
	const limit = 2000
	var out strings.Builder
	if code := Run([]string{"bench", "-time", "0", "-nodes", strconv.Itoa(limit), "-hash", "16"}, nil, &out, io.Discard); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), "\ntotal: 160 problems: ") || !strings.HasSuffix(out.String(), "\nthreads: 1 per problem\n") {
		t.Fatalf("no totals, or no record of the threads:\n%s", out.String())
	}
	// The table's rows: problem, result, plies, expected, time, nodes, ...
	// (a result may hold a space: "mate(upper bound)").
	name := regexp.MustCompile(`^(mate[357]\.sfen:\d+|zukou-\d+)$`)
	time := regexp.MustCompile(`^\d+\.\d{3}s$`)
	rows := 0
	for _, l := range strings.Split(out.String(), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || !name.MatchString(f[0]) {
			continue
		}
		rows++
		k := slices.IndexFunc(f, time.MatchString)
		// A search may run on to its next check of the limit, and a mate
		// found is then minimised and its line built: allow a margin.
		if n, err := strconv.Atoi(f[min(k+1, len(f)-1)]); k < 0 || err != nil || n > 4*limit {
			t.Errorf("row %q: nodes over 4 x -nodes %d", l, limit)
		}
	}
	if rows != 160 {
		t.Errorf("%d rows, want 160:\n%s", rows, out.String())
	}
}
