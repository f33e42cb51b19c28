package generate

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// parseConstraints reads a problem's "constraints" field (Constraints.String)
// back.
func parseConstraints(t *testing.T, s string) Constraints {
	t.Helper()
	var c Constraints
	f := strings.Fields(s)
	if len(f)%2 != 0 {
		t.Fatalf("constraints %q", s)
	}
	for i := 0; i < len(f); i += 2 {
		var err error
		switch f[i] {
		case "-shape":
			var m Mask
			m, err = ParseMask(f[i+1])
			c.Shape = &m
		case "-shape-of":
			c.Of, err = ParseShapeOf(f[i+1])
		case "-pieces":
			c.Pieces, err = ParsePieces(f[i+1])
		default:
			t.Fatalf("constraints %q: %s", s, f[i])
		}
		if err != nil {
			t.Fatalf("constraints %q: %v", s, err)
		}
	}
	return c
}

// TestShapesFile: every problem of problems/shapes.jsonl is sound with
// its length by compose.Judge on a fresh solver, its line is the one
// written, and it keeps to the constraints it names; a shape is also
// checked on the SFEN text (the initial position's, or the final one's
// after the line is played).
func TestShapesFile(t *testing.T) {
	text, err := os.ReadFile("../problems/shapes.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) < 3 {
		t.Fatalf("%d problems", len(lines))
	}
	for _, l := range lines {
		var p Problem
		if err := json.Unmarshal([]byte(l), &p); err != nil {
			t.Fatal(err)
		}
		c := parseConstraints(t, p.Constraints)
		if c.IsZero() {
			t.Errorf("%s: no constraints", p.SFEN)
		}
		pos, err := position.FromSFEN(p.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		rep := compose.Judge(dfpn.New(16), pos, compose.SoundnessOptions{Plies: p.Plies}, dfpn.Limits{Nodes: 2000000})
		line := rep.Composition.Line
		if rep.Verdict != compose.Sound || len(line) != p.Plies || position.LineString(line) != p.LineUSI {
			t.Errorf("%s: %v, %d plies, line %s, %v; want sound, %d, %s", p.SFEN, rep.Verdict, len(line), position.LineString(line), rep.Reasons, p.Plies, p.LineUSI)
			continue
		}
		if why := c.Check(pos, line); why != "" {
			t.Errorf("%s: %s", p.SFEN, why)
		}
		if c.Shape != nil {
			sfen := p.SFEN
			if c.Of == ShapeFinal {
				end, _ := position.FromSFEN(p.SFEN)
				if err := end.ApplyMoves(strings.Fields(p.LineUSI)); err != nil {
					t.Fatal(err)
				}
				sfen = end.SFEN()
			}
			if got := occupiedText(t, sfen); got != c.Shape.String() {
				t.Errorf("%s: the %s position %s occupies %s, not %s", p.SFEN, c.Of, sfen, got, c.Shape)
			}
		}
		t.Logf("%d plies, %s: %s %s", p.Plies, p.Constraints, p.SFEN, p.LineJA)
	}
}
