package dfpn

import (
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gomate/position"
	"gomate/tt"
)

// handsSFEN writes the hands field of an SFEN.
func handsSFEN(black, white position.Hand) string {
	if black == 0 && white == 0 {
		return "-"
	}
	s := ""
	if black != 0 {
		s += black.String()
	}
	if white != 0 {
		s += strings.ToLower(white.String())
	}
	return s
}

// withAttackerHand returns p with the attacker holding exactly h; pieces
// taken from the attacker go to the defender's hand and pieces given to it
// come out of the defender's hand, so the pieces of the game stay the same.
// It reports false when the defender lacks what the attacker gets.
func withAttackerHand(t testing.TB, p *position.Position, attacker position.Color, h position.Hand) (*position.Position, bool) {
	t.Helper()
	ah, dh := p.Hand(attacker), p.Hand(attacker.Opp())
	for _, pt := range position.HandTypes {
		n := dh.Count(pt) + ah.Count(pt) - h.Count(pt)
		if n < 0 {
			return nil, false
		}
		dh = dh.Set(pt, n)
	}
	hands := [2]position.Hand{}
	hands[attacker], hands[attacker.Opp()] = h, dh
	f := strings.Fields(p.SFEN())
	f[2] = handsSFEN(hands[position.Black], hands[position.White])
	q, err := position.FromSFEN(strings.Join(f, " "))
	if err != nil {
		t.Fatalf("rebuilding %s with attacker hand %v: %v", p.SFEN(), h, err)
	}
	return q, true
}

// rootKey is the table key of the current position in a search of pos's
// problem.
func rootKey(p *position.Position) uint64 { return p.BoardKey() ^ totalsSignature(p) }

// bruteWithin reports whether attacker mates within plies from p (the
// attacker or the defender to move) by plain minimax, with no table. budget
// counts positions; when it runs out, done is false and the answer means
// nothing.
func bruteWithin(p *position.Position, attacker position.Color, plies int, budget *int) (mate, done bool) {
	*budget--
	if *budget < 0 {
		return false, false
	}
	var buf [position.MaxMoves]position.Move
	if p.SideToMove() == attacker {
		if plies < 1 {
			return false, true
		}
		for _, m := range append([]position.Move(nil), p.GenerateChecks(buf[:0])...) {
			p.DoMove(m)
			ok, d := bruteWithin(p, attacker, plies-1, budget)
			p.UndoMove()
			if !d {
				return false, false
			}
			if ok {
				return true, true
			}
		}
		return false, true
	}
	replies := append([]position.Move(nil), p.GenerateLegal(buf[:0])...)
	if len(replies) == 0 {
		return p.InCheck(), true
	}
	if plies < 2 {
		return false, true
	}
	for _, m := range replies {
		p.DoMove(m)
		ok, d := bruteWithin(p, attacker, plies-1, budget)
		p.UndoMove()
		if !d {
			return false, false
		}
		if !ok {
			return false, true
		}
	}
	return true, true
}

// retroGraph is the whole game graph of checks and replies reachable from a
// position, keyed by full position key, solved backwards: the exact
// value with repetition counted as a failure of the attacker (play that
// never ends is no mate), and the exact shortest mate against the longest
// defence. It is independent of the solver: no table, no df-pn, no path.
type retroGraph struct {
	root     *position.Position
	attacker position.Color
	ids      map[uint64]int
	or       []bool
	mated    []bool
	children [][]int
	parent   []int           // the node first seen before this one (-1: root)
	via      []position.Move // the move from parent
	bkey     []uint64        // board key
	hand     []position.Hand // the attacker's hand
	value    []int           // mate length, -1 for none
	limit    int
}

// newRetro builds and solves the graph from p; false if it has more than
// limit positions.
func newRetro(p *position.Position, attacker position.Color, limit int) (*retroGraph, bool) {
	g := &retroGraph{root: p.Clone(), attacker: attacker, ids: map[uint64]int{}, limit: limit}
	if _, ok := g.visit(p.Clone(), -1, position.NoMove); !ok {
		return nil, false
	}
	n := len(g.or)
	g.value = make([]int, n)
	for i := range g.value {
		g.value[i] = -1
		if !g.or[i] && len(g.children[i]) == 0 && g.mated[i] {
			g.value[i] = 0
		}
	}
	// Round l gives value l to the nodes decided by the values l-1 of the
	// round before; a round that decides nothing ends it.
	for l := 1; ; l++ {
		var now []int
		for i := 0; i < n; i++ {
			if g.value[i] >= 0 || len(g.children[i]) == 0 {
				continue
			}
			hit, all, mx := false, true, -1
			for _, c := range g.children[i] {
				v := g.value[c]
				hit = hit || v == l-1
				all = all && v >= 0
				mx = max(mx, v)
			}
			if g.or[i] && hit || !g.or[i] && all && mx == l-1 {
				now = append(now, i)
			}
		}
		if len(now) == 0 {
			break
		}
		for _, i := range now {
			g.value[i] = l
		}
	}
	return g, true
}

// retroSolve returns the mate length from p (-1: no mate) and whether the
// graph stayed within limit positions.
func retroSolve(p *position.Position, attacker position.Color, limit int) (int, bool) {
	g, ok := newRetro(p, attacker, limit)
	if !ok {
		return 0, false
	}
	return g.value[0], true
}

// position rebuilds the position of node i.
func (g *retroGraph) position(i int) *position.Position {
	var moves []position.Move
	for ; g.parent[i] >= 0; i = g.parent[i] {
		moves = append(moves, g.via[i])
	}
	q := g.root.Clone()
	for j := len(moves) - 1; j >= 0; j-- {
		q.DoMove(moves[j])
	}
	return q
}

func (g *retroGraph) visit(p *position.Position, parent int, via position.Move) (int, bool) {
	k := p.Key()
	if id, ok := g.ids[k]; ok {
		return id, true
	}
	if len(g.or) >= g.limit {
		return 0, false
	}
	id := len(g.or)
	g.ids[k] = id
	or := p.SideToMove() == g.attacker
	g.or = append(g.or, or)
	g.mated = append(g.mated, p.InCheck())
	g.children = append(g.children, nil)
	g.parent = append(g.parent, parent)
	g.via = append(g.via, via)
	g.bkey = append(g.bkey, p.BoardKey())
	g.hand = append(g.hand, p.Hand(g.attacker))
	var buf [position.MaxMoves]position.Move
	var moves []position.Move
	if or {
		moves = append(moves, p.GenerateChecks(buf[:0])...)
	} else {
		moves = append(moves, p.GenerateLegal(buf[:0])...)
	}
	cs := make([]int, 0, len(moves))
	for _, m := range moves {
		p.DoMove(m)
		c, ok := g.visit(p, id, m)
		p.UndoMove()
		if !ok {
			return 0, false
		}
		cs = append(cs, c)
	}
	g.children[id] = cs
	return id, true
}

