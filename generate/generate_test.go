package generate

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"gomate/dfpn"
	"gomate/position"
	"gomate/tests/soundcheck"
)

// testLimits bound every search of the tests' runs by nodes only, so that
// a loaded machine gives the same output as an idle one.
var testLimits = dfpn.Limits{Nodes: 100000}

// generated runs a generation of count problems of plies plies with the
// seed and the number of workers, and returns the JSON lines and the
// problems.
func generated(t *testing.T, plies, count, workers int, seed uint64) (string, []*Problem) {
	t.Helper()
	text, probs, stats := runMethod(t, Settings{Plies: plies, Seed: seed, Tries: 100, Limits: testLimits}, count, workers)
	if stats.Problems != count || len(probs) != count {
		t.Fatalf("%d problems written, %d emitted, want %d (%+v)", stats.Problems, len(probs), count, stats)
	}
	return text, probs
}

// TestGeneratedSound: problems of 3 and 5 plies, each checked by another
// path than the generator's: the JSON line read back, the line replayed
// (dfpn.VerifyMate), the length by a fresh solver's Solve, uniqueness by
// compose.Check on a fresh solver, and every piece proven necessary by
// solving the position without it, built from the SFEN text.
func TestGeneratedSound(t *testing.T) {
	for _, tc := range []struct{ plies, count int }{{3, 3}, {5, 3}} {
		text, _ := generated(t, tc.plies, tc.count, 1, 7)
		for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
			var p Problem
			if err := json.Unmarshal([]byte(line), &p); err != nil {
				t.Fatal(err)
			}
			if p.Plies != tc.plies || p.Method != "reverse" || p.Seed != 7 || p.Trials < 1 {
				t.Errorf("%s: fields", line)
			}
			t.Logf("%s", line)
			verifySound(t, p.SFEN, p.LineUSI, tc.plies)
		}
	}
}

// verifySound checks that sfen is a sound problem of plies plies whose
// main line is lineUSI, by the independent path of package soundcheck.
func verifySound(t *testing.T, sfen, lineUSI string, plies int) {
	t.Helper()
	soundcheck.Verify(t, sfen, lineUSI, plies)
}

