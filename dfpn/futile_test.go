package dfpn

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gomate/position"
	"gomate/tt"
)

// futileCase is a position discussed in another solver's public issue
// thread about futile interpositions, with the answer gomate's rule gives.
type futileCase struct {
	name, sfen string
	// plies is the tsume length gomate's rule gives; 0 means "not a mate
	// in one": the interposition counts, whatever the mate's length.
	plies  int
	reason string
}

var futileCases = []futileCase{
	// hkijin/shtsume issue 14: drops between checker and king that are NOT
	// futile (a solver that treats them as futile reports a mate in one).
	{"shtsume14-a", "9/9/9/6rp1/6k2/3B2B2/2R3S2/9/9 b 4g3s4n4l17p 1", 0,
		"after R-7e, the pawn drop on 5e is not captured to a mate at once"},
	{"shtsume14-b", "4k4/3P5/3+B5/3B5/9/9/9/9/9 b L2r4g4s4n3l17p 1", 0,
		"after L*5x, the pawn drop on 5c is not captured to a mate at once"},
	{"shtsume14-c", "9/4+p4/7p1/4n2n1/6k2/3B2B2/2R2pS2/9/9 b r4g3s2n4l15p 1", 0, "a valid middle interposition"},
	{"shtsume14-d", "4k4/9/3+B5/1N1B5/9/9/9/9/9 b L2r4g4s3n3l18p 1", 0, "a valid middle interposition"},
	// shtsume issue 14, moved interpositions: they always count.
	{"shtsume14-e", "7lk/7p1/9/+P+PL3r2/+P+P+PN1b3/+P+P+P+P+P+P2p/1L+pNNN3/+R+bgss+P+P2/gggss+P+P1L b - 1", 0,
		"after L-1f the rook moves to 1d and the bishop to 1b"},
	{"shtsume14-f", "7lk/7p1/7r1/+P+PL3r2/+P+P+PN1b3/+P+P+P+P+P+P2p/1L+pNNN3/1+bgss+P+P2/gggss+P+P1L b - 1", 0,
		"moved interpositions count"},
	// KomoringHeights issue 8, example of the "X" kind: the checker takes
	// the drop and mates at once.
	{"kh8-x", "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1", 1, "1e3c+: every drop on 2d is taken by the horse, mate"},
	// The "XY" kind: another piece than the checker takes the drop, giving
	// check by itself, and mates at once. Shogi Zukou #44 after 14 plies of
	// a longest defence: its record ends R*2g, the drop B*2h being taken by
	// the horse from 3g (strict rules: mate in 3).
	{"zukou44-xy", "9/9/9/5nSp1/8p/9/5N+B2/8l/4+p1rk1 b Rb4g3s2n3l15p 1", 1,
		"R*2g: a drop on 2h is taken by the horse from 3g, mate"},
	// sugyan/tsumeshogi-solver issue 20: 3 plies, G*3i 2h1i 3g1g.
	{"sugyan20", "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1", 3, "the interpositions after 3g1g are futile"},
}