// testSearcher sets up a searcher on pos as Solve does under the default
// options, for tests that need a depth bound or a path of their own.
func testSearcher(s *Solver, pos *position.Position, attacker position.Color) *searcher {
	s.reps.size = repCacheSlots(s.table.Capacity())
	return &searcher{pos: pos, table: s.table, attacker: attacker, sig: totalsSignature(pos), rules: Strict,
		progress: newProgress(Limits{}),
		switches: switches{estimates: true, lazyDrops: true, epsilon: true},
		caches:   caches{reps: &s.reps}}
}

// setPositions reads the first n positions of a strict mate set.
func setPositions(t *testing.T, file string, n int) []*position.Position {
	t.Helper()
	var ps []*position.Position
	for i, sfen := range readLines(t, "../testdata/mate/"+file)[:n] {
		if _, bad := dataShorter[file][i+1]; bad {
			continue
		}
		ps = append(ps, mustSFEN(t, sfen))
	}
	return ps
}

// quickRuleMates returns the positions of the rule rows that expect a mate
// (either convention) and that the solver settles fast.
func quickRuleMates(t *testing.T) (ps []*position.Position) {
	if ruleMatesCache != nil {
		return ruleMatesCache
	}
	defer func() { ruleMatesCache = ps }()
	s := New(16)
	for _, rc := range loadRuleCases(t) {
		if !strings.HasPrefix(rc.expected, "mate") || rc.category == "long-composition" {
			continue
		}
		p, err := position.FromSFEN(rc.sfen)
		if err != nil {
			continue
		}
		s.Clear()
		if res := s.Solve(p, Options{Rules: Strict}, Limits{Nodes: 50000}); res.Status == Mate && res.Shortest {
			ps = append(ps, p)
		}
	}
	return ps
}

var ruleMatesCache []*position.Position

// pvNodes returns the positions along line from p (p itself first).
func pvNodes(p *position.Position, line []position.Move) []*position.Position {
	nodes := []*position.Position{p.Clone()}
	q := p.Clone()
	for _, m := range line {
		q.DoMove(m)
		nodes = append(nodes, q.Clone())
	}
	return nodes
}

// freshMate solves p on a cleared table and returns the mate length, or -1.
func freshMate(t *testing.T, fresh *Solver, p *position.Position, rootIsDefender bool) int {
	t.Helper()
	fresh.Clear()
	res := fresh.Solve(p, Options{Rules: Strict, RootIsDefender: rootIsDefender}, Limits{Time: 5 * time.Second})
	if res.Status != Mate {
		return -1
	}
	att := p.SideToMove()
	if rootIsDefender {
		att = att.Opp()
	}
	if err := VerifyLine(p, att, res.PV); err != nil {
		t.Fatalf("%s: fresh solve gave a bad line: %v", p.SFEN(), err)
	}
	return len(res.PV)
}

// soundVariants are the option sets the soundness tests search with: the
// defaults, and the techniques that change which replies an AND node
// counts (Nagai's A and B chains) with the drops all expanded at once,
// and the search with the second reading of siblings' entries (it
// reaches other nodes and stores other hands).
var soundVariants = []struct {
	name string
	opt  Options
	n    int // positions per mate set
}{
	{"default", Options{Rules: Strict}, 50},
	{"A+B,nolazy", Options{Rules: Strict}.With(LazyDrops, false), 20},
	{"B,noA", Options{Rules: Strict}.With(HeuristicA, false), 20},
	{"reprobe", Options{Rules: Strict}.With(SiblingReprobe, true), 20},
}

// TestProofHandsSound checks the proof hands the search stores, end to end:
// for every node of the mating line the table proves, the same board with
// the attacker holding only the proof hand (the rest goes to the defender)
// must still mate within the stored length, by a fresh search and, where
// cheap, by brute force.
func TestProofHandsSound(t *testing.T) {
	for _, v := range soundVariants {
		t.Run(v.name, func(t *testing.T) { proofHandsSound(t, v.opt, v.n) })
	}
}

// soundPositions are the positions the soundness tests search: the first
// perSet of the mate-in-3, 5 and 7 sets, and the quick rule-case mates.
func soundPositions(t *testing.T, perSet int) []*position.Position {
	var ps []*position.Position
	for _, f := range []string{"mate3.sfen", "mate5.sfen", "mate7.sfen"} {
		ps = append(ps, setPositions(t, f, perSet)...)
	}
	return append(ps, quickRuleMates(t)...)
}

// forShortestMates solves each of ps on s (cleared first) within 10 s and
// calls f with the position, its attacker and the line of the answer; an
// answer that is not a mate proven shortest fails the test instead.
func forShortestMates(t *testing.T, s *Solver, ps []*position.Position, opt Options, f func(p *position.Position, att position.Color, line []position.Move)) {
	t.Helper()
	for _, p := range ps {
		s.Clear()
		res := s.Solve(p, opt, Limits{Time: 10 * time.Second})
		if res.Status != Mate || !res.Shortest {
			t.Errorf("%s: %v shortest %v", p.SFEN(), res.Status, res.Shortest)
			continue
		}
		f(p, p.SideToMove(), res.PV)
	}
}

func proofHandsSound(t *testing.T, opt Options, perSet int) {
	ps := soundPositions(t, perSet)
	s, fresh := New(16), New(4)
	checked, reduced, brute := 0, 0, 0
	forShortestMates(t, s, ps, opt, func(p *position.Position, att position.Color, line []position.Move) {
		n := len(line)
		for i, q := range pvNodes(p, line) {
			rem := n - i
			r := s.table.Probe(rootKey(q), q.Hand(att), uint16(rem))
			if r.State != tt.Proven {
				if i == 0 {
					t.Errorf("%s: root not proven in the table at depth %d: %+v", p.SFEN(), n, r)
				}
				continue
			}
			if !q.Hand(att).Covers(r.Hand) || int(r.Length) > rem || i == 0 && int(r.Length) != n {
				t.Errorf("%s ply %d: probe returned %+v for hand %v depth %d", p.SFEN(), i, r, q.Hand(att), rem)
				continue
			}
			checked++
			red, _ := withAttackerHand(t, q, att, r.Hand)
			if r.Hand != q.Hand(att) {
				reduced++
			}
			got := freshMate(t, fresh, red, i%2 == 1)
			if got < 0 || got > int(r.Length) {
				t.Errorf("%s (ply %d of %s): proof hand %v for a mate in %d, but with it the attacker gets %d (-1: none): %s",
					q.SFEN(), i, p.SFEN(), r.Hand, r.Length, got, red.SFEN())
				continue
			}
			if r.Length <= 5 {
				budget := 300000
				if ok, done := bruteWithin(red, att, int(r.Length), &budget); done {
					brute++
					if !ok {
						t.Errorf("%s: brute force finds no mate in %d with proof hand %v: %s", q.SFEN(), r.Length, r.Hand, red.SFEN())
					}
				}
			}
		}
	})
	t.Logf("%d positions, %d proof hands checked (%d smaller than the hand held, %d by brute force)", len(ps), checked, reduced, brute)
	if checked < 2*len(ps) || reduced < len(ps)/2 {
		t.Errorf("too little coverage")
	}
}

