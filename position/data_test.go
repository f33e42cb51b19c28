package position

// Loaders for the shared test data in ../testdata (see testdata/SOURCES.md
// for where each file comes from).

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// dataDir is the repository's testdata folder, seen from the package.
const dataDir = "../testdata"

// readLines returns the non-empty lines of a data file that do not start
// with '#'. A missing file fails the test.
func readLines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		tb.Fatalf("open test data: %v", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		l := strings.TrimRight(sc.Text(), "\r")
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("read %s: %v", name, err)
	}
	if len(lines) == 0 {
		tb.Fatalf("%s has no data", name)
	}
	return lines
}

// tsvRow is one row of a TSV file, addressed by the header's column names.
type tsvRow map[string]string

// readTSV reads a TSV file whose first line is a header starting with '#'.
func readTSV(tb testing.TB, name string) []tsvRow {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join(dataDir, name))
	if err != nil {
		tb.Fatalf("open test data: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(raw), "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "#") {
		tb.Fatalf("%s: no header", name)
	}
	header := strings.Split(strings.TrimPrefix(lines[0], "#"), "\t")
	for i := range header {
		header[i] = strings.TrimSpace(header[i])
	}
	var rows []tsvRow
	for n, l := range lines[1:] {
		l = strings.TrimRight(l, "\r")
		if l == "" {
			continue
		}
		cols := strings.Split(l, "\t")
		if len(cols) > len(header) {
			tb.Fatalf("%s line %d: %d columns, header has %d", name, n+2, len(cols), len(header))
		}
		r := tsvRow{}
		for i, c := range cols {
			r[header[i]] = c
		}
		rows = append(rows, r)
	}
	return rows
}

// moveListCase is one position of an nshogi move-list file with its list.
type moveListCase struct {
	line  int // line number of the SFEN in the file
	sfen  string
	moves []string
}

// readMoveLists reads a file of line pairs: an SFEN, then "count move ...".
func readMoveLists(tb testing.TB, name string) []moveListCase {
	tb.Helper()
	lines := readLines(tb, name)
	if len(lines)%2 != 0 {
		tb.Fatalf("%s: odd number of lines", name)
	}
	var cases []moveListCase
	for i := 0; i < len(lines); i += 2 {
		f := strings.Fields(lines[i+1])
		if len(f) == 0 {
			tb.Fatalf("%s line %d: empty move list", name, i+2)
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n != len(f)-1 {
			tb.Fatalf("%s line %d: count %q does not match %d moves", name, i+2, f[0], len(f)-1)
		}
		cases = append(cases, moveListCase{line: i + 1, sfen: lines[i], moves: f[1:]})
	}
	return cases
}

// mustSFEN parses an SFEN that the test data promises is valid.
func mustSFEN(tb testing.TB, s string) *Position {
	tb.Helper()
	p, err := FromSFEN(s)
	if err != nil {
		tb.Fatalf("FromSFEN(%q): %v", s, err)
	}
	return p
}

// mateFiles are the strict mate-in-N sets.
var mateFiles = []string{"mate/mate3.sfen", "mate/mate5.sfen", "mate/mate7.sfen", "mate/mate9.sfen", "mate/mate11.sfen"}

// pawnDropMates returns the 30 illegal pawn-drop mates that nshogi's move
// lists contain, as USI move text keyed by sfenKey of the position.
func pawnDropMates(tb testing.TB) map[string][]string {
	tb.Helper()
	res := map[string][]string{}
	for _, r := range readTSV(tb, "rules/pawn_drop_mate.tsv") {
		k := sfenKey(r["sfen"])
		res[k] = append(res[k], r["pawn_drop_move"])
	}
	return res
}

// sfenKey is an SFEN without its move number: the same position in two
// files may carry different move numbers.
func sfenKey(s string) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(3, len(f))], " ")
}
