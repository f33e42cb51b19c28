package dfpn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gomate/position"
)

// Sound and unsound compositions for CheckComposition.
//
// The sound ones are two short Shogi Zukou problems (their recorded lines
// are 13 plies, testdata/classic/zukou100.tsv) and game positions of the
// mate sets whose mate is unique and leaves the attacker's hand empty
// (found by running "gomate check" over testdata/mate/mate3.sfen and
// mate5.sfen: 18 and 14 of the first 1000 qualify). The test does not
// take their soundness from the checker alone: checkUnique below asks a
// fresh solver, check by check, whether any other move mates as fast.
//
// The unsound ones are made from the sound ones by taking one of the
// defender's pieces off the board (removePiece; the piece is gone, not
// given to the defender). What each one is reported with was found the
// same way and is verified here independently: an alternative mate by
// replaying its line and by a fresh solver's per-move search, no mate by a
// fresh bounded search, spare pieces by replaying the line.

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

// compositionSFEN reads a problem: "zukou-NNN" from zukou100.tsv, or
// "mateN.sfen:LINE" from the mate sets.
func compositionSFEN(t *testing.T, name string) string {
	t.Helper()
	if file, n, ok := strings.Cut(name, ":"); ok {
		line, _ := strconv.Atoi(n)
		return readLines(t, "../testdata/mate/"+file)[line-1]
	}
	for _, p := range zukouProblems(t) {
		if p.name == name {
			return p.sfen
		}
	}
	t.Fatalf("no problem %s", name)
	return ""
}

// zukouProblem is one row of testdata/classic/zukou100.tsv.
type zukouProblem struct{ name, sfen string }