// grown returns the attacker hand for checking a disproof hand dh at q: as
// much of dh as the pieces of the game allow (at least the hand held).
func grown(q *position.Position, att position.Color, dh position.Hand) position.Hand {
	all := q.Hand(att)
	d := q.Hand(att.Opp())
	for _, pt := range position.HandTypes {
		all = all.Set(pt, all.Count(pt)+d.Count(pt))
	}
	return dh.Min(all)
}

// noMateWithin checks independently that attacker has no mate within plies
// from red: by brute force, or when that is too big by a depth-bounded
// search on a fresh table. It returns false if it found a mate.
func noMateWithin(fresh *Solver, red *position.Position, att position.Color, plies int) (ok bool, byBrute bool) {
	budget := 300000
	if mate, done := bruteWithin(red, att, plies, &budget); done {
		return !mate, true
	}
	fresh.Clear()
	o := testSearcher(fresh, red, att).prove(uint16(plies), 0)
	return !o.proven(), false
}

// TestDisproofHandsSound checks depth-bounded disproof hands end to end.
// After a mate in N is proven shortest, the table holds "no mate within
// N-2" for the root; along the line and for the root's other checks it
// holds more such results. For each, the same board with the attacker
// holding as much of the disproof hand as the game's pieces allow (taken
// from the defender's hand) must still have no mate within the bound.
func TestDisproofHandsSound(t *testing.T) {
	for _, v := range soundVariants {
		t.Run(v.name, func(t *testing.T) { disproofHandsSound(t, v.opt, v.n) })
	}
}

func disproofHandsSound(t *testing.T, opt Options, perSet int) {
	ps := soundPositions(t, perSet)
	s, fresh := New(16), New(4)
	checked, grew, byBrute := 0, 0, 0
	check := func(q *position.Position, att position.Color, depth int, what string) {
		if depth < 1 {
			return
		}
		r := s.table.Probe(rootKey(q), q.Hand(att), uint16(depth))
		if r.State != tt.Disproven {
			return
		}
		if !r.Hand.Covers(q.Hand(att)) || int(r.Length) < depth {
			t.Errorf("%s: probe returned %+v for hand %v depth %d", q.SFEN(), r, q.Hand(att), depth)
			return
		}
		h := grown(q, att, r.Hand)
		red, _ := withAttackerHand(t, q, att, h)
		checked++
		if h != q.Hand(att) {
			grew++
		}
		ok, b := noMateWithin(fresh, red, att, depth)
		if b {
			byBrute++
		}
		if !ok {
			t.Errorf("%s (%s): disproof hand %v says no mate within %d, but with %v there is one: %s",
				q.SFEN(), what, r.Hand, depth, h, red.SFEN())
		}
	}
	var buf [position.MaxMoves]position.Move
	forShortestMates(t, s, ps, opt, func(p *position.Position, att position.Color, line []position.Move) {
		n := len(line)
		for i, q := range pvNodes(p, line) {
			check(q, att, n-i-2, "line")
		}
		// The root's checks: after each, no mate within n-3 more plies.
		for _, m := range append([]position.Move(nil), p.GenerateChecks(buf[:0])...) {
			q := p.Clone()
			q.DoMove(m)
			check(q, att, n-3, "other check")
		}
	})
	t.Logf("%d positions, %d disproof hands checked (%d let the attacker hold more, %d by brute force)", len(ps), checked, grew, byBrute)
	if checked < len(ps) {
		t.Errorf("too little coverage")
	}
}

// noMatePositions returns positions the solver proves to have no mate:
// the rule rows that expect none, and mate-set positions with one kind of
// the attacker's hand given to the defender (when that leaves no mate).
func noMatePositions(t *testing.T, perSet int) []*position.Position {
	var ps []*position.Position
	s := New(16)
	try := func(p *position.Position) {
		s.Clear()
		if res := s.Solve(p, Options{Rules: Strict}, Limits{Nodes: 20000}); res.Status == NoMate {
			ps = append(ps, p)
		}
	}
	for _, rc := range loadRuleCases(t) {
		if strings.HasPrefix(rc.expected, "nomate") {
			if p, err := position.FromSFEN(rc.sfen); err == nil {
				try(p)
			}
		}
	}
	for _, f := range []string{"mate3.sfen", "mate5.sfen"} {
		for _, p := range setPositions(t, f, perSet) {
			att := p.SideToMove()
			for _, pt := range position.HandTypes {
				if h := p.Hand(att); h.Has(pt) {
					q, _ := withAttackerHand(t, p, att, h.Without(pt))
					try(q)
				}
			}
		}
	}
	return ps
}

// TestUnlimitedDisproofHandsSound checks the disproof hands of positions
// with no mate at all, at the root and two plies below it: with the
// attacker holding as much of the disproof hand as the pieces of the game
// allow, a fresh search must still find no mate.
func TestUnlimitedDisproofHandsSound(t *testing.T) {
	ps := noMatePositions(t, 40)
	for _, v := range soundVariants {
		t.Run(v.name, func(t *testing.T) { unlimitedDisproofHandsSound(t, v.opt, ps) })
	}
}

func unlimitedDisproofHandsSound(t *testing.T, opt Options, ps []*position.Position) {
	s, fresh := New(16), New(4)
	checked, grew, undecided := 0, 0, 0
	var buf [position.MaxMoves]position.Move
	check := func(q *position.Position, att position.Color, depth uint16) {
		r := s.table.Probe(rootKey(q), q.Hand(att), depth)
		if r.State != tt.Disproven {
			return
		}
		if !r.Hand.Covers(q.Hand(att)) || r.Length < depth {
			t.Errorf("%s: probe returned %+v for hand %v depth %d", q.SFEN(), r, q.Hand(att), depth)
			return
		}
		h := grown(q, att, r.Hand)
		if h == q.Hand(att) {
			return
		}
		red, _ := withAttackerHand(t, q, att, h)
		grew++
		fresh.Clear()
		res := fresh.Solve(red, Options{Rules: Strict, RootIsDefender: q.SideToMove() != att}, Limits{Nodes: 200000})
		switch res.Status {
		case Mate:
			t.Errorf("%s: disproof hand %v, but with %v there is a mate in %d: %s %v",
				q.SFEN(), r.Hand, h, len(res.PV), red.SFEN(), res.PV)
		case Unknown:
			undecided++
		default:
			checked++
		}
	}
	for _, p := range ps {
		att := p.SideToMove()
		s.Clear()
		if res := s.Solve(p, opt, Limits{Nodes: 200000}); res.Status != NoMate {
			t.Errorf("%s: %v, want nomate", p.SFEN(), res.Status)
			continue
		}
		check(p, att, maxDepth)
		for _, m := range append([]position.Move(nil), p.GenerateChecks(buf[:0])...) {
			q := p.Clone()
			q.DoMove(m)
			check(q, att, maxDepth-1)
			for _, r := range append([]position.Move(nil), q.GenerateLegal(buf[:0])...) {
				q.DoMove(r)
				check(q.Clone(), att, maxDepth-2)
				q.UndoMove()
			}
		}
	}
	t.Logf("%d positions without mate; %d grown disproof hands confirmed, %d undecided", len(ps), checked, undecided)
	if len(ps) < 20 || checked < 100 {
		t.Errorf("too little coverage")
	}
}

