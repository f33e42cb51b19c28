package dfpn

import (
	"fmt"
	"time"

	"gomate/position"
	"gomate/tt"
)

// Solver searches for mates. It owns a transposition table reused across
// searches; one Solver runs one search at a time.
type Solver struct {
	table     *tt.Table
	exact     exactCache
	reps      repCache
	frames    []*frame
	path      pathSet
	tablePath pathSet
	// nodes counts the nodes of every search this solver ran.
	nodes uint64
	// sim is the simulations' scratch space, kept between searches.
	sim simState
}

// New returns a solver with a transposition table of about hashMB MiB.
func New(hashMB int) *Solver { return &Solver{table: tt.New(hashMB)} }

// Resize reallocates the table to about hashMB MiB (its contents are lost).
func (s *Solver) Resize(hashMB int) {
	s.table.Resize(hashMB)
	s.reps = repCache{}
	s.exact = exactCache{}
}

// Clear empties the table.
func (s *Solver) Clear() { s.table.Clear(); s.exact.clear(); s.reps.clear() }

// HugePagesMB returns how many MiB of the table the operating system backs
// with huge pages, and false when it cannot tell (tt.Table.HugePagesMB).
func (s *Solver) HugePagesMB() (int, bool) { return s.table.HugePagesMB() }

// TableMB returns the table's size in MiB.
func (s *Solver) TableMB() int { return s.table.SizeMB() }

// WaitTable waits until the table has been faulted in: New and Resize
// only map it, and a goroutine faults it in in the background
// (tt.Table.Populated).
func (s *Solver) WaitTable() { s.table.WaitPopulated() }

// TableWarning returns a warning for the user when the operating system
// backs less than half of the table's memory with huge pages (Linux with
// transparent huge pages off, or memory too fragmented to give them), and
// "" otherwise or when it cannot tell. With 4 KiB pages the same search
// takes markedly longer (docs/notes/speed.md#the-profile).
//
// judged is false when it cannot tell yet: the table is faulted in in the
// background after New and Resize, and until that ends only a table whose
// first 2 MiB missed a huge page is judged (tt.Table.FirstPageHuge).
// Ask again later.
func (s *Solver) TableWarning() (msg string, judged bool) {
	var resident, huge int
	if !s.table.Populated() {
		if first, ok := s.table.FirstPageHuge(); !ok || first {
			return "", false
		}
		resident, huge = 2, 0
	} else {
		var ok bool
		if resident, huge, ok = s.table.PagesMB(); !ok || resident == 0 || huge >= resident/2 {
			return "", true
		}
	}
	return fmt.Sprintf("only %d of the %d MiB of the table in memory is in huge pages: searches run about a quarter slower "+
		"(see /sys/kernel/mm/transparent_hugepage/enabled; madvise or always is enough)", huge, resident), true
}

// Hashfull returns the permille of the table in use.
func (s *Solver) Hashfull() int { return s.table.Hashfull() }

// Nodes returns the nodes of every search the solver has run since New;
// its difference across a piece of work, such as a composition check of
// many searches, is what that work cost.
func (s *Solver) Nodes() uint64 { return s.nodes }

// newSearcher prepares a search of pos under opt and lim.
func (s *Solver) newSearcher(pos *position.Position, opt Options, lim Limits) *searcher {
	sr := &searcher{
		pos: pos, table: s.table, attacker: pos.SideToMove(), rules: opt.Rules, sig: totalsSignature(pos),
		progress: newProgress(lim),
		switches: switchesOf(opt),
		futility: futility{futilityBudget: firstFutilityBudget},
		stack:    stack{frames: s.frames, path: s.path, tablePath: s.tablePath},
	}
	if opt.RootIsDefender {
		sr.attacker = sr.attacker.Opp()
	}
	sr.path.reset()
	sr.tablePath.reset()
	s.table.SetHandBounds(opt.Uses(HandBounds))
	s.attachCaches(sr, pos, opt)
	if opt.futilityBudget > 0 {
		sr.futilityBudget = opt.futilityBudget
	}
	if sr.rules == Tsume {
		sr.sig ^= rulesSalt // one table never mixes the two rule sets' answers
	}
	if len(opt.ExcludeRootMoves) > 0 {
		sr.exclude = opt.ExcludeRootMoves
		sr.rootSalt = excludeSalt(opt.ExcludeRootMoves)
	}
	return sr
}