// zukouProblems reads the Shogi Zukou problems in file order.
func zukouProblems(t testing.TB) []zukouProblem {
	t.Helper()
	var ps []zukouProblem
	for _, l := range readLines(t, "../testdata/classic/zukou100.tsv") {
		if c := strings.Split(l, "\t"); len(c) >= 2 && !strings.HasPrefix(l, "#") {
			ps = append(ps, zukouProblem{c[0], c[1]})
		}
	}
	return ps
}

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
func matingChecks(t *testing.T, fresh *Solver, node *position.Position, r int) []string {
	t.Helper()
	var buf [position.MaxMoves]position.Move
	var out []string
	for _, m := range append([]position.Move(nil), node.GenerateChecks(buf[:0])...) {
		node.DoMove(m)
		fresh.Clear()
		st := fresh.MateWithin(node, r-1, Options{RootIsDefender: true}, Limits{Time: 5 * time.Second})
		node.UndoMove()
		if st == Unknown {
			t.Fatalf("%s: no answer for %s within %d", node.SFEN(), m, r-1)
		}
		if st == Mate {
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
	if err := Tsume.VerifyLine(p, p.SideToMove(), c.Line); err != nil {
		t.Fatalf("main line %v: %v", c.Line, err)
	}
	nodes := pvNodes(p, c.Line)
	if h := nodes[len(nodes)-1].Hand(p.SideToMove()); h != c.Spare {
		t.Fatalf("spare pieces reported %q, the line leaves %q", c.Spare, h)
	}
}

func TestCompositionSound(t *testing.T) {
	s, fresh := New(32), New(16)
	for _, sc := range soundCompositions {
		t.Run(sc.name, func(t *testing.T) {
			p, err := position.FromSFEN(compositionSFEN(t, sc.name))
			if err != nil {
				t.Fatal(err)
			}
			s.Clear()
			c := s.CheckComposition(p, Options{}, Limits{Time: 10 * time.Second})
			if c.Verdict != Sound || len(c.Line) != sc.plies {
				t.Fatalf("verdict %v (%s), %d plies, want sound in %d; unchecked %v", c.Verdict, strings.Join(c.Reasons, "; "), len(c.Line), sc.plies, c.Unchecked)
			}
			checkMainLine(t, p, &c)
			if !c.Spare.IsEmpty() || len(c.Alternatives) > 0 || len(c.Unchecked) > 0 {
				t.Errorf("sound with findings: %+v", c)
			}
			// Independently: at every attacker's move but the last, the
			// line's move is the only check that mates as fast.
			nodes := pvNodes(p, c.Line)
			for i := 0; i < len(c.Line)-1; i += 2 {
				got := matingChecks(t, fresh, nodes[i], len(c.Line)-i)
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

func TestCompositionUnsound(t *testing.T) {
	s, fresh := New(32), New(16)
	for _, uc := range unsoundCompositions {
		t.Run(uc.base+"-"+uc.remove, func(t *testing.T) {
			sfen := removePiece(t, compositionSFEN(t, uc.base), uc.remove)
			p, err := position.FromSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			s.Clear()
			c := s.CheckComposition(p, Options{}, Limits{Time: 10 * time.Second})
			if c.Verdict != Unsound {
				t.Fatalf("%s: verdict %v (%s), want unsound", sfen, c.Verdict, strings.Join(c.Reasons, "; "))
			}
			for _, w := range uc.want {
				f := strings.Fields(w)
				switch f[0] {
				case "nomate":
					if c.Main.Status != NoMate || c.Line != nil {
						t.Fatalf("status %v, line %v; want no mate", c.Main.Status, c.Line)
					}
					fresh.Clear()
					if st := fresh.MateWithin(p, 31, Options{}, Limits{Time: 5 * time.Second}); st != NoMate {
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
func checkAlternative(t *testing.T, fresh *Solver, p *position.Position, c *Composition, ply int, move string) {
	t.Helper()
	if ply > len(c.Line)-1 {
		t.Fatalf("ply %d: the main line %v is too short", ply, c.Line)
	}
	node := pvNodes(p, c.Line)[ply-1]
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
		if err := Tsume.VerifyLine(node, p.SideToMove(), a.Line); err != nil {
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

// TestAlternativeMatesFromDefender: AlternativeMates finds the same
// alternatives from the defender's side (as the USI server calls it with
// DefenderToMove), with plies counted from that root.
func TestAlternativeMatesFromDefender(t *testing.T) {
	p, err := position.FromSFEN(removePiece(t, compositionSFEN(t, "zukou-092"), "2a"))
	if err != nil {
		t.Fatal(err)
	}
	s := New(32)
	c := s.CheckComposition(p, Options{}, Limits{Time: 10 * time.Second})
	if len(c.Alternatives) == 0 {
		t.Fatalf("no alternatives: %+v", c)
	}
	q := p.Clone()
	q.DoMove(c.Line[0])
	before := q.SFEN()
	alts, open := s.AlternativeMates(q, c.Line[1:], Options{RootIsDefender: true}, Limits{Time: 10 * time.Second})
	if q.SFEN() != before {
		t.Errorf("position changed: %s", q.SFEN())
	}
	if len(open) > 0 || len(alts) != len(c.Alternatives) {
		t.Fatalf("got %v (open %v), want %v", alts, open, c.Alternatives)
	}
	for i, a := range alts {
		if w := c.Alternatives[i]; a.Ply != w.Ply-1 || a.Move != w.Move {
			t.Errorf("alternative %d: ply %d %s, want ply %d %s", i, a.Ply, a.Move, w.Ply-1, w.Move)
		}
	}
}

// TestCompositionLimits: a check cut short by time or a stop is never
// reported sound, and says what it left open.
func TestCompositionLimits(t *testing.T) {
	p, err := position.FromSFEN(compositionSFEN(t, "zukou-036"))
	if err != nil {
		t.Fatal(err)
	}
	s := New(32)
	undecided := 0
	for _, d := range []time.Duration{time.Microsecond, 5 * time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond, 150 * time.Millisecond} {
		s.Clear()
		c := s.CheckComposition(p.Clone(), Options{}, Limits{Time: d})
		switch c.Verdict {
		case Unsound:
			t.Errorf("%v: a sound problem reported unsound: %s", d, strings.Join(c.Reasons, "; "))
		case Sound:
			if len(c.Unchecked) > 0 {
				t.Errorf("%v: sound with unchecked points %v", d, c.Unchecked)
			}
		case Undecided:
			undecided++
			if len(c.Reasons) == 0 {
				t.Errorf("%v: undecided without a reason", d)
			}
		}
		if c.Elapsed > d+time.Second {
			t.Errorf("%v: the check took %v", d, c.Elapsed)
		}
	}
	if undecided == 0 {
		t.Errorf("no time limit left the check undecided")
	}
	var stop atomic.Bool
	stop.Store(true)
	s.Clear()
	if c := s.CheckComposition(p.Clone(), Options{}, Limits{Stop: &stop}); c.Verdict != Undecided {
		t.Errorf("stopped check: %v", c.Verdict)
	}
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

func ExampleVerdict() {
	fmt.Println(Sound, Unsound, Undecided)
	// Output: sound unsound unknown
}