// TestPathDependentResultsNotStored puts a position of the mating line on
// the search path by hand, as if it were an ancestor: moves into it are
// then repetitions, and the search may find no mate because of them. Such
// a result holds on that path only. The root must never be disproven
// unconditionally (it has a mate), and a normal solve on the same table
// afterwards must still find the exact mate.
func TestPathDependentResultsNotStored(t *testing.T) {
	var ps []*position.Position
	for _, f := range []string{"mate5.sfen", "mate7.sfen", "mate9.sfen"} {
		ps = append(ps, setPositions(t, f, 12)...)
	}
	s := New(8)
	cut, injected, undecided := 0, 0, 0
	for _, p := range ps {
		att := p.SideToMove()
		s.Clear()
		res := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
		if res.Status != Mate || !res.Shortest {
			t.Fatalf("%s: %v", p.SFEN(), res.Status)
		}
		n := len(res.PV)
		nodes := pvNodes(p, res.PV)
		for i := 1; i < min(len(nodes)-1, 5); i++ {
			s.Clear()
			sr := testSearcher(s, p, att)
			// Without the line's move the search may have to prove that
			// there is no mate at all, which can take long: a bounded
			// search that stops undecided still leaves its estimates in
			// the table for the solve below.
			sr.lim.Nodes = 10000
			sr.path.add(nodes[i].Key())
			injected++
			o := sr.prove(maxDepth, 0)
			if sr.stopped {
				undecided++
			}
			if p.SFEN() != nodes[0].SFEN() {
				t.Fatalf("the search did not restore the root")
			}
			switch {
			case o.disproven() && !o.pathDependent:
				t.Errorf("%s with ply %d on the path: disproven as a fact, but it mates in %d", p.SFEN(), i, n)
			case o.disproven():
				cut++
			case o.proven() && int(o.length) < n:
				t.Errorf("%s with ply %d on the path: proven in %d, shorter than the mate in %d", p.SFEN(), i, o.length, n)
			}
			if r := s.table.Probe(rootKey(p), p.Hand(att), maxDepth); r.State == tt.Disproven {
				t.Errorf("%s with ply %d on the path: the root's path-dependent disproof was stored", p.SFEN(), i)
			}
			// The same table, the real path: the exact answer.
			res2 := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
			if res2.Status != Mate || len(res2.PV) != n || !res2.Shortest {
				t.Errorf("%s after a search with ply %d on the path: %v in %d (shortest %v), want mate in %d",
					p.SFEN(), i, res2.Status, len(res2.PV), res2.Shortest, n)
			}
		}
	}
	t.Logf("%d searches with a position on the path: %d cut off by it, %d undecided in their budget", injected, cut, undecided)
	if cut == 0 {
		t.Error("no search was cut off by the injected repetition: the test tests nothing")
	}
}

// TestSharedTableMatchesFresh solves many problems in sequence on one table
// that is never cleared, including positions along each mating line
// (subtrees of positions solved before, reached by other paths), and
// requires exactly the answers of solves on a fresh table: a result that
// holds only on one search path must never be stored as a fact.
func TestSharedTableMatchesFresh(t *testing.T) {
	for _, v := range soundVariants {
		t.Run(v.name, func(t *testing.T) { sharedTableMatchesFresh(t, v.opt, v.n) })
	}
}

func sharedTableMatchesFresh(t *testing.T, opt Options, perSet int) {
	type job struct {
		p   *position.Position
		def bool
	}
	var jobs []job
	for _, f := range []struct {
		file string
		n    int
	}{{"mate3.sfen", 40}, {"mate5.sfen", 40}, {"mate7.sfen", 40}, {"mate9.sfen", 15}, {"mate11.sfen", 10}} {
		for _, p := range setPositions(t, f.file, f.n*perSet/50) {
			jobs = append(jobs, job{p, false})
		}
	}
	fresh := New(16)
	want := map[int]Result{}
	solveFresh := func(i int) Result {
		fresh.Clear()
		o := opt
		o.RootIsDefender = jobs[i].def
		r := fresh.Solve(jobs[i].p, o, Limits{Time: 10 * time.Second})
		want[i] = r
		return r
	}
	// Each problem, then positions along its line (defender's and
	// attacker's), both before and after the problem itself.
	n0 := len(jobs)
	for i := 0; i < n0; i++ {
		r := solveFresh(i)
		if r.Status != Mate {
			t.Fatalf("%s: %v", jobs[i].p.SFEN(), r.Status)
		}
		for k, q := range pvNodes(jobs[i].p, r.PV)[1:min(4, len(r.PV))] {
			jobs = append(jobs, job{q, k%2 == 0})
		}
	}
	for i := n0; i < len(jobs); i++ {
		solveFresh(i)
	}
	// Order: interleave each problem with the positions of its line.
	var order []int
	next := n0
	for i := 0; i < n0; i++ {
		order = append(order, i)
		for next < len(jobs) && len(order) < len(jobs) && next < n0+3*(i+1) {
			order = append(order, next)
			next++
		}
	}
	for ; next < len(jobs); next++ {
		order = append(order, next)
	}
	shared := New(64)
	for pass := range 2 {
		for _, i := range order {
			j := jobs[i]
			o := opt
			o.RootIsDefender = j.def
			r := shared.Solve(j.p, o, Limits{Time: 10 * time.Second})
			w := want[i]
			if r.Status != w.Status || len(r.PV) != len(w.PV) || r.Shortest != w.Shortest {
				t.Errorf("pass %d, %s (defender to move %v): shared table %v in %d (shortest %v), fresh %v in %d (shortest %v)",
					pass, j.p.SFEN(), j.def, r.Status, len(r.PV), r.Shortest, w.Status, len(w.PV), w.Shortest)
			}
			if r.Status == Mate {
				att := j.p.SideToMove()
				if j.def {
					att = att.Opp()
				}
				if err := VerifyLine(j.p, att, r.PV); err != nil {
					t.Errorf("%s: %v", j.p.SFEN(), err)
				}
			}
		}
	}
	t.Logf("%d positions, twice, on one table (hashfull %d)", len(jobs), shared.Hashfull())
}