// attachCaches gives sr the solver's caches that opt uses: the repetition
// cache, the exact cache under tsume rules (only they have results that
// hold for one hand), Nagai's C and the simulation's scratch space.
func (s *Solver) attachCaches(sr *searcher, pos *position.Position, opt Options) {
	if opt.Uses(RepetitionCache) {
		s.reps.size = repCacheSlots(s.table.Capacity())
		sr.reps = &s.reps
	}
	if opt.Rules == Tsume {
		s.exact.size = exactCacheSlots(s.table.Capacity())
		sr.exactCache = &s.exact
	}
	if opt.Uses(HeuristicC) {
		sr.answers = &answerTable{}
	}
	if opt.Uses(Simulation) {
		if s.sim.proven == nil {
			s.sim.proven = pos.Clone()
		}
		sr.simulation = &s.sim
		sr.simProved = opt.simProved
	}
}

// shareCaches readies the side caches sr uses for the threads of a
// parallel search (on), or for one thread again.
func (s *Solver) shareCaches(sr *searcher, on bool) {
	if sr.exactCache != nil {
		s.exact.share(on, minExactCacheSlots)
	}
	if sr.reps != nil {
		s.reps.share(on, 1<<12)
	}
}

// totalsSignature identifies how many pieces of each kind the position has
// in all (board and both hands). Mixed into every key, it keeps positions
// of different problems apart in the table even though the defender's hand
// is not part of the key: within one problem it is implied by the board and
// the attacker's hand.
func totalsSignature(pos *position.Position) uint64 {
	var n [position.NumPieceTypes]uint64
	occ := pos.Occupied()
	for occ.Any() {
		n[pos.PieceAt(occ.Pop()).Type().Unpromote()]++
	}
	var v uint64
	for _, pt := range position.HandTypes {
		n[pt] += uint64(pos.Hand(position.Black).Count(pt) + pos.Hand(position.White).Count(pt))
		v = v<<5 | n[pt]
	}
	v = v<<2 | n[position.King]
	return (v + 1) * 0x9E3779B97F4A7C15
}

// keep takes back from a finished searcher what the solver reuses (its
// frames and path sets) and counts its nodes.
func (s *Solver) keep(sr *searcher) {
	s.frames, s.path, s.tablePath = sr.frames, sr.path, sr.tablePath
	s.nodes += sr.totalNodes()
}

// Solve searches pos for a mate by the side to move (or, with
// RootIsDefender, against it). The position is used during the search and
// restored before Solve returns. Under the default options the mate is the
// shortest against the longest defence, proven by lowering the length bound
// until it fails; the line is verified before it is returned.
func (s *Solver) Solve(pos *position.Position, opt Options, lim Limits) Result {
	start := time.Now()
	sr := s.newSearcher(pos, opt, lim)
	defer s.keep(sr)
	defer s.startTeam(sr, opt.Threads)()

	res := sr.solve(opt)
	res.Nodes, res.repHits, res.exactHits, res.shortcutHits = sr.totalNodes(), sr.repHits, sr.exactHits, sr.shortcutHits
	from := 0
	if twoPlySpareApplies(opt, res) {
		from = s.preferSpareFree(pos, opt, lim, start, &res)
	}
	if realMateApplies(opt, res) {
		s.preferRealMate(pos, opt, lim, start, &res, from)
	}
	res.Elapsed = time.Since(start)
	return res
}

// MateWithin tells whether the attacker (the side to move, or its opponent
// with RootIsDefender) mates within plies plies under opt.Rules: Mate,
// NoMate (proven: no mate within plies), or Unknown when a limit ends the
// search first. It is the bounded test behind composition checks (is there
// another mate as short? does another defence last as long?); no line is
// built. FirstMate is ignored.
func (s *Solver) MateWithin(pos *position.Position, plies int, opt Options, lim Limits) Status {
	st, _ := s.MateWithinBy(pos, plies, opt, lim)
	return st
}

