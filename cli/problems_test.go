package cli

import (
	"strings"
	"testing"
)

func TestParseProblemLine(t *testing.T) {
	const sfen = "8l/G1+L6/1+R1g2n1p/ppsp2p2/2k2p2P/PP1P2P2/2S1RP3/4P4/LKN1B2NL b P4pn2s2gb 1"
	cases := []struct {
		name, line string
		skip, bad  bool
		wantName   string
		expected   int
		ply        int // moves played from the SFEN
	}{
		{name: "plain", line: sfen},
		{name: "sfen prefix", line: "sfen " + sfen},
		{name: "position command", line: "position sfen " + sfen + " moves 7i6g", ply: 1},
		{name: "startpos", line: "position startpos moves 7g7f", ply: 1},
		{name: "sfen tab plies", line: sfen + "\t3", expected: 3},
		{name: "zukou100", line: "zukou-050\t" + sfen + "\t9", wantName: "zukou-050", expected: 9},
		{name: "long_problems", line: "Name (someone 1986)\t" + sfen + "\t1525\tsource note\tauthor/repo@abc", wantName: "Name (someone 1986)", expected: 1525},
		{name: "long_problems unknown length", line: "Name\t" + sfen + "\t\tnote\tsource", wantName: "Name"},
		{name: "zukou_solutions", line: "zukou-002\t" + sfen + "\t21\t21\t6b79494c\t2h2g 2f1e", wantName: "zukou-002", expected: 21},
		{name: "comment", line: "# id\tsfen\tplies", skip: true},
		{name: "blank", line: "  \t ", skip: true},
		{name: "garbage", line: "hello", bad: true},
		{name: "tsv without a position", line: "a\tb\tc", bad: true},
		{name: "illegal move", line: "position sfen " + sfen + " moves 1a1b", bad: true},
	}
	for _, c := range cases {
		p, ok, err := parseProblemLine(c.line)
		switch {
		case c.bad:
			if err == nil {
				t.Errorf("%s: no error", c.name)
			}
		case c.skip:
			if ok || err != nil {
				t.Errorf("%s: ok %v err %v, want skipped", c.name, ok, err)
			}
		case err != nil || !ok:
			t.Errorf("%s: ok %v err %v", c.name, ok, err)
		case p.name != c.wantName || p.expected != c.expected || p.pos.Ply() != c.ply:
			t.Errorf("%s: name %q expected %d ply %d", c.name, p.name, p.expected, p.pos.Ply())
		}
	}
}

// TestReadProblemsReportsBadLines: the bad lines are reported by number,
// the good ones kept with their place in the file, which names those
// without a name.
func TestReadProblemsReportsBadLines(t *testing.T) {
	in := "# header\n" + "startpos\n" + "bad line\n" + "\n" + "sfen 10/9 b - 1\n" + `{"id": "x", "sfen": "startpos"}` + "\n"
	probs, errs := readProblems(strings.NewReader(in), "f")
	if len(probs) != 2 || probs[0].name != "f:2" || probs[0].label() != "f:2" || probs[1].where != "f:6" || probs[1].label() != "f:6: x" ||
		len(errs) != 2 || !strings.HasPrefix(errs[0].Error(), "f:3: ") || !strings.HasPrefix(errs[1].Error(), "f:5: ") {
		t.Errorf("probs %v errs %v", probs, errs)
	}
}
