package compose

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"gomate/position"
)

// The problems the tests check, read from the module's testdata.

// tsvRow returns the columns of the row of the tab-separated file whose
// first column is id, or nil when there is none.
func tsvRow(t *testing.T, file, id string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for l := range strings.Lines(string(data)) {
		if c := strings.Split(strings.TrimRight(l, "\r\n"), "\t"); c[0] == id {
			return c
		}
	}
	return nil
}

// problemSFEN reads a problem: "zukou-NNN" from zukou100.tsv, or
// "mateN.sfen:LINE" from the mate sets.
func problemSFEN(t *testing.T, name string) string {
	t.Helper()
	if file, n, ok := strings.Cut(name, ":"); ok {
		data, err := os.ReadFile("../testdata/mate/" + file)
		if err != nil {
			t.Fatal(err)
		}
		line, _ := strconv.Atoi(n)
		return strings.Split(string(data), "\n")[line-1]
	}
	if c := tsvRow(t, "../testdata/classic/zukou100.tsv", name); len(c) >= 2 {
		return c[1]
	}
	t.Fatalf("no problem %s", name)
	return ""
}

// problem reads the problem name (see problemSFEN) with the pieces on the
// squares remove taken off the board.
func problem(t *testing.T, name string, remove ...string) *position.Position {
	t.Helper()
	sfen := problemSFEN(t, name)
	for _, sq := range remove {
		sfen = removePiece(t, sfen, sq)
	}
	p, err := position.FromSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return p
}

// recordedLine reads a problem and its recorded line from
// zukou_solutions.tsv (columns: id, sfen, plies, plies, source, line) or
// zukou_mismatch_lines.tsv (id, sfen, plies, line).
func recordedLine(t *testing.T, id string) (*position.Position, []position.Move) {
	t.Helper()
	for _, f := range []struct {
		file string
		col  int
	}{{"zukou_solutions.tsv", 5}, {"zukou_mismatch_lines.tsv", 3}} {
		if c := tsvRow(t, "../testdata/classic/"+f.file, id); c != nil {
			pos, err := position.FromSFEN(c[1])
			if err != nil {
				t.Fatal(err)
			}
			line, err := pos.ParseLine(strings.Fields(c[f.col]))
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			return pos, line
		}
	}
	t.Fatalf("no recorded line for %s", id)
	return nil, nil
}

// nodeAt returns the position after the first i moves of line from p.
func nodeAt(p *position.Position, line []position.Move, i int) *position.Position {
	q := p.Clone()
	for _, m := range line[:i] {
		q.DoMove(m)
	}
	return q
}

// removePiece returns sfen with the piece on sq (USI square, "3e") taken
// off the board.
func removePiece(t *testing.T, sfen, sq string) string {
	t.Helper()
	f := strings.Fields(sfen)
	var rows [][]string
	for _, r := range strings.Split(f[0], "/") {
		var row []string
		for i := 0; i < len(r); i++ {
			switch c := r[i]; {
			case c >= '1' && c <= '9':
				for range int(c - '0') {
					row = append(row, "")
				}
			case c == '+':
				row = append(row, r[i:i+2])
				i++
			default:
				row = append(row, string(c))
			}
		}
		rows = append(rows, row)
	}
	file, rank := int(sq[0]-'0'), int(sq[1]-'a')
	if len(sq) != 2 || file < 1 || file > 9 || rank < 0 || rank > 8 || rows[rank][9-file] == "" {
		t.Fatalf("removePiece: no piece on %q in %s", sq, sfen)
	}
	rows[rank][9-file] = ""
	var b strings.Builder
	for i, row := range rows {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, c := range row {
			if c == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	f[0] = b.String()
	return strings.Join(f, " ")
}

func TestRemovePiece(t *testing.T) {
	for _, c := range []struct{ sfen, sq, want string }{
		{"6kp1/8n/9/9/9/9/9/9/9 b - 1", "2a", "6k2/8n/9/9/9/9/9/9/9 b - 1"},
		{"6kp1/8n/9/9/9/9/9/9/9 b - 1", "1b", "6kp1/9/9/9/9/9/9/9/9 b - 1"},
		{"4+b4/9/9/9/9/9/9/9/9 w - 1", "5a", "9/9/9/9/9/9/9/9/9 w - 1"},
	} {
		if got := removePiece(t, c.sfen, c.sq); got != c.want {
			t.Errorf("%s without %s: %s, want %s", c.sfen, c.sq, got, c.want)
		}
	}
}
