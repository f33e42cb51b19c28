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
// took 1.29 to 1.36 times as long (docs/speed.md).
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

// newSearcher prepares a search of pos under opt and lim.
func (s *Solver) newSearcher(pos *position.Position, opt Options, lim Limits) *searcher {
	start := time.Now()
	sr := &searcher{
		pos: pos, table: s.table, lim: lim, start: start, lastInfo: start,
		nextPoll: clockInterval, nextFullPoll: pollInterval, frames: s.frames, path: s.path, tablePath: s.tablePath,
	}
	sr.path.reset()
	sr.tablePath.reset()
	if !opt.NoRepetitionCache {
		s.reps.size = repCacheSlots(s.table.Capacity())
		sr.reps = &s.reps
	}
	sr.estimates = !opt.NoInitialEstimates
	sr.replyEstimates = opt.ReplyEstimates
	sr.checkCounts = !opt.NoCheckCountEstimates
	sr.depthReplies = !opt.NoDepthReplyEstimates
	sr.depthChecks = !opt.NoDepthCheckEstimates
	sr.lazyDrops = !opt.NoLazyDrops
	sr.epsilon = !opt.NoEpsilon
	sr.reprobe = opt.SiblingReprobe
	sr.inferiorLoops = !opt.NoInferiorLoops
	sr.inferiorFirst = opt.InferiorLoopsFirstMate
	sr.estimatesByPosition = !opt.NoEstimatesByPosition
	switch {
	case opt.NoLineShortcuts:
	case opt.shortcutHorizon > 0:
		sr.lookahead = opt.shortcutHorizon
	default:
		sr.lookahead = shortcutHorizon
	}
	sr.dag = opt.DAG
	sr.shareNonPromotions = !opt.NoShareNonPromotions
	sr.shareFarDrops = !opt.NoShareFarDrops
	s.table.SetHandBounds(!opt.NoHandBounds)
	sr.heurA = !opt.NoHeuristicA
	sr.heurB = !opt.NoHeuristicB
	if !opt.NoHeuristicC {
		sr.answers = &answerTable{}
	}
	if !opt.NoSimulation {
		if s.sim.proven == nil {
			s.sim.proven = pos.Clone()
		}
		sr.simulation = &s.sim
		sr.simProved = opt.simProved
	}
	sr.noLengthen = opt.noLengthen
	sr.attacker = pos.SideToMove()
	if opt.RootIsDefender {
		sr.attacker = sr.attacker.Opp()
	}
	sr.sig = totalsSignature(pos)
	sr.rules = opt.Rules
	// Under tsume rules every search with a length bound runs the
	// relative futility test, where the cut is off (loops.go).
	sr.boardsOnPath = sr.inferiorFirst || sr.inferiorLoops && sr.rules != Tsume
	sr.futilityBudget = firstFutilityBudget
	if opt.futilityBudget > 0 {
		sr.futilityBudget = opt.futilityBudget
	}
	if sr.rules == Tsume {
		// Only tsume rules have results that hold for one hand.
		sr.sig ^= rulesSalt
		s.exact.size = exactCacheSlots(s.table.Capacity())
		sr.exactCache = &s.exact
	}
	if len(opt.ExcludeRootMoves) > 0 {
		sr.exclude = opt.ExcludeRootMoves
		sr.rootSalt = excludeSalt(opt.ExcludeRootMoves)
	}
	return sr
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
	s.nodes += sr.nodes
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

	res := sr.solve(opt)
	found := res.PV
	res.Nodes, res.repHits, res.exactHits, res.shortcutHits = sr.nodes, sr.repHits, sr.exactHits, sr.shortcutHits
	if twoPlySpareApplies(opt, res) {
		s.preferSpareFree(pos, opt, lim, start, &res)
	}
	if realMateApplies(opt, res) {
		s.preferRealMate(pos, opt, lim, start, &res, belowShorterDefence(found, res.PV))
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
	if plies < 0 {
		return NoMate
	}
	sr := s.newSearcher(pos, opt, lim)
	defer s.keep(sr)
	sr.relativeFutility = sr.rules == Tsume
	sr.repsOn = sr.reps != nil
	o := sr.prove(uint16(min(plies, int(maxDepth))), 0)
	switch {
	case o.proven():
		return Mate
	case o.disproven():
		return NoMate
	}
	return Unknown
}

func (s *searcher) solve(opt Options) Result {
	s.unbounded = true
	s.repsOn = s.reps != nil && !opt.NoRepetitionCacheFirstMate
	o := s.prove(maxDepth, 0)
	s.unbounded = false
	switch {
	case o.disproven():
		return Result{Status: NoMate, Shortest: true}
	case !o.proven():
		return Result{Status: Unknown, Reason: s.reason}
	}
	length := o.length
	first := Result{Lengths: []LengthFound{{int(length), time.Since(s.start), s.nodes}}}
	// From here every search has a length bound, and tsume rules test
	// drops against the node's other defences (futile_relative.go): the
	// rebuild's searches too, or the disproofs they store ("no mate within
	// k", with a futile drop counted) would be false under the rules.
	s.relativeFutility = s.rules == Tsume
	line, ok := s.principalVariation(length, length <= 1)
	if !ok {
		first.Status, first.Reason = Unknown, "could not rebuild the proven line: "+s.reason
		return first
	}
	s.bestLine = line
	shortest, retries := false, 0
	s.repsOn = s.reps != nil
	if !opt.FirstMate {
		// Prove the length: ask for a mate two plies shorter until there
		// is none. A mate found is a mate whatever the futility tests
		// said (a drop they could not decide counted as a defence), so
		// only the last search, the one that finds none, must have
		// decided all its tests: if it did not, it runs again with a
		// larger budget for them.
		failed := map[uint64]uint16{}
		for {
			if length < 2 {
				shortest = true
				break
			}
			if s.lookahead > 0 {
				s.shortenLine(line, length, failed)
			}
			s.futilityCut = false
			o := s.prove(length-2, 0)
			if o.disproven() && s.futilityCut && s.futilityBudget < maxFutilityBudget {
				// Nothing that rests on a test that ran out was kept
				// (futile_relative.go), so the search resumes from what
				// the table knows.
				retries++
				s.futilityBudget *= futilityBudgetGrowth
				continue
			}
			if o.disproven() {
				shortest = !s.futilityCut
				if !shortest {
					s.reason = "a futility test ran out of its budget, so the length may count a futile interposition"
				}
				break
			}
			if !o.proven() {
				break
			}
			length = o.length
			first.Lengths = append(first.Lengths, LengthFound{int(length), time.Since(s.start), s.nodes})
			if l, ok := s.principalVariation(length, false); ok {
				line = l
				s.bestLine = line
			}
		}
		for shortest {
			// Rebuild with the exact length: the longest defence. Its
			// futility tests decide which drops the line may show as
			// defences: one that ran out of its budget is run again with
			// a larger one, like the proof's.
			s.futilityCut = false
			l, ok := s.principalVariation(length, true)
			if ok && s.futilityCut && s.futilityBudget < maxFutilityBudget {
				retries++
				s.futilityBudget *= futilityBudgetGrowth
				continue
			}
			switch {
			case !ok:
				shortest = false
				s.reason = "could not rebuild the shortest line: " + s.reason
			case s.futilityCut:
				shortest = false
				s.reason = "a futility test ran out of its budget, so the line may show a futile interposition"
			default:
				line = l
			}
			break
		}
	}
	if !shortest {
		// The table knows most at the end: the line for the bound may
		// find longer defences in it now (lengthen.go).
		line = s.lengthenLine(line, length)
	}
	if err := s.rules.VerifyLine(s.pos, s.attacker, line); err != nil {
		first.Status, first.Reason = Unknown, "internal error, line rejected: "+err.Error()
		return first
	}
	reason := ""
	if !shortest {
		if opt.FirstMate {
			reason = "first mate found; length not minimised"
		} else {
			reason = "length is an upper bound: " + s.reason
		}
	}
	first.Status, first.PV, first.Shortest, first.Reason, first.Bound = Mate, line, shortest, reason, int(length)
	first.futilityRetries = retries
	return first
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