// hasCycle reports whether the graph has a cycle reachable from its root.
func (g *retroGraph) hasCycle() bool {
	state := make([]int8, len(g.or))
	var dfs func(int) bool
	dfs = func(i int) bool {
		state[i] = 1
		for _, c := range g.children[i] {
			if state[c] == 1 || state[c] == 0 && dfs(c) {
				return true
			}
		}
		state[i] = 2
		return false
	}
	return dfs(0)
}

// cyclicNoMate parses sfen and checks with the retrograde oracle (at most
// limit positions) that Black has no mate there and that the checks can
// go round a cycle.
// cyclicNoMates are positions without a mate whose checks lead round and
// round, each a small graph of checks and replies with a cycle.
var cyclicNoMates = []string{
	"9/9/6K2/2+R6/9/1k7/9/9/9 b - 1",
	"9/8k/9/7G1/9/9/9/9/9 b - 1",
	"1R7/k8/9/9/9/9/7K1/9/9 b - 1",
	"8k/9/9/9/5+B3/9/9/9/9 b - 1",
	"9/k8/3+R5/9/9/9/9/9/9 b - 1",
	"9/8k/9/9/9/9/9/5K3/9 b G 1",
}

func cyclicNoMate(t *testing.T, sfen string, limit int) *position.Position {
	t.Helper()
	p := mustSFEN(t, sfen)
	g, ok := newRetro(p, position.Black, limit)
	if !ok || !g.hasCycle() {
		t.Fatalf("%s: graph too big or without a cycle", sfen)
	}
	if v := g.value[0]; v != -1 {
		t.Fatalf("%s: the oracle finds a mate in %d", sfen, v)
	}
	return p
}

// TestRepetitionIsNoMate: positions where checks can go on for ever but
// never mate. The whole graph of checks and replies is small enough to be
// solved backwards here (play that never ends is no mate), so the answer is
// known independently of the solver; each graph has a cycle.
func TestRepetitionIsNoMate(t *testing.T) {
	s := New(16)
	for _, sfen := range cyclicNoMates {
		p := cyclicNoMate(t, sfen, 200000)
		for _, shared := range []bool{false, true} {
			if !shared {
				s.Clear()
			}
			res := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
			if res.Status != NoMate {
				t.Errorf("%s (shared table %v): %v %v, want nomate", sfen, shared, res.Status, res.PV)
			}
		}
	}
	// R095 of the rule cases: the only checks repeat (perpetual check),
	// which loses for the attacker.
	p := mustSFEN(t, "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1")
	s.Clear()
	if res := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second}); res.Status != NoMate {
		t.Errorf("R095: %v %v, want nomate", res.Status, res.PV)
	}
	budget := 2000000
	if mate, done := bruteWithin(p, position.Black, 9, &budget); !done || mate {
		t.Errorf("R095: brute force within 9 plies: mate %v, done %v", mate, done)
	}
}

// retroMates are small endings (a king and one or two pieces against a
// lone king) whose graphs of checks and replies have cycles: the mate
// exists, but many lines repeat, so the search meets repetitions on its
// path all the time. Found by a scan of such endings; the value is the
// exact strict mate length, recomputed by the oracle in the test.
var retroMates = []struct {
	sfen  string
	plies int
}{
	{"8k/9/6K2/9/6+R2/9/9/9/9 b - 1", 7},
	{"8k/9/4+R1K2/9/9/9/9/9/9 b - 1", 7},
	{"8k/9/6K2/9/4+R4/9/9/9/9 b - 1", 7},
	{"9/8k/6K2/9/6+R2/9/9/9/9 b - 1", 7},
	{"7k1/9/4+R1K2/9/9/9/9/9/9 b - 1", 7},
	{"8k/9/7K1/9/7+R1/9/9/9/9 b - 1", 5},
	{"8k/9/7K1/9/7R1/9/9/9/9 b - 1", 5},
	{"8k/6K2/9/7S1/9/9/9/9/9 b P 1", 5},
	{"8k/4+R1K2/9/9/9/9/9/9/9 b - 1", 5},
	{"8k/4R1K2/9/9/9/9/9/9/9 b - 1", 5},
	{"8k/9/5+RK2/9/9/9/9/9/9 b - 1", 5},
	{"9/6K1k/9/9/7+B1/9/9/9/9 b - 1", 5},
	{"9/6K1k/5+B3/9/9/9/9/9/9 b - 1", 5},
	{"9/4B1K1k/9/9/9/9/9/9/9 b - 1", 5},
	{"9/8k/4+R1K2/9/9/9/9/9/9 b - 1", 5},
	{"9/7Pk/6K2/9/9/9/9/9/9 b G 1", 5},
	{"7k1/9/7K1/6+B2/9/9/9/9/9 b - 1", 5},
	{"7k1/4+B4/7K1/9/9/9/9/9/9 b - 1", 5},
	{"7k1/9/7K1/9/7B1/9/9/9/9 b - 1", 5},
	{"7k1/9/6K2/9/5+R3/9/9/9/9 b - 1", 5},
	{"8k/9/8K/9/8+B/9/9/9/9 b - 1", 3},
	{"8k/5+RK2/9/9/9/9/9/9/9 b - 1", 3},
	{"8k/6K2/9/9/7N1/9/9/9/9 b S 1", 3},
	{"9/6K1k/9/6L2/9/9/9/9/9 b G 1", 3},
	{"9/8k/6K1N/9/9/9/9/9/9 b G 1", 3},
	{"7k1/9/6K2/8B/9/9/9/9/9 b - 1", 3},
}

// TestRetroOracle compares the solver with the backward solution of whole
// cyclic graphs: the root and a sample of the graph's positions (attacker's
// and defender's, the latter solved with RootIsDefender), each on a fresh
// table and on one table shared by everything, must get exactly the
// oracle's answer: the strict mate length, or no mate.
func TestRetroOracle(t *testing.T) {
	for _, v := range soundVariants {
		t.Run(v.name, func(t *testing.T) { retroOracle(t, v.opt) })
	}
}

