package cli

import (
	"strings"
	"testing"
	"time"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// TestCheckSummary: the summary of five outcomes given in a shuffled
// order: the totals line, the verdicts in the order sound, unsound,
// unknown and the reasons alphabetically within each, the lengths
// ascending with the unproven ("-") last.
func TestCheckSummary(t *testing.T) {
	var s checkSummary
	for _, o := range []checkOutcome{
		{verdict: compose.Undecided, reason: "no answer within the limits", elapsed: time.Second, nodes: 100},
		{verdict: compose.Unsound, reason: "spare pieces (駒余り)", plies: 5, elapsed: 2 * time.Second, nodes: 20},
		{verdict: compose.Sound, plies: 13, elapsed: 250 * time.Millisecond, nodes: 3},
		{verdict: compose.Unsound, reason: "alternative mate (余詰)", plies: 5, nodes: 4000},
		{verdict: compose.Sound, plies: 5, elapsed: time.Millisecond, nodes: 1},
	} {
		s.add(&o)
	}
	var b strings.Builder
	s.write(&b)
	want := `check: 5 problems: 2 sound, 2 unsound, 1 unknown; time 3.251s; 4124 nodes

| verdict | reason | problems |
|---|---|---:|
| sound |  | 2 |
| unsound | alternative mate (余詰) | 1 |
| unsound | spare pieces (駒余り) | 1 |
| unknown | no answer within the limits | 1 |

| plies | problems | sound | unsound | unknown |
|---:|---:|---:|---:|---:|
| 5 | 3 | 1 | 2 | 0 |
| 13 | 1 | 1 | 0 | 0 |
| - | 1 | 0 | 0 | 1 |
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestCheckReason: the kind of a check's verdict for the summary, from
// the fields of compositions made by hand, one per kind.
func TestCheckReason(t *testing.T) {
	mate := dfpn.Result{Status: dfpn.Mate, Shortest: true, PV: make([]position.Move, 3)}
	var pawn position.Hand
	pawn = pawn.Add(position.Pawn)
	for _, c := range []struct {
		c    compose.Composition
		want string
	}{
		{compose.Composition{Verdict: compose.Sound, Main: mate}, ""},
		{compose.Composition{Verdict: compose.Unsound, Main: dfpn.Result{Status: dfpn.NoMate}}, "no mate"},
		{compose.Composition{Verdict: compose.Unsound, Main: mate, Alternatives: make([]compose.Alternative, 1), Spare: pawn}, "alternative mate (余詰)"},
		{compose.Composition{Verdict: compose.Unsound, Main: mate, Spare: pawn}, "spare pieces (駒余り)"},
		{compose.Composition{Main: dfpn.Result{Status: dfpn.Unknown}}, "no answer within the limits"},
		{compose.Composition{Main: dfpn.Result{Status: dfpn.Mate, PV: mate.PV}}, "mate not proven shortest"},
		{compose.Composition{Main: mate, Unchecked: []compose.Unchecked{{Ply: 1, What: "a line without spare pieces"}, {Ply: 1, What: "alternative mates"}}}, "alternative mates not checked"},
		{compose.Composition{Main: mate, Unchecked: []compose.Unchecked{{Ply: 1, What: "a line without spare pieces"}}}, "a line without spare pieces not found"},
	} {
		if got := checkReason(&c.c); got != c.want {
			t.Errorf("%+v: %q, want %q", c.c.Verdict, got, c.want)
		}
	}
}
