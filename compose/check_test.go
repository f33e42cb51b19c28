package compose

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// Sound and unsound compositions for Check.
//
// The sound ones are two short Shogi Zukou problems (their recorded lines
// are 13 plies, testdata/classic/zukou100.tsv) and game positions of the
// mate sets whose mate is unique and leaves the attacker's hand empty
// (found by running "gomate check" over testdata/mate/mate3.sfen and
// mate5.sfen: 18 and 14 of the first 1000 qualify). The test does not
// take their soundness from the checker alone: matingChecks below asks a
// fresh solver, check by check, whether any other move mates as fast.
//
// The unsound ones are made from the sound ones by taking one of the
// defender's pieces off the board (removePiece; the piece is gone, not
// given to the defender). What each one is reported with was found the
// same way and is verified here independently: an alternative mate by
// replaying its line and by a fresh solver's per-move search, no mate by a
// fresh bounded search, spare pieces by replaying the line.

var soundCompositions = []struct {
	name  string
	plies int
}{
	{"zukou-092", 13},
	{"zukou-036", 13},
	{"mate3.sfen:32", 3},
	{"mate3.sfen:242", 3},
	{"mate3.sfen:321", 3},
	{"mate5.sfen:127", 5},
	{"mate5.sfen:189", 5},
}