func retroOracle(t *testing.T, opt Options) {
	fresh, shared := New(8), New(32)
	compared := map[string]int{}
	for _, c := range retroMates {
		p := mustSFEN(t, c.sfen)
		g, ok := newRetro(p, position.Black, 10000)
		if !ok || !g.hasCycle() || g.value[0] != c.plies {
			t.Fatalf("%s: oracle graph ok %v, value %d, want %d with a cycle", c.sfen, ok, g.value[0], c.plies)
		}
		// The oracle agrees with the brute force where that is cheap.
		for _, plies := range []int{c.plies - 2, c.plies} {
			budget := 200000
			if mate, done := bruteWithin(p, position.Black, plies, &budget); done && mate != (plies == c.plies) {
				t.Errorf("%s: brute force within %d plies says %v, oracle %d", c.sfen, plies, mate, c.plies)
			}
		}
		for _, i := range oracleSample(g) {
			for _, s := range []*Solver{fresh, shared} {
				if s == fresh {
					s.Clear()
				}
				compared[checkOracleSolve(t, s, g, i, opt, c.sfen, s == shared)]++
			}
		}
		if n := checkOracleFacts(t, shared, g, totalsSignature(p), c.sfen); n > 0 {
			compared["table facts"] += n
		}
	}
	t.Logf("compared: %v", compared)
}

// oracleSample returns the root of g and a sample of its mating and
// non-mating positions. Positions without mate come first: their searches
// run through the cycles and meet repetitions everywhere, so a
// path-dependent result stored as a fact would spoil the mates solved
// after them on a shared table.
func oracleSample(g *retroGraph) []int {
	var mating, none, other []int
	for i := 1; i < len(g.or); i++ {
		switch v := g.value[i]; {
		case v >= 2:
			mating = append(mating, i)
		case v < 0:
			none = append(none, i)
		default:
			other = append(other, i)
		}
	}
	var nodes []int
	for j := 0; j < len(none); j += len(none)/10 + 1 {
		nodes = append(nodes, none[j])
	}
	for j := 0; j < len(other); j += len(other)/3 + 1 {
		nodes = append(nodes, other[j])
	}
	for j := 0; j < len(mating); j += len(mating)/8 + 1 {
		nodes = append(nodes, mating[j])
	}
	return append(nodes, 0)
}

// checkOracleSolve solves node i of g (in the graph of the problem sfen)
// with s and checks the answer against the oracle's; it returns the kind
// of node compared.
func checkOracleSolve(t *testing.T, s *Solver, g *retroGraph, i int, opt Options, sfen string, shared bool) string {
	t.Helper()
	q := g.position(i)
	want := g.value[i]
	opt.RootIsDefender = !g.or[i]
	res := s.Solve(q, opt, Limits{Time: 10 * time.Second})
	got := -1
	if res.Status == Mate {
		got = len(res.PV)
		if err := VerifyLine(q, position.Black, res.PV); err != nil {
			t.Errorf("%s: %v", q.SFEN(), err)
		}
	}
	if res.Status == Unknown || got != want || (got >= 0 && !res.Shortest) {
		t.Errorf("%s (node %d of %s, shared %v): %v in %d (shortest %v), oracle %d",
			q.SFEN(), i, sfen, shared, res.Status, got, res.Shortest, want)
	}
	kind := "mate"
	if want < 0 {
		kind = "nomate"
	}
	if !g.or[i] {
		kind += "/defender"
	}
	return kind
}

// checkOracleFacts checks that every fact s's table holds about the
// positions of g (in the graph of the problem sfen, whose keys carry the
// signature sig) agrees with the oracle; it returns how many it checked.
func checkOracleFacts(t *testing.T, s *Solver, g *retroGraph, sig uint64, sfen string) int {
	t.Helper()
	n := 0
	for i := range g.or {
		key, h, v := g.bkey[i]^sig, g.hand[i], g.value[i]
		r := s.table.Probe(key, h, maxDepth)
		switch {
		case r.State == tt.Disproven && v >= 0:
			t.Errorf("%s (in the graph of %s): the table says no mate, the oracle mates in %d", g.position(i).SFEN(), sfen, v)
		case r.State == tt.Proven && (v < 0 || int(r.Length) < v):
			t.Errorf("%s (in the graph of %s): the table proves a mate in %d, the oracle says %d", g.position(i).SFEN(), sfen, r.Length, v)
		case v >= 0 && s.table.Probe(key, h, uint16(v)).State == tt.Disproven:
			t.Errorf("%s (in the graph of %s): the table says no mate within %d, the oracle mates in %d", g.position(i).SFEN(), sfen, v, v)
		}
		if r.State != tt.Empty {
			n++
		}
	}
	return n
}

// hardProblem returns Microcosmos (1525 plies), which no test solves.
func hardProblem(t *testing.T) *position.Position { return longProblem(t, "Microcosmos") }

// longProblem returns the first long problem whose name contains name.
func longProblem(t *testing.T, name string) *position.Position {
	t.Helper()
	for _, l := range readLines(t, "../testdata/classic/long_problems.tsv") {
		if f := strings.Split(l, "\t"); len(f) > 2 && strings.Contains(f[0], name) {
			return mustSFEN(t, f[1])
		}
	}
	t.Fatalf("%s not found", name)
	return nil
}

func TestRootIsDefender(t *testing.T) {
	s := New(16)
	for _, set := range []struct {
		file  string
		plies int
	}{{"mate3.sfen", 3}, {"mate5.sfen", 5}} {
		for _, p := range setPositions(t, set.file, 20) {
			s.Clear()
			res := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
			if res.Status != Mate || len(res.PV) != set.plies {
				t.Fatalf("%s: %v %d", p.SFEN(), res.Status, len(res.PV))
			}
			q := p.Clone()
			q.DoMove(res.PV[0])
			before := q.SFEN()
			s.Clear()
			r := s.Solve(q, Options{Rules: Strict, RootIsDefender: true}, Limits{Time: 10 * time.Second})
			if q.SFEN() != before {
				t.Fatalf("root changed")
			}
			if r.Status != Mate || len(r.PV) != set.plies-1 || !r.Shortest {
				t.Errorf("%s after %v: %v in %d (shortest %v), want mate in %d plies from the defender's move",
					p.SFEN(), res.PV[0], r.Status, len(r.PV), r.Shortest, set.plies-1)
				continue
			}
			if pc := r.PV[0].Piece(); pc.Color() != q.SideToMove() {
				t.Errorf("%s: line starts with %v, not a defender's move", q.SFEN(), r.PV[0])
			}
			if err := VerifyLine(q, q.SideToMove().Opp(), r.PV); err != nil {
				t.Errorf("%s: %v", q.SFEN(), err)
			}
			// The attacker's view of the same position is wrong: it is
			// not the attacker's turn, and no attacker line is accepted.
			if VerifyLine(q, q.SideToMove(), r.PV) == nil {
				t.Errorf("%s: line accepted for the wrong attacker", q.SFEN())
			}
		}
	}
	// A defender already mated: a mate of no plies.
	p := mustSFEN(t, "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1")
	p.DoMove(mustMoves(t, p, "9c9b+")[0])
	s.Clear()
	if r := s.Solve(p, Options{Rules: Strict, RootIsDefender: true}, Limits{}); r.Status != Mate || len(r.PV) != 0 || !r.Shortest {
		t.Errorf("mated defender: %v %v shortest %v", r.Status, r.PV, r.Shortest)
	}
	// A defender that escapes: no mate.
	p = mustSFEN(t, "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1")
	p.DoMove(mustMoves(t, p, "9c9b")[0])
	s.Clear()
	if r := s.Solve(p, Options{Rules: Strict, RootIsDefender: true}, Limits{}); r.Status == Mate {
		t.Errorf("9c9b without promotion: %v %v, want no mate", r.Status, r.PV)
	}
}