// TestCarryPieces: with the unnecessary pieces carried to the last step,
// the problems written are sound all the same, checked as in
// TestGeneratedSound.
func TestCarryPieces(t *testing.T) {
	cfg := Config{
		Settings: Settings{Plies: 5, Seed: 4, Tries: 100, Limits: testLimits, CarryPieces: true},
		Count:    2, Workers: 1, HashMB: 16,
	}
	if _, err := Run(cfg, func(p *Problem) error {
		t.Logf("%s %s", p.SFEN, p.LineJA)
		verifySound(t, p.SFEN, p.LineUSI, 5)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestSameOutputAnyWorkers: a seed gives byte-identical output with one
// worker and with two.
func TestSameOutputAnyWorkers(t *testing.T) {
	one, _ := generated(t, 5, 4, 1, 3)
	two, _ := generated(t, 5, 4, 2, 3)
	if one != two {
		t.Errorf("one worker:\n%s\ntwo workers:\n%s", one, two)
	}
}

// TestDuplicates: a problem's mirror image is a duplicate; two problems
// whose lines have the same shape (the same moves relative to the king,
// another piece) are duplicates, another shape is not.
func TestDuplicates(t *testing.T) {
	_, probs := generated(t, 3, 1, 1, 7)
	p := probs[0]
	mb := boardOf(p.pos).mirror()
	mpos, err := mb.position()
	if err != nil {
		t.Fatal(err)
	}
	var mline []position.Move
	for _, m := range p.line {
		mline = append(mline, mirrorMove(m))
	}
	if err := dfpn.VerifyMate(mpos, mline, false, dfpn.Tsume); err != nil {
		t.Fatalf("the mirror's line: %v", err)
	}
	s := NewDedup()
	if !s.Add(p) {
		t.Fatal("the first problem is a duplicate")
	}
	if s.Add(&Problem{pos: mpos, line: mline}) {
		t.Errorf("the mirror of %s (%s) is not a duplicate", p.SFEN, mpos.SFEN())
	}

	// A gold and a silver making the same moves, the second on other
	// files: the same shape.
	shape := func(sfen, line string) string {
		pos, err := position.FromSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		l, err := pos.ParseLine(strings.Fields(line))
		if err != nil {
			t.Fatal(err)
		}
		return shapeKey(pos, l)
	}
	gold := shape("9/8k/9/6G2/7L1/9/9/9/9 b 2r2b3g4s4n3l18p 1", "3d2c 1b1a 2c2b")
	silver := shape("9/6k2/9/4S4/5L3/9/9/9/9 b 2r2b4g3s4n3l18p 1", "5d4c 3b3a 4c4b")
	other := shape("9/8k/9/6G2/7L1/9/9/9/9 b 2r2b3g4s4n3l18p 1", "3d2c 1b2a 2c2b")
	if gold != silver {
		t.Errorf("shapes differ: %q and %q", gold, silver)
	}
	if gold == other {
		t.Errorf("another line, the same shape %q", gold)
	}
}

// mirrorMove is m reflected left to right.
func mirrorMove(m position.Move) position.Move {
	to := mirrorSquare(m.To())
	if m.IsDrop() {
		return position.NewDrop(m.Piece(), to)
	}
	return position.NewMove(mirrorSquare(m.From()), to, m.Piece(), m.IsPromotion())
}

func mirrorSquare(s position.Square) position.Square {
	return position.NewSquare(8-s.File(), s.Rank())
}

// TestGivenMate: every candidate starts from a given mate position; one
// that is not a mate position is refused.
func TestGivenMate(t *testing.T) {
	m, err := position.FromSFEN("9/7Gk/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckMate(m); err == nil {
		t.Fatal("a gold on 2b checks but does not mate: accepted")
	}
	m, err = position.FromSFEN("8k/7G1/7P1/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckMate(m); err != nil {
		t.Fatal(err)
	}
	s := dfpn.New(16)
	for i := range 10 {
		out := Candidate(s, Settings{Plies: 3, Seed: 1, Tries: 100, Limits: testLimits, Mate: m}, i)
		if out.MateTries != 0 {
			t.Errorf("candidate %d drew a mate position", i)
		}
		if out.Problem != nil {
			t.Logf("candidate %d: %s %s", i, out.Problem.SFEN, out.Problem.LineJA)
			verifySound(t, out.Problem.SFEN, out.Problem.LineUSI, 3)
			return
		}
	}
	t.Errorf("no problem of 3 plies from %s in 10 candidates", m.SFEN())
}

// threePlyStep returns a sound problem of 3 plies and a reverser on a
// fresh solver that tries up to tries pairs a step from it.
func threePlyStep(tb testing.TB, tries int) (*position.Position, *reverser) {
	tb.Helper()
	p, err := position.FromSFEN("9/8k/6G2/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1")
	if err != nil {
		tb.Fatal(err)
	}
	return p, &reverser{s: dfpn.New(16), lim: testLimits, tries: tries, buf: make([]position.Retraction, 0, position.MaxRetractions)}
}

// BenchmarkGrow: one attempt of the +2 step (one pair of retractions
// tried: the bounded searches and, when they pass, the judgement) from a
// sound problem of 3 plies.
func BenchmarkGrow(b *testing.B) {
	p, rv := threePlyStep(b, 1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		rv.next(rv.growFrame(p, 3, candidateRNG(1, i)))
		i++
	}
	b.ReportMetric(float64(rv.judges)/float64(i), "judges/op")
}

// TestGeneratedSoundLong (GOMATE_LONG=1): problems of 7 and 9 plies,
// checked as in TestGeneratedSound.
func TestGeneratedSoundLong(t *testing.T) {
	if os.Getenv("GOMATE_LONG") == "" {
		t.Skip("GOMATE_LONG=1 runs it (about a minute)")
	}
	for _, plies := range []int{7, 9} {
		_, probs := generated(t, plies, 2, 1, 11)
		for _, p := range probs {
			t.Logf("%s %s", p.SFEN, p.LineJA)
			verifySound(t, p.SFEN, p.LineUSI, plies)
		}
	}
}

// TestCapturePolicies: under not-first the first move of every problem
// takes nothing; under none no attacker's move of the line does.
func TestCapturePolicies(t *testing.T) {
	for _, pol := range []CapturePolicy{CapturesNotFirst, CapturesNone} {
		cfg := Config{
			Settings: Settings{Plies: 5, Seed: 2, Tries: 100, Limits: testLimits, Captures: pol},
			Count:    3, Workers: 1, HashMB: 16,
		}
		_, err := Run(cfg, func(p *Problem) error {
			pos := p.pos.Clone()
			for i, m := range p.line {
				if i%2 == 0 && pos.PieceAt(m.To()) != position.NoPiece && (i == 0 || pol == CapturesNone) {
					t.Errorf("%v: %s: move %d (%s) captures", pol, p.SFEN, i+1, m)
				}
				pos.DoMove(m)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if p, err := ParseCapturePolicy(pol.String()); p != pol || err != nil {
			t.Errorf("%v read back as %v, %v", pol, p, err)
		}
	}
}

// TestBacktracksAndMinPlies: a run with backtracking that writes every
// length from 3 to 7 writes problems of each length in the range only,
// each sound by the independent path of verifySound, the same lines for
// one worker and two, and Count counts the problems of -plies plies.
func TestBacktracksAndMinPlies(t *testing.T) {
	st := Settings{Plies: 7, MinPlies: 3, Backtracks: 5, Seed: 4, Tries: 60, Limits: testLimits}
	run := func(workers int) (string, []*Problem, Stats) { return runMethod(t, st, 2, workers) }
	text1, probs, stats := run(1)
	text2, _, _ := run(2)
	if text1 != text2 {
		t.Errorf("one worker and two differ:\n%s\n--\n%s", text1, text2)
	}
	if stats.Written[7] != 2 {
		t.Errorf("%d problems of 7 plies, want 2 (%+v)", stats.Written[7], stats)
	}
	var byLen [8]int
	for _, p := range probs {
		if p.Plies < 3 || p.Plies > 7 || p.Plies%2 == 0 {
			t.Fatalf("a problem of %d plies: %s", p.Plies, p.SFEN)
		}
		byLen[p.Plies]++
		verifySound(t, p.SFEN, p.LineUSI, p.Plies)
	}
	if byLen[3] == 0 || byLen[5] == 0 || byLen[3]+byLen[5]+byLen[7] != stats.Problems {
		t.Errorf("problems by length %v, %d written", byLen, stats.Problems)
	}
	t.Logf("by length %v; %d candidates, %d backtracks", byLen, stats.Candidates, stats.Backtracks)
}

// TestBacktrackFrom: with BacktrackFrom above every step's length, a run
// with backtracks writes what the greedy run writes and never backtracks;
// with BacktrackFrom 5 a candidate goes back only from steps to 5 plies
// or more, so a candidate that made no problem of 3 plies did not.
func TestBacktrackFrom(t *testing.T) {
	greedy := Settings{Plies: 7, MinPlies: 3, Seed: 4, Tries: 60, Limits: testLimits}
	gtext, _, _ := runMethod(t, greedy, 2, 1)
	st := greedy
	st.Backtracks, st.BacktrackFrom = 5, 9
	text, _, stats := runMethod(t, st, 2, 1)
	if text != gtext || stats.Backtracks != 0 {
		t.Errorf("BacktrackFrom 9 at 7 plies: %d backtracks; output:\n%s\ngreedy:\n%s", stats.Backtracks, text, gtext)
	}
	st.BacktrackFrom = 5
	s := dfpn.New(16)
	backed, short := 0, 0
	for i := range 12 {
		out := Candidate(s, st, i)
		if out.Reached < 3 {
			short++
			if out.Backtracks > 0 {
				t.Errorf("candidate %d: reached %d plies and backtracked %d times", i, out.Reached, out.Backtracks)
			}
		}
		backed += out.Backtracks
	}
	if backed == 0 || short == 0 {
		t.Errorf("%d candidates backtracked from a step of 5 plies or more, %d made no problem of 3 plies: the test needs both", backed, short)
	}
}

// TestQuickNodes: Settings.QuickNodes bounds the bounded searches of a
// step to that many nodes per ply, never above the run's node limit, and
// QuickMateNodes the search for the mate alone; a small bound leaves more
// of them undecided (each refuses its candidate), and what is written is
// sound all the same.
func TestQuickNodes(t *testing.T) {
	rv := &reverser{lim: dfpn.Limits{Nodes: 100000}}
	for _, tc := range []struct {
		quick uint64
		plies int
		want  uint64
	}{{0, 9, 100000}, {2000, 9, 18000}, {2000, 3, 6000}, {20000, 9, 100000}} {
		if got := rv.quickLimits(tc.plies, tc.quick).Nodes; got != tc.want {
			t.Errorf("QuickNodes %d, %d plies: %d nodes, want %d", tc.quick, tc.plies, got, tc.want)
		}
	}
	rv.lim.Nodes = 0
	if got := rv.quickLimits(5, 2000).Nodes; got != 10000 {
		t.Errorf("no run limit: %d nodes, want 10000", got)
	}
	st := Settings{Plies: 7, Seed: 2, Tries: 100, Limits: testLimits}
	_, _, free := runMethod(t, st, 1, 1)
	// QuickNodes bounds every search before a judgement, QuickMateNodes
	// the search for the mate alone.
	for _, tc := range []struct {
		what        string
		quick, mate uint64
	}{{"20 nodes a ply", 20, 0}, {"20 nodes a ply for the mate", 0, 20}} {
		st.QuickNodes, st.QuickMateNodes = tc.quick, tc.mate
		_, probs, capped := runMethod(t, st, 1, 1)
		if len(probs) != 1 {
			t.Fatalf("%d problems written with %s, want 1", len(probs), tc.what)
		}
		if capped.Limited <= free.Limited {
			t.Errorf("undecided by a limit: %d with %s, %d without", capped.Limited, tc.what, free.Limited)
		}
		for _, p := range probs {
			verifySound(t, p.SFEN, p.LineUSI, 7)
		}
	}
}

// TestTriesDefaults: Settings.Tries 0 is 100 pairs a step for the reverse
// and extend methods and 200 variants or draws for the random method and
// placements; any other value is itself.
func TestTriesDefaults(t *testing.T) {
	var st Settings
	if st.tries(pairTries) != 100 || st.tries(variantTries) != 200 {
		t.Errorf("defaults %d and %d, want 100 and 200", st.tries(pairTries), st.tries(variantTries))
	}
	st.Tries = 7
	if st.tries(pairTries) != 7 || st.tries(variantTries) != 7 {
		t.Errorf("-tries 7 gives %d and %d", st.tries(pairTries), st.tries(variantTries))
	}
}