// matingChecks returns, by a fresh solver and one search per check, the
// checks at node (attacker to move) after which the attacker mates within
// r-1 more plies.
func matingChecks(t *testing.T, fresh *dfpn.Solver, node *position.Position, r int) []string {
	t.Helper()
	var buf [position.MaxMoves]position.Move
	var out []string
	for _, m := range append([]position.Move(nil), node.GenerateChecks(buf[:0])...) {
		node.DoMove(m)
		fresh.Clear()
		st := fresh.MateWithin(node, r-1, dfpn.Options{RootIsDefender: true}, dfpn.Limits{Time: 5 * time.Second})
		node.UndoMove()
		if st == dfpn.Unknown {
			t.Fatalf("%s: no answer for %s within %d", node.SFEN(), m, r-1)
		}
		if st == dfpn.Mate {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// checkMainLine verifies the reported main line: a tsume mate from p that
// leaves the spare pieces reported.
func checkMainLine(t *testing.T, p *position.Position, c *Composition) {
	t.Helper()
	if err := dfpn.Tsume.VerifyLine(p, p.SideToMove(), c.Line); err != nil {
		t.Fatalf("main line %v: %v", c.Line, err)
	}
	if h := dfpn.HandAfter(p, c.Line, p.SideToMove()); h != c.Spare {
		t.Fatalf("spare pieces reported %q, the line leaves %q", c.Spare, h)
	}
}

func TestCheckSound(t *testing.T) {
	s, fresh := dfpn.New(32), dfpn.New(16)
	for _, sc := range soundCompositions {
		t.Run(sc.name, func(t *testing.T) {
			p := problem(t, sc.name)
			s.Clear()
			c := Check(s, p, dfpn.Options{}, dfpn.Limits{Time: 10 * time.Second})
			if c.Verdict != Sound || len(c.Line) != sc.plies {
				t.Fatalf("verdict %v (%s), %d plies, want sound in %d; unchecked %v", c.Verdict, strings.Join(c.Reasons, "; "), len(c.Line), sc.plies, c.Unchecked)
			}
			checkMainLine(t, p, &c)
			if !c.Spare.IsEmpty() || len(c.Alternatives) > 0 || len(c.Unchecked) > 0 {
				t.Errorf("sound with findings: %+v", c)
			}
			// Independently: at every attacker's move but the last, the
			// line's move is the only check that mates as fast.
			for i := 0; i < len(c.Line)-1; i += 2 {
				got := matingChecks(t, fresh, nodeAt(p, c.Line, i), len(c.Line)-i)
				if want := []string{c.Line[i].String()}; !slices.Equal(got, want) {
					t.Errorf("ply %d: checks mating within %d: %v, want only %v", i+1, len(c.Line)-i, got, want)
				}
			}
			t.Logf("%d plies in %v: %v", len(c.Line), c.Elapsed, c.Line)
		})
	}
}

// unsoundCompositions: each removes one defender's piece from a sound
// problem. want is what the report must hold: "alt P M" (an alternative
// mate at ply P with move M, "*" for any), "nomate", or "spare H" (spare
// pieces H, "*" for any).
var unsoundCompositions = []struct {
	base, remove string
	want         []string
}{
	// Without the pawn on 2a, the king has room on 2a and the rook mates
	// three plies sooner by 3g3b+ at ply 7.
	{"zukou-092", "2a", []string{"alt 7 3g3b+"}},
	// Without the knight on 1b there is no mate at all.
	{"zukou-092", "1b", []string{"nomate"}},
	// Without the pawn on 3g, 5i4g mates as well as 4e3f at the first
	// move, there is another mate at the third, and the line ends with
	// pieces in hand ("*": which move and which pieces depend on the line
	// the search settles on).
	{"zukou-036", "3g", []string{"alt 1 5i4g", "alt 3 *", "spare *"}},
	// Without the gold on 1d, a 5-ply mate leaves a gold in hand.
	{"zukou-036", "1d", []string{"spare G"}},
	// Without the pawn on 2e (white attacks), N*4e also mates at ply 3.
	{"mate5.sfen:127", "2e", []string{"alt 3 N*4e"}},
	// Without the pawn on 7f, G*8d also mates at ply 5.
	{"mate5.sfen:189", "7f", []string{"alt 5 G*8d"}},
	// Without the silver on 3a there is no mate.
	{"mate3.sfen:242", "3a", []string{"nomate"}},
}

func TestCheckUnsound(t *testing.T) {
	s, fresh := dfpn.New(32), dfpn.New(16)
	for _, uc := range unsoundCompositions {
		t.Run(uc.base+"-"+uc.remove, func(t *testing.T) {
			p := problem(t, uc.base, uc.remove)
			sfen := p.SFEN()
			s.Clear()
			c := Check(s, p, dfpn.Options{}, dfpn.Limits{Time: 10 * time.Second})
			if c.Verdict != Unsound {
				t.Fatalf("%s: verdict %v (%s), want unsound", sfen, c.Verdict, strings.Join(c.Reasons, "; "))
			}
			for _, w := range uc.want {
				f := strings.Fields(w)
				switch f[0] {
				case "nomate":
					if c.Main.Status != dfpn.NoMate || c.Line != nil {
						t.Fatalf("status %v, line %v; want no mate", c.Main.Status, c.Line)
					}
					fresh.Clear()
					if st := fresh.MateWithin(p, 31, dfpn.Options{}, dfpn.Limits{Time: 5 * time.Second}); st != dfpn.NoMate {
						t.Errorf("a fresh search for a mate within 31 plies says %v", st)
					}
				case "spare":
					checkMainLine(t, p, &c)
					if final := finalHand(t, p, c.Line); c.Spare != final || c.Spare.IsEmpty() {
						t.Errorf("spare pieces %q; the line ends with %q in hand", c.Spare, final)
					}
					if f[1] != "*" && c.Spare.String() != f[1] {
						t.Errorf("spare pieces %q, want %q", c.Spare, f[1])
					}
				case "alt":
					checkMainLine(t, p, &c)
					ply, _ := strconv.Atoi(f[1])
					checkAlternative(t, fresh, p, &c, ply, f[2])
				}
			}
			t.Logf("%s: %s (%v)", sfen, strings.Join(c.Reasons, "; "), c.Elapsed)
		})
	}
}

// finalHand replays line from p and returns the attacker's hand at its end.
func finalHand(t *testing.T, p *position.Position, line []position.Move) position.Hand {
	t.Helper()
	q := p.Clone()
	attacker := q.SideToMove()
	for _, m := range line {
		if !q.IsLegal(m) {
			t.Fatalf("illegal move %s in %v", m, line)
		}
		q.DoMove(m)
	}
	return q.Hand(attacker)
}

// checkAlternative verifies that c reports move as an alternative mate at
// ply, with a line that mates from there as fast as the main line, and
// that the alternatives reported at ply are exactly the other checks a
// fresh solver finds mating as fast, one by one.
func checkAlternative(t *testing.T, fresh *dfpn.Solver, p *position.Position, c *Composition, ply int, move string) {
	t.Helper()
	if ply > len(c.Line)-1 {
		t.Fatalf("ply %d: the main line %v is too short", ply, c.Line)
	}
	node := nodeAt(p, c.Line, ply-1)
	r := len(c.Line) - (ply - 1)
	var reported []string
	found := false
	for _, a := range c.Alternatives {
		if a.Ply != ply {
			continue
		}
		reported = append(reported, a.Move.String())
		if a.Move == c.Line[ply-1] || len(a.Line) == 0 || a.Line[0] != a.Move || len(a.Line) > r {
			t.Errorf("ply %d: bad alternative %s with line %v (main move %s, %d plies left)", ply, a.Move, a.Line, c.Line[ply-1], r)
		}
		if err := dfpn.Tsume.VerifyLine(node, p.SideToMove(), a.Line); err != nil {
			t.Errorf("ply %d: alternative line %v: %v", ply, a.Line, err)
		}
		found = found || a.Move.String() == move
	}
	// Of two equally fast mates either may be the main line's: move must
	// then be the main move, with an alternative beside it.
	if main := c.Line[ply-1].String(); !found && (main != move && move != "*" || len(reported) == 0) {
		t.Errorf("ply %d: %s not reported; main move %s, alternatives there %v", ply, move, main, reported)
	}
	want := matingChecks(t, fresh, node, r)
	want = slices.DeleteFunc(want, func(m string) bool { return m == c.Line[ply-1].String() })
	slices.Sort(reported)
	if len(reported) < maxAlternativesPerPly && !slices.Equal(reported, want) {
		t.Errorf("ply %d: reported %v, a fresh solver finds %v", ply, reported, want)
	}
}

// Problem mate3.sfen:321 without White's pawn on 5h (White attacks with
// two silvers in hand): after S*5f 5g5f the attacker mates by 4e5f, which
// takes a silver and leaves two in hand, or by S*6f, which leaves nothing.
// The conventions on spare pieces (which Solve applies) take the second:
// the line ends with an empty hand, and the check finds the problem sound
// (other mating last moves are not a flaw).
func TestCheckSpareFreeLastMove(t *testing.T) {
	root := problem(t, "mate3.sfen:321", "5h")
	lim := dfpn.Limits{Time: 10 * time.Second}
	attacker := root.SideToMove()
	for _, reprobe := range []bool{false, true} {
		opt := dfpn.Options{}.With(dfpn.SiblingReprobe, reprobe)
		c := Check(dfpn.New(16), root.Clone(), opt, lim)
		if c.Main.Status != dfpn.Mate || !c.Main.Shortest || len(c.Line) != 3 {
			t.Fatalf("%+v: %v shortest=%v line %v", opt, c.Main.Status, c.Main.Shortest, c.Line)
		}
		if err := dfpn.Tsume.VerifyLine(root.Clone(), attacker, c.Line); err != nil {
			t.Fatalf("%+v: invalid line %v: %v", opt, c.Line, err)
		}
		if h := dfpn.HandAfter(root, c.Line, attacker); !h.IsEmpty() || !c.Spare.IsEmpty() {
			t.Errorf("%+v: line %v ends with %v in hand (reported %v)", opt, c.Line, h, c.Spare)
		}
		if c.Verdict != Sound {
			t.Errorf("%+v: verdict %v (%s), want sound", opt, c.Verdict, strings.Join(c.Reasons, "; "))
		}
	}
	if st := dfpn.New(16).MateWithin(root.Clone(), 1, dfpn.Options{}, lim); st != dfpn.NoMate {
		t.Errorf("mate within 1: %v", st)
	}
}