func TestFirstMate(t *testing.T) {
	s := New(16)
	var ps []*position.Position
	want := map[*position.Position]int{}
	for _, set := range []struct {
		file  string
		plies int
	}{{"mate3.sfen", 3}, {"mate7.sfen", 7}, {"mate9.sfen", 9}} {
		for _, p := range setPositions(t, set.file, 10) {
			ps = append(ps, p)
			want[p] = set.plies
		}
	}
	longer := 0
	for _, p := range ps {
		s.Clear()
		r := s.Solve(p, Options{Rules: Strict, FirstMate: true}, Limits{Time: 10 * time.Second})
		if r.Status != Mate || len(r.PV) < want[p] || r.Shortest || r.Reason == "" {
			t.Errorf("%s: %v in %d (shortest %v, reason %q), want a mate of at least %d not claimed shortest",
				p.SFEN(), r.Status, len(r.PV), r.Shortest, r.Reason, want[p])
			continue
		}
		if len(r.PV) > want[p] {
			longer++
		}
		if err := VerifyLine(p, p.SideToMove(), r.PV); err != nil {
			t.Errorf("%s: %v", p.SFEN(), err)
		}
		// The full search from the same table finds the exact length.
		full := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
		if full.Status != Mate || len(full.PV) != want[p] || !full.Shortest {
			t.Errorf("%s after FirstMate: %v in %d", p.SFEN(), full.Status, len(full.PV))
		}
	}
	t.Logf("%d of %d first mates longer than the shortest", longer, len(ps))
	// Mate in one: nothing shorter can exist.
	p := mustSFEN(t, "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1")
	s.Clear()
	if r := s.Solve(p, Options{Rules: Strict, FirstMate: true}, Limits{}); r.Status != Mate || len(r.PV) != 1 {
		t.Errorf("mate in one with FirstMate: %v %v", r.Status, r.PV)
	}
}

func TestNodeLimit(t *testing.T) {
	p := hardProblem(t)
	sfen := p.SFEN()
	s := New(32)
	for _, limit := range []uint64{5000, 60000} {
		s.Clear()
		// The time limit is only a backstop should the node limit fail.
		r := s.Solve(p, Options{Rules: Strict}, Limits{Nodes: limit, Time: 5 * time.Second})
		if r.Status != Unknown || r.Reason != "nodes" || r.PV != nil {
			t.Errorf("limit %d: %v (%q) %v", limit, r.Status, r.Reason, r.PV)
		}
		if r.Nodes < limit || r.Nodes > limit+2*pollInterval {
			t.Errorf("limit %d: stopped after %d nodes", limit, r.Nodes)
		}
		if p.SFEN() != sfen {
			t.Fatal("root changed")
		}
	}
	// A limit that cuts the minimisation leaves a verified mate that is
	// not claimed shortest (or no answer); never a false no-mate. Line 10
	// of mate9 finds a mate in 17 after about 2000 nodes and proves the
	// mate in 9 after about 24000.
	q := setPositions(t, "mate9.sfen", 10)[9]
	s.Clear()
	all := s.Solve(q, Options{Rules: Strict}, Limits{})
	if all.Status != Mate || len(all.PV) != 9 || !all.Shortest {
		t.Fatalf("%s: %v %d", q.SFEN(), all.Status, len(all.PV))
	}
	cut := 0
	for lim := uint64(pollInterval); lim < all.Nodes+2*pollInterval; lim += 3 * pollInterval {
		s.Clear()
		r := s.Solve(q, Options{Rules: Strict}, Limits{Nodes: lim})
		switch r.Status {
		case NoMate:
			t.Fatalf("limit %d: a false no-mate", lim)
		case Mate:
			if err := VerifyLine(q, q.SideToMove(), r.PV); err != nil {
				t.Fatalf("limit %d: %v", lim, err)
			}
			if len(r.PV) < 9 || r.Shortest != (r.Reason == "") || r.Shortest && len(r.PV) != 9 {
				t.Errorf("limit %d: mate in %d, shortest %v, reason %q", lim, len(r.PV), r.Shortest, r.Reason)
			}
			if !r.Shortest {
				cut++
				if !strings.HasPrefix(r.Reason, "length is an upper bound") {
					t.Errorf("limit %d: reason %q", lim, r.Reason)
				}
			}
		case Unknown:
			if lim > all.Nodes+pollInterval {
				t.Errorf("limit %d above the %d nodes of the whole solve: %q", lim, all.Nodes, r.Reason)
			}
		}
	}
	if cut == 0 {
		t.Errorf("no limit cut the minimisation")
	}
	t.Logf("%d node limits cut the minimisation of a mate found in %d nodes", cut, all.Nodes)
}

func TestTimeLimitAndStop(t *testing.T) {
	p := hardProblem(t)
	s := New(32)
	start := time.Now()
	r := s.Solve(p, Options{Rules: Strict}, Limits{Time: 150 * time.Millisecond})
	el := time.Since(start)
	t.Logf("time limit 150ms: stopped after %v", el)
	if r.Status != Unknown || r.Reason != "time" || el < 150*time.Millisecond || el > 400*time.Millisecond {
		t.Errorf("time limit 150ms: %v (%q) after %v", r.Status, r.Reason, el)
	}
	var stop atomic.Bool
	go func() {
		time.Sleep(100 * time.Millisecond)
		stop.Store(true)
	}()
	s.Clear()
	start = time.Now()
	r = s.Solve(p, Options{Rules: Strict}, Limits{Stop: &stop, Time: 3 * time.Second}) // the time limit is a backstop
	el = time.Since(start)
	t.Logf("stop after 100ms: stopped after %v", el)
	if r.Status != Unknown || r.Reason != "stopped" || el > 350*time.Millisecond {
		t.Errorf("stop after 100ms: %v (%q) after %v", r.Status, r.Reason, el)
	}
	// A stop already set: the search ends at the first poll.
	s.Clear()
	r = s.Solve(p, Options{Rules: Strict}, Limits{Stop: &stop, Time: 3 * time.Second})
	if r.Status != Unknown || r.Reason != "stopped" || r.Nodes > 2*pollInterval {
		t.Errorf("stop set before: %v after %d nodes", r.Status, r.Nodes)
	}
}