// MateWithinBy is MateWithin that also names, with Mate, the attacker's
// move at the root that the proof rests on: that move mates within plies
// plies. The move is NoMove when the root was decided without its moves
// (by the table, or with RootIsDefender).
func (s *Solver) MateWithinBy(pos *position.Position, plies int, opt Options, lim Limits) (Status, position.Move) {
	if plies < 0 {
		return NoMate, position.NoMove
	}
	sr := s.newSearcher(pos, opt, lim)
	defer s.keep(sr)
	defer s.startTeam(sr, opt.Threads)()
	sr.relativeFutility = sr.rules == Tsume
	sr.repsOn = sr.reps != nil
	o := sr.proveAll(uint16(min(plies, int(maxDepth))))
	switch {
	case o.proven():
		return Mate, sr.rootWin
	case o.disproven():
		return NoMate, position.NoMove
	}
	return Unknown, position.NoMove
}

// solve is Solve's search: the first mate, with no length bound; unless
// opt.FirstMate, the proof that no shorter mate exists, and the line of
// the exact length (the longest defence); then the line, checked move by
// move.
func (s *searcher) solve(opt Options) Result {
	o := s.firstMate()
	switch {
	case o.disproven():
		return Result{Status: NoMate, Shortest: true}
	case !o.proven():
		return Result{Status: Unknown, Reason: s.reason}
	}
	res := Result{Lengths: []LengthFound{s.found(o.length)}}
	// From here every search has a length bound, and tsume rules test
	// drops against the node's other defences (futile_relative.go): the
	// rebuild's searches too, or the disproofs they store ("no mate within
	// k", with a futile drop counted) would be false under the rules.
	s.relativeFutility = s.rules == Tsume
	line, ok := s.principalVariation(o.length, o.length <= 1)
	if !ok {
		res.Status, res.Reason = Unknown, "could not rebuild the proven line: "+s.reason
		return res
	}
	s.bestLine = line
	s.repsOn = s.reps != nil
	m := provenMate{length: o.length, line: line}
	if opt.FirstMate {
		return s.answer(m, res, true)
	}
	if s.lim.Progress != nil {
		s.proofRoot = s.pos.Clone()
		defer func() { s.proofRoot = nil }()
	}
	s.minimise(&m, &res)
	if m.shortest {
		s.rebuildExact(&m)
	}
	res = s.answer(m, res, false)
	if res.Status == Mate && !res.Shortest {
		res.ProvenFrom = s.provenFrom(s.pos, res.PV, uint16(res.Bound))
	}
	return res
}

// provenMate is the mate solve has proven so far: the length it is proven
// within, a line, and whether the length is proven the shortest.
type provenMate struct {
	length   uint16
	line     []position.Move
	shortest bool
}

// firstMate searches for a mate with no length bound.
func (s *searcher) firstMate() outcome {
	s.unbounded = true
	s.repsOn = s.reps != nil && s.repsFirstMate
	o := s.proveAll(maxDepth)
	s.unbounded = false
	return o
}

// found is a mate of the given length found now.
func (s *searcher) found(length uint16) LengthFound {
	return LengthFound{int(length), time.Since(s.start), s.totalNodes()}
}

// minimise proves m's length: it asks for a mate two plies shorter until
// there is none, each mate found taking m down, and res.Lengths noting it.
// A mate found is a mate whatever the futility tests said (a drop they
// could not decide counted as a defence), so only the last search, the
// one that finds none, matters: if its disproof rests on a test that ran
// out of its budget (the root's outcome is cut), it runs again with a
// larger budget for the tests (retryFutility). Before each
// search shortenLine looks for a shortcut along the line (shortcut.go).
// m.shortest tells whether the length was proven.
func (s *searcher) minimise(m *provenMate, res *Result) {
	failed := map[uint64]uint16{}
	for m.length >= 2 {
		s.proving = m.length
		if s.lookahead > 0 {
			s.shortenLine(m.line, m.length, failed)
		}
		o := s.proveAll(m.length - 2)
		switch {
		case o.disproven() && o.cut && s.retryFutility():
			// Nothing that rests on a test that ran out was kept
			// (futile_relative.go), so the search resumes from what
			// the table knows.
			continue
		case o.disproven():
			m.shortest = !o.cut
			if !m.shortest {
				s.reason = "a futility test ran out of its budget, so the length may count a futile interposition"
			}
			return
		case !o.proven():
			return
		}
		m.length = o.length
		res.Lengths = append(res.Lengths, s.found(o.length))
		if l, ok := s.principalVariation(m.length, false); ok {
			m.line = l
			s.bestLine = l
		}
	}
	m.shortest = true
}

