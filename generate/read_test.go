package generate

import (
	"strings"
	"testing"
)

// TestReadProblem: a problem read back from its JSON line is written
// again byte for byte and is a duplicate of the problem Run made; a line
// marked duplicate reads back with the mark.
func TestReadProblem(t *testing.T) {
	text, probs := generated(t, 3, 2, 1, 5)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		p, err := ReadProblem([]byte(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		b, err := p.MarshalLine()
		if err != nil || string(b) != l {
			t.Errorf("written again:\n%s\nread:\n%s (%v)", b, l, err)
		}
		d := NewDedup()
		if !d.Add(probs[i]) || d.Add(p) {
			t.Errorf("%s read back is not a duplicate of the problem run", l)
		}
	}
	marked := strings.Replace(lines[0], `"trials":`, `"duplicate":true,"trials":`, 1)
	if p, err := ReadProblem([]byte(marked)); err != nil || !p.Duplicate {
		t.Errorf("%s: duplicate %v, %v", marked, p != nil && p.Duplicate, err)
	}
}

// TestReadProblemErrors: each kind of bad line is refused, with the
// reason.
func TestReadProblemErrors(t *testing.T) {
	const good = `{"sfen":"4S4/Sk7/9/3+R5/6B2/9/9/9/9 b rb4g2s4n4l18p 1","plies":3,"line_usi":"3e7a+ 8b7a 6d6b","line_ja":"","method":"reverse","seed":5,"index":0,"trials":1}`
	if _, err := ReadProblem([]byte(good)); err != nil {
		t.Fatalf("the good line: %v", err)
	}
	cases := []struct{ old, new, want string }{
		{`{`, `[`, "not a problem's JSON line"},
		{`}`, `} {}`, "more after the object"},
		{`"trials"`, `"tries"`, "unknown field"},
		{`"plies":3`, `"plies":"3"`, "not a problem's JSON line"},
		{`9/9/9/9 b`, `9/9/9 b`, "sfen"},
		{` b rb4g`, ` w rb4g`, "the defender (White) to move"},
		{`Sk7`, `S8`, "no defender's king"},
		{`"plies":3`, `"plies":4`, "odd length"},
		{`"plies":3`, `"plies":5`, "has 3 moves, plies says 5"},
		{`6d6b"`, `6d6c"`, "not a mate"},
		{`8b7a`, `8b9a`, "line_usi: moves[1]"},
		{`"reverse"`, `""`, "no method"},
		{`"index":0`, `"index":-1`, "negative"},
	}
	for _, c := range cases {
		bad := strings.Replace(good, c.old, c.new, 1)
		if bad == good {
			t.Fatalf("%q is not in the good line", c.old)
		}
		if _, err := ReadProblem([]byte(bad)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", bad, err, c.want)
		}
	}
}