func TestProgress(t *testing.T) {
	p := hardProblem(t)
	s := New(32)
	var infos []Info
	r := s.Solve(p, Options{Rules: Strict}, Limits{Time: 300 * time.Millisecond, ProgressInterval: 20 * time.Millisecond,
		Progress: func(i Info) { infos = append(infos, i) }})
	if r.Status != Unknown {
		t.Fatalf("%v", r.Status)
	}
	if len(infos) < 3 || len(infos) > 16 {
		t.Errorf("%d progress reports in 300ms at 20ms", len(infos))
	}
	for i, in := range infos {
		if in.Hashfull < 0 || in.Hashfull > 1000 || in.Nodes > r.Nodes {
			t.Errorf("report %d: %+v", i, in)
		}
		if i > 0 && (in.Nodes <= infos[i-1].Nodes || in.Elapsed < infos[i-1].Elapsed+20*time.Millisecond) {
			t.Errorf("report %d not after report %d: %+v then %+v", i, i-1, infos[i-1], in)
		}
	}
}

// TestNoAllocationsPerNode: after a warm-up, a search allocates a few
// objects per solve, not per node: ten times the nodes must not bring
// (anywhere near) ten times the allocations. Under both rules: tsume rules
// add the futility tests to the hot path.
func TestNoAllocationsPerNode(t *testing.T) {
	p := hardProblem(t)
	for _, rules := range []Rules{Strict, Tsume} {
		s := New(64)
		opt := Options{Rules: rules}
		s.Solve(p, opt, Limits{Nodes: 100000}) // warm-up: frames, path set, history
		measure := func(nodes uint64) (float64, uint64) {
			var got uint64
			a := testing.AllocsPerRun(1, func() {
				s.Clear()
				got = s.Solve(p, opt, Limits{Nodes: nodes}).Nodes
			})
			return a, got
		}
		small, n1 := measure(20000)
		big, n2 := measure(200000)
		t.Logf("%v: %.0f allocations for %d nodes, %.0f for %d", rules, small, n1, big, n2)
		if n2 < 200000 || n1 > 30000 {
			t.Fatalf("%v: node limits not honoured: %d, %d", rules, n1, n2)
		}
		if big > 200 || big > small+50 {
			t.Errorf("%v: allocations grow with nodes: %.0f for %d nodes, %.0f for %d", rules, small, n1, big, n2)
		}
	}
}

// TestSmallTables: with a table of one cluster (eight entries) or of 1 MiB
// (garbage collection all the time), results are evicted constantly; the
// answers may cost more nodes but must stay right.
func TestSmallTables(t *testing.T) {
	for _, c := range []struct {
		mb    int
		file  string
		plies int
		n     int
	}{{0, "mate5.sfen", 5, 20}, {0, "mate7.sfen", 7, 8}, {1, "mate9.sfen", 9, 20}} {
		s := New(c.mb)
		exact := 0
		for _, p := range setPositions(t, c.file, c.n) {
			r := s.Solve(p, Options{Rules: Strict}, Limits{Nodes: 500000})
			if r.Status != Mate {
				t.Errorf("%d MB, %s: %v (%s)", c.mb, p.SFEN(), r.Status, r.Reason)
				continue
			}
			if err := VerifyLine(p, p.SideToMove(), r.PV); err != nil {
				t.Errorf("%d MB, %s: %v", c.mb, p.SFEN(), err)
			}
			if len(r.PV) < c.plies || r.Shortest && len(r.PV) != c.plies {
				t.Errorf("%d MB, %s: mate in %d (shortest %v), the set says %d", c.mb, p.SFEN(), len(r.PV), r.Shortest, c.plies)
			}
			if r.Shortest {
				exact++
			}
			if s.Hashfull() > 1000 {
				t.Fatalf("hashfull %d", s.Hashfull())
			}
		}
		t.Logf("%d MB, %s: %d of %d proven shortest", c.mb, c.file, exact, c.n)
	}
}

// TestSecondThresholdAboveSaturation: the δ threshold of the best child
// is above the second-best δ₂, also where sums saturate at inf-1 (where
// δ₂ + 1 = δ₂ would send the child down again and again to come back at
// once); with no second child, or a saturated one, there is none.
func TestSecondThresholdAboveSaturation(t *testing.T) {
	for _, eps := range []bool{false, true} {
		s := &searcher{switches: switches{epsilon: eps}}
		for _, d := range []uint64{0, 1, 7, 1000, inf / 2, inf - 3, inf - 2, inf - 1, inf} {
			th := s.secondThreshold(d)
			if th <= d && th != inf {
				t.Errorf("epsilon %v: secondThreshold(%d) = %d, not above it", eps, d, th)
			}
			if d >= inf-1 && th != inf {
				t.Errorf("epsilon %v: secondThreshold(%d) = %d, want no threshold (inf)", eps, d, th)
			}
		}
	}
}

// TestMateWithinByNamesAMatingMove: the move MateWithinBy names with a
// mate is one that mates within the bound (a fresh search after it, from
// the defender's side, proves it); a bound below the mate, or a root that
// is the defender's, gives no move.
func TestMateWithinByNamesAMatingMove(t *testing.T) {
	s, fresh := New(16), New(16)
	for _, set := range []struct {
		file  string
		plies int
	}{{"mate3.sfen", 3}, {"mate5.sfen", 5}, {"mate7.sfen", 7}} {
		for _, p := range setPositions(t, set.file, 20) {
			// The sets are exact under strict rules; tsume rules count
			// fewer defences, so they mate within the same bound.
			for _, rules := range []Rules{Strict, Tsume} {
				s.Clear()
				if rules == Strict {
					if st, m := s.MateWithinBy(p, set.plies-2, Options{Rules: rules}, Limits{}); st != NoMate || m != position.NoMove {
						t.Fatalf("%s within %d: %v %v, want no mate and no move", p.SFEN(), set.plies-2, st, m)
					}
				}
				st, m := s.MateWithinBy(p, set.plies, Options{Rules: rules}, Limits{})
				if st != Mate || m == position.NoMove {
					t.Fatalf("%s within %d (%v): %v %v, want a mate and its move", p.SFEN(), set.plies, rules, st, m)
				}
				if !slices.Contains(p.GenerateLegal(nil), m) {
					t.Fatalf("%s: %v is not a legal move", p.SFEN(), m)
				}
				q := p.Clone()
				q.DoMove(m)
				fresh.Clear()
				if st, d := fresh.MateWithinBy(q, set.plies-1, Options{Rules: rules, RootIsDefender: true}, Limits{}); st != Mate || d != position.NoMove {
					t.Errorf("%s (%v): after %v %v %v within %d, want a mate and no move (the root is the defender's)", p.SFEN(), rules, m, st, d, set.plies-1)
				}
			}
		}
	}
}