// rebuildExact rebuilds m's line with its exact length, proven shortest:
// the longest defence. Its futility tests decide which drops the line may
// show as defences: one that ran out of its budget is run again with a
// larger one, like the proof's. When the line cannot be rebuilt, m is no
// longer known shortest, and s.reason says why.
func (s *searcher) rebuildExact(m *provenMate) {
	for {
		s.futilityCut = false
		l, ok := s.principalVariation(m.length, true)
		if ok && s.futilityCut && s.retryFutility() {
			continue
		}
		switch {
		case !ok:
			m.shortest = false
			s.reason = "could not rebuild the shortest line: " + s.reason
		case s.futilityCut:
			m.shortest = false
			s.reason = "a futility test ran out of its budget, so the line may show a futile interposition"
		default:
			m.line = l
		}
		return
	}
}

// answer is the Result for m, res holding the lengths found: its line,
// mended with the longer defences the table knows when the length is not
// proven shortest (lengthen.go), and checked move by move.
func (s *searcher) answer(m provenMate, res Result, firstMate bool) Result {
	if !m.shortest {
		// The table knows most at the end: the line for the bound may
		// find longer defences in it now.
		m.line = s.boundLine(m.line, m.length)
	}
	if err := s.rules.VerifyLine(s.pos, s.attacker, m.line); err != nil {
		res.Status, res.Reason = Unknown, "internal error, line rejected: "+err.Error()
		return res
	}
	reason := ""
	switch {
	case m.shortest:
	case firstMate:
		reason = "first mate found; length not minimised"
	default:
		reason = "length is an upper bound: " + s.reason
	}
	res.Status, res.PV, res.Shortest, res.Reason, res.Bound = Mate, m.line, m.shortest, reason, int(m.length)
	res.futilityRetries = s.futilityRetries
	return res
}

// prove searches the current position with the given depth bound until it
// is decided or the search stops.
func (s *searcher) prove(depth uint16, ply int) outcome { return s.proveBudget(depth, ply, 0) }

// proveBudget is prove with a budget of nodes (0: none). With a budget the
// thresholds start small and double, so that the work is spread over the
// tree, and the search gives up undecided once the budget is spent (mid
// checks it at every node).
func (s *searcher) proveBudget(depth uint16, ply int, budget uint64) outcome {
	end, th := s.nodes+budget, uint64(inf)
	if budget > 0 {
		th = 64
		// mid returns at once, like a stopped search, once the budget
		// (or that of a search around this one) is spent.
		outer := s.budgetEnd
		if outer == 0 || end < outer {
			s.budgetEnd = end
		}
		defer func() { s.budgetEnd = outer }()
	}
	for first := true; ; first = false {
		r, from := s.probe(s.nodeKey(ply), s.pos.Hand(s.attacker), depth, ply)
		if o, ok := decidedOutcome(r, from); ok {
			return o
		}
		o := s.mid(depth, th, th, ply, first && r.State == tt.Empty)
		if o.proven() || o.disproven() || s.stopped || (budget > 0 && s.nodes >= end) {
			return o
		}
		if th < inf/2 {
			th *= 2
		}
	}
}

// excludeSalt distinguishes the root searched without some of its moves
// from the root itself (and from other exclusions) in the table.
func excludeSalt(moves []position.Move) uint64 {
	v := uint64(0x3C6EF372FE94F82B)
	for _, m := range moves {
		v ^= (uint64(m) + 1) * 0x9E3779B97F4A7C15
		v = v<<17 | v>>47
	}
	return v | 1
}