// TestFutileInterpositionCases checks gomate's futile-interposition rule on
// the positions of other solvers' issue threads
// (docs/rules.md#cases-the-definition-decides-tests).
func TestFutileInterpositionCases(t *testing.T) {
	s := New(64)
	for _, c := range futileCases {
		p, err := position.FromSFEN(c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s.Clear()
		res := s.Solve(p, Options{}, Limits{Time: 10 * time.Second})
		if res.Status == Mate {
			if err := Tsume.VerifyLine(p, p.SideToMove(), res.PV); err != nil {
				t.Errorf("%s: bad line %v: %v", c.name, res.PV, err)
			}
		}
		switch {
		case c.plies == 0 && res.Status == Mate && len(res.PV) <= 1:
			t.Errorf("%s: mate in %d, but %s", c.name, len(res.PV), c.reason)
		case c.plies == 0 && res.Status == Unknown:
			// Not decided in time: fine for this claim only if a mate in
			// one is ruled out.
			if s.MateWithin(p, 1, Options{}, Limits{Time: 5 * time.Second}) != NoMate {
				t.Errorf("%s: undecided and a mate in one not ruled out", c.name)
			}
		case c.plies > 0 && (res.Status != Mate || len(res.PV) != c.plies || !res.Shortest):
			t.Errorf("%s: %v in %d (shortest %v, %s), want mate in %d: %s", c.name, res.Status, len(res.PV), res.Shortest, res.Reason, c.plies, c.reason)
		}
		t.Logf("%s: %v in %d %v", c.name, res.Status, len(res.PV), res.PV)
	}
}

// TestFutileDropsAreDropsOnTheLine checks the generation-time filter on
// every position of a mate set after each check: what it removes is only
// ever drops on the check line, and what it keeps under tsume rules is a
// subset of the legal replies.
func TestFutileDropsAreDropsOnTheLine(t *testing.T) {
	removed := 0
	for _, sfen := range readLines(t, "../testdata/mate/mate3.sfen")[:300] {
		p, err := position.FromSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		var cb [position.MaxMoves]position.Move
		for _, m := range append([]position.Move(nil), p.GenerateChecks(cb[:0])...) {
			p.DoMove(m)
			var b1, b2 [position.MaxMoves]position.Move
			all := p.GenerateLegal(b1[:0])
			kept := Tsume.Defences(p, b2[:0])
			_, line, _ := checkLine(p)
			in := map[position.Move]bool{}
			for _, k := range kept {
				in[k] = true
			}
			for _, a := range all {
				if !in[a] {
					removed++
					if !a.IsDrop() || !line.Has(a.To()) {
						t.Errorf("%s after %v: removed %v, not a drop on the check line", sfen, m, a)
					}
				}
			}
			if len(kept) > len(all) {
				t.Errorf("%s after %v: more defences than legal moves", sfen, m)
			}
			p.UndoMove()
		}
	}
	if removed == 0 {
		t.Error("no futile drop found in 300 positions: the filter never fired")
	}
	t.Logf("%d futile drops removed", removed)
}

// TestExcludedRootMovesInMateInOne: with every mate in one excluded at the
// root (R019 has two mating drops, G*8b and G*9b), the solver must not
// report the mate in one through its mate-in-one shortcut.
func TestExcludedRootMovesInMateInOne(t *testing.T) {
	p, err := position.FromSFEN("k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	s := New(16)
	first := s.Solve(p, Options{}, Limits{Time: 5 * time.Second})
	if first.Status != Mate || len(first.PV) != 1 {
		t.Fatalf("want a mate in one first, got %v %v", first.Status, first.PV)
	}
	var ex []position.Move
	var buf [position.MaxMoves]position.Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		p.DoMove(m)
		if Tsume.Mated(p) {
			ex = append(ex, m)
		}
		p.UndoMove()
	}
	opt := Options{ExcludeRootMoves: ex}
	if st := s.MateWithin(p, 1, opt, Limits{Time: 5 * time.Second}); st != NoMate {
		t.Errorf("without %v: MateWithin(1) = %v, want nomate", ex, st)
	}
	res := s.Solve(p, opt, Limits{Time: 5 * time.Second})
	if res.Status == Mate && (len(res.PV) <= 1 || slices.Contains(ex, res.PV[0])) {
		t.Errorf("without %v: %v", ex, res.PV)
	}
	if res.Status == Unknown {
		t.Errorf("without %v: undecided (%s)", ex, res.Reason)
	}
}

// TestFutilityBudgetGrows solves the tsume rule cases with futility tests
// given one node each at first, so that tests run out: the answers must
// be those of the default budget, proven shortest as often, because the
// search that finds no shorter mate runs again with larger budgets and a
// test that ran out leaves nothing behind in the table or the exact cache.
func TestFutilityBudgetGrows(t *testing.T) {
	s := New(64)
	retries, ran := 0, 0
	for _, rc := range loadRuleCases(t) {
		if rc.convention != "tsume" || !strings.HasPrefix(rc.expected, "mate:") ||
			strings.HasPrefix(rc.category, "hard") || rc.category == "long-composition" {
			continue
		}
		if m := reMateExact.FindStringSubmatch(rc.expected); m == nil {
			continue
		} else if n, _ := strconv.Atoi(m[1]); n >= 30 {
			continue // the long rows take seconds each
		}
		p, err := position.FromSFEN(rc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		lim := Limits{Time: 10 * time.Second}
		s.Clear()
		want := s.Solve(p, Options{}, lim)
		s.Clear()
		got := s.Solve(p, Options{futilityBudget: 1}, lim)
		ran++
		retries += got.futilityRetries
		if got.Status != want.Status || len(got.PV) != len(want.PV) || got.Shortest != want.Shortest {
			t.Errorf("%s: budget 1: %v in %d plies, shortest %v (%s); default budget: %v in %d, shortest %v",
				rc.id, got.Status, len(got.PV), got.Shortest, got.Reason, want.Status, len(want.PV), want.Shortest)
		}
	}
	if ran < 10 || retries == 0 {
		t.Errorf("%d cases, %d searches run again: the test did not exercise the budget's growth", ran, retries)
	}
	t.Logf("%d cases, %d searches run again with a larger budget", ran, retries)
}

// rookCheckNode sets up a defender's node for the futility tests' own
// tests: a rook checks the king from afar (drops can interpose), and the
// king can step aside. It returns the searcher (at ply 1, depth 9, with
// the tests on), the node's frame and the check line.
func rookCheckNode(t *testing.T) (*searcher, *frame, position.Bitboard, func()) {
	t.Helper()
	pos, err := position.FromSFEN("4k4/9/9/9/9/9/9/9/4R3K w r2b4g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	s := New(16)
	sr := s.newSearcher(pos, Options{RootIsDefender: true}, Limits{})
	sr.relativeFutility = true
	f := sr.expand(1, false, pos.Hand(sr.attacker), 8, sr.generate(false, 1))
	_, between, ok := checkLine(pos)
	if !ok {
		t.Fatal("no check line")
	}
	return sr, f, between, func() { s.keep(sr) }
}

// TestStoppedFutilityTestIsUndecided: a futility test that a stop (a time
// or node limit) interrupts decides nothing: the drop counts, and the test
// reports that it was cut, so that no result resting on it is stored.
func TestStoppedFutilityTestIsUndecided(t *testing.T) {
	sr, f, between, done := rookCheckNode(t)
	defer done()
	sr.stop("test")
	if sr.otherDefencesLast(f, between, 9, 1) {
		t.Fatal("a stopped test said the other defences last")
	}
	if !sr.futilityCut {
		t.Error("a stopped test did not report that it was left undecided")
	}
}

// cutCaptureTestSFEN is the position after 4b3b 2a1b of a 13-ply problem
// the generator wrote (seed 4613, candidate 3247): a futility test there
// runs a capture test nested in another, and with the default budget the
// inner one runs out. Its "no mate" was once taken as a result of this
// path (a repetition's) instead of an undecided one: kept in the
// repetition cache, it made the search for a mate within 9 fail, and
// Solve called 11 plies the shortest (3e1c+ ...) where 2c1a+ mates in 7.
const cutCaptureTestSFEN = "4B4/6+S1k/4r2N1/+R4+P3/6B1G/9/9/9/9 b 3g3s3n4l17p 1"

// TestCutCaptureTestDecidesNothing: Solve's length is the least bound at
// which a bounded search on a fresh table finds a mate, and a search
// within 9 plies on the table Solve leaves finds one too.
func TestCutCaptureTestDecidesNothing(t *testing.T) {
	pos, err := position.FromSFEN(cutCaptureTestSFEN)
	if err != nil {
		t.Fatal(err)
	}
	lim := Limits{Nodes: 2_000_000}
	least := 0
	for l := 1; l <= 15 && least == 0; l += 2 {
		switch New(16).MateWithin(pos, l, Options{}, lim) {
		case Mate:
			least = l
		case Unknown:
			t.Fatalf("a mate within %d: undecided", l)
		}
	}
	s := New(64)
	res := s.Solve(pos, Options{}, lim)
	if res.Status != Mate || !res.Shortest || len(res.PV) != least {
		t.Errorf("Solve: %v in %d plies, shortest %v (%s); fresh bounded searches: the least mate takes %d",
			res.Status, len(res.PV), res.Shortest, res.Reason, least)
	}
	if st := s.MateWithin(pos, 9, Options{}, lim); st != Mate {
		t.Errorf("a mate within 9 on the table Solve left: %v", st)
	}
}

// TestOtherDefencesShort: the frame tells that no defence but the drops
// on the check line lasts (none futile, no test needed) only when every
// such defence is mated within depth-3 plies, by a proof that holds.
func TestOtherDefencesShort(t *testing.T) {
	_, f, between, done := rookCheckNode(t)
	defer done()
	var others []*child
	for i := range f.children {
		if c := &f.children[i]; !c.move.IsDrop() || !between.Has(c.move.To()) {
			others = append(others, c)
		}
	}
	if len(others) == 0 {
		t.Fatal("no defence off the check line")
	}
	const depth = 9
	for _, c := range others {
		c.pn, c.dn, c.state, c.length = 0, inf, tt.Proven, depth-3
	}
	if !otherDefencesShort(f, between, depth) {
		t.Fatal("every other defence mated within depth-3: not seen")
	}
	if otherDefencesShort(f, between, 3) {
		t.Error("at depth 3 the frame cannot tell")
	}
	last := others[len(others)-1]
	for _, change := range []struct {
		what string
		set  func(c *child)
	}{
		{"mated in depth-1", func(c *child) { c.length = depth - 1 }},
		{"open", func(c *child) { c.pn, c.dn, c.state = 1, 1, tt.Searching }},
		{"proven on this path only", func(c *child) { c.local = true }},
	} {
		saved := *last
		change.set(last)
		if otherDefencesShort(f, between, depth) {
			t.Errorf("one other defence %s: taken as short", change.what)
		}
		*last = saved
	}
}

// TestSettleCut: when a drop's futility test ran out, settleCut looks at
// the node's other defences. The king's steps away from the rook have no
// mate at all (the attacker has nothing in hand): one of them refutes the
// node, and its child in the frame says so, so that win takes it and not
// the drop. With every other defence mated within depth-3 in the frame,
// no drop is futile and nothing is searched. A stopped search settles
// nothing.
func TestSettleCut(t *testing.T) {
	const depth = 9
	sr, f, between, done := rookCheckNode(t)
	defer done()
	if !sr.settleCut(f, between, depth, 1) {
		t.Fatal("a king's step with no mate: not found")
	}
	refuted := 0
	for i := range f.children {
		c := &f.children[i]
		if c.dropOn(between) {
			continue
		}
		if c.dn == 0 {
			refuted++
			if c.cut || c.length < depth-1 {
				t.Errorf("%v: disproven within %d only, or cut (%v)", c.move, c.length, c.cut)
			}
		}
	}
	if refuted != 1 {
		t.Errorf("%d king's steps disproven in the frame, want the one that refutes", refuted)
	}

	sr, f, between, done2 := rookCheckNode(t)
	defer done2()
	for i := range f.children {
		if c := &f.children[i]; !c.dropOn(between) {
			c.pn, c.dn, c.state, c.length = 0, inf, tt.Proven, depth-3
		}
	}
	nodes := sr.nodes
	if !sr.settleCut(f, between, depth, 1) {
		t.Error("every other defence mated within depth-3 in the frame: not seen")
	}
	if sr.nodes != nodes {
		t.Errorf("%d nodes searched where the frame decides", sr.nodes-nodes)
	}

	sr, f, between, done3 := rookCheckNode(t)
	defer done3()
	sr.stop("test")
	if sr.settleCut(f, between, depth, 1) {
		t.Error("a stopped search settled the tests")
	}
}

// TestPathOnlyProofsMakeTestsPathOnly: a futility test's answer that rests
// on a proof holding on this path only (the repetition cache's) holds on
// this path only. When every other defence of the rook's check is proven
// that way, "no other defence lasts" (the drops count) must mark the node's
// answer as this path's, or it would be stored in the table and the exact
// cache as a fact; when none is, the same answer is a fact.
func TestPathOnlyProofsMakeTestsPathOnly(t *testing.T) {
	const depth = 9
	for _, pathOnly := range []bool{false, true} {
		sr, f, between, done := rookCheckNode(t)
		sr.repsOn = true
		for i := range f.children {
			c := &f.children[i]
			if c.dropOn(between) {
				continue
			}
			o := outcome{pn: 0, dn: inf, length: depth - 3, hand: c.hand}
			if pathOnly {
				sr.reps.store(repKey(c.key, c.hand, sr.path.hash, sr.repSalt()), o)
				sr.table.MarkSideResult(c.key, c.hand, sr.level(2))
			} else {
				sr.table.StoreProven(c.key, c.hand, depth-3, 1)
			}
		}
		nodes := sr.nodes
		if sr.otherDefencesLast(f, between, depth, 1) {
			t.Errorf("path only %v: every other defence mated within %d, yet they last", pathOnly, depth-3)
		}
		if sr.nodes != nodes {
			t.Errorf("path only %v: %d nodes searched where the caches decide", pathOnly, sr.nodes-nodes)
		}
		if sr.futilityLocal.local != pathOnly || sr.futilityCut {
			t.Errorf("path only %v: the answer marked path-only %v, cut %v", pathOnly, sr.futilityLocal.local, sr.futilityCut)
		}
		done()
	}
}

// TestPathOnlyCaptureProofIsPathOnly: the capture's test, answered by a
// proof that holds on this path only, says "futile" on this path only.
func TestPathOnlyCaptureProofIsPathOnly(t *testing.T) {
	const depth = 9
	sr, _, _, done := rookCheckNode(t)
	defer done()
	sr.repsOn = true
	checker, between, _ := checkLine(sr.pos)
	sq := between.Pop()
	captures, n := checkerCaptures(sr.pos, checker, sq)
	if n == 0 {
		t.Fatal("the rook cannot capture on the check line")
	}
	sr.pos.DoMove(position.PassMove)
	for _, m := range captures[:n] {
		sr.pos.DoMove(m)
		h := sr.pos.Hand(sr.attacker)
		sr.reps.store(repKey(sr.key(), h, sr.path.hash, sr.repSalt()), outcome{pn: 0, dn: inf, length: depth - 2, hand: h})
		sr.table.MarkSideResult(sr.key(), h, sr.level(3))
		sr.pos.UndoMove()
	}
	sr.pos.UndoMove()
	if !sr.captureMatesWithin(checker, sq, depth, 1) {
		t.Fatal("the capture's proof in the repetition cache was not read")
	}
	if !sr.futilityLocal.local || sr.futilityCut {
		t.Errorf("the answer marked path-only %v, cut %v", sr.futilityLocal.local, sr.futilityCut)
	}
}

// TestTestOnReturnsToTheNodeIsAFact: a futility test's answer that rests
// on returns to the node itself (or below it) is a fact at the node: it is
// kept in the exact cache and leaves the node's own result free to be
// one. An answer resting on a return above the node holds on this path
// only, and passes on where that return went (loops.go).
func TestTestOnReturnsToTheNodeIsAFact(t *testing.T) {
	for _, tc := range []struct {
		name      string
		nodeIndex int
		top       uint16 // the answer's loopTop: 1 + the index returned to
		fact      bool
	}{
		{"returns to the node", 3, 4, true},
		{"returns below the node", 3, 6, true},
		{"returns above the node", 3, 3, false},
		{"rests on a result that is never a fact", 3, 0, false},
	} {
		sr, f, _, done := rookCheckNode(t)
		f.pathIndex = tc.nodeIndex
		key, h := testKey(sr.key(), 9, 1, 0), sr.pos.Hand(sr.attacker)
		v, cut := sr.memoTest(f, key, h, func() bool {
			sr.futilityLocal.addTop(tc.top)
			return true
		})
		if !v || cut {
			t.Fatalf("%s: the test answered %v, cut %v", tc.name, v, cut)
		}
		_, kept := sr.exactCache.probeTest(key, h)
		if kept != tc.fact || f.futilityLocal.local == tc.fact || sr.futilityLocal.local == tc.fact {
			t.Errorf("%s: kept %v, the node's answer path-only %v, the search's %v; want a fact %v",
				tc.name, kept, f.futilityLocal.local, sr.futilityLocal.local, tc.fact)
		}
		if !tc.fact && f.futilityLocal.top != tc.top {
			t.Errorf("%s: the node's answer becomes a fact at %d, want %d", tc.name, f.futilityLocal.top, tc.top)
		}
		done()
	}
}
