package dfpn

import (
	"sync"
	"sync/atomic"

	"gomate/position"
)

// The parallel search (Options.Threads > 1). Every thread runs df-pn from
// the same root over the one shared table, as in Kaneko's SPDFPN
// (docs/threads.md says why this one of the published methods): the
// thread that Solve runs on (the main thread) and Threads−1 helpers. What
// one thread proves, disproves or estimates, the others read from the
// table; the side caches (exact and repetition) are shared too, under
// locks; Nagai's C, the simulations' scratch space, the path and the
// frames are each thread's own.
//
// So that the threads do not all walk the same path, each helper adds
// virtual numbers to the children that other threads are searching
// (busyTable): a child with n threads below it looks n·(1 + x/4) harder
// to prove and to disprove (x its number), so a helper that comes to a
// node another thread is in takes another child unless the busy one is
// far the best. The main thread takes no virtual numbers: it walks the
// path one thread would, and the helpers prove and disprove around it
// what it will need (docs/threads.md#what-was-measured: the main thread
// turned aside by the helpers took several times the nodes on Astral
// Traveler). Virtual numbers only order the search: what is proven or
// disproven never rests on them, as on no estimate.
//
// A thread that comes back from a child reads its node's table entry
// (decidedByOthers): when another thread has decided the node meanwhile,
// it returns that at once.
//
// Only the searches that take long run in parallel: the search for the
// first mate, the minimisation's searches for a shorter mate, and the
// bounded questions after the proof (MateWithinBy: on a long problem the
// walk for a line without spare pieces asks for length proofs of every
// equally long defence). The line's rebuild, the shortcuts along it and
// the futility tests inside each thread run on that thread alone, over
// the table the parallel searches filled.
//
// The search ends when a thread decides the root or the main thread stops
// (a limit, a stop): the deciding thread sets done, every other thread
// sees it at its next poll and returns as a stopped search returns,
// keeping what it had (abort), and the main thread takes the root's
// outcome from the thread that decided it.

// team is what the threads of one Solve share.
type team struct {
	helpers []*searcher
	busy    busyTable
	// nodes counts the helpers' nodes, added at their polls; the main
	// thread's limits and reports count them with its own.
	nodes atomic.Uint64
	// done ends the running parallel search: a thread decided the root,
	// or the main thread returned.
	done atomic.Bool
	// mu guards what a helper that decided the root leaves: its outcome.
	mu      sync.Mutex
	decided bool
	outcome outcome
	// rootWin is a helper's rootWin: the move of a proof of the root it
	// made (the thread that decides the root may have read that proof
	// from the table, and name none).
	rootWin position.Move
}

// newTeam gives main its team: threads−1 helpers, searchers that share
// its table and side caches and copy its settings (syncHelper), each on
// a copy of main's position.
func newTeam(main *searcher, threads int) {
	t := &team{busy: newBusyTable(threads)}
	for range threads - 1 {
		h := &searcher{
			pos: main.pos.Clone(), table: main.table, attacker: main.attacker, rules: main.rules, sig: main.sig,
			exclude: main.exclude, rootSalt: main.rootSalt,
			progress:  newProgress(Limits{}),
			switches:  main.switches,
			futility:  main.futility,
			threading: threading{team: t, isHelper: true, parallel: true},
		}
		h.caches = caches{exactCache: main.exactCache, reps: main.reps}
		if main.answers != nil {
			h.answers = &answerTable{}
		}
		if main.simulation != nil {
			h.simulation = &simState{proven: main.pos.Clone()}
		}
		t.helpers = append(t.helpers, h)
	}
	main.team = t
}

// startTeam gives sr a team of threads threads (none for one) over the
// solver's caches, shared while it lasts, and returns what ends it.
func (s *Solver) startTeam(sr *searcher, threads int) (end func()) {
	if threads <= 1 {
		return func() {}
	}
	s.shareCaches(sr, true)
	newTeam(sr, min(threads, MaxThreads))
	return func() { s.shareCaches(sr, false) }
}

// proveAll is prove(depth, 0) run by every thread of the team (by the
// main thread alone without one): the root's outcome, decided by
// whichever thread decided it, or undecided when the main thread stopped.
func (s *searcher) proveAll(depth uint16) outcome {
	t := s.team
	if t == nil {
		return s.prove(depth, 0)
	}
	s.table.SetThreads(len(t.helpers) + 1)
	defer s.table.SetThreads(1)
	s.parallel = true
	defer func() { s.parallel = false }()
	t.done.Store(false)
	t.decided, t.rootWin = false, position.NoMove
	var wg sync.WaitGroup
	for _, h := range t.helpers {
		h.syncHelper(s)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.help(depth)
		}()
	}
	o := s.prove(depth, 0)
	t.done.Store(true)
	wg.Wait()
	if s.rootWin == position.NoMove {
		s.rootWin = t.rootWin
	}
	// The main thread's searches between two parallel ones run alone:
	// nothing must abort them.
	t.done.Store(false)
	if s.aborted {
		// A helper decided the root: its outcome is the answer. Whether
		// it rests on a futility test that ran out is in it (cut), as in
		// the main thread's own: what a thread decided with such a test
		// is in no table or cache (decide.go).
		o = t.outcome
		s.resume()
	}
	return o
}

// syncHelper readies helper h for a parallel search of main's root: the
// phase and the futility settings main searches with now, an empty path.
func (h *searcher) syncHelper(main *searcher) {
	h.stopped, h.aborted, h.reason, h.rootWin = false, false, "", position.NoMove
	h.phase, h.futility = main.phase, main.futility
	h.futilityCut, h.futilityLocal = false, returns{}
	h.lim.Stop = main.lim.Stop
	h.path.reset()
	h.tablePath.reset()
}

// help is a helper's part of proveAll: the root searched until a thread
// decides it or the main thread returns.
func (h *searcher) help(depth uint16) {
	o := h.prove(depth, 0)
	h.flushNodes()
	t := h.team
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rootWin == position.NoMove {
		t.rootWin = h.rootWin
	}
	if (o.proven() || o.disproven()) && !t.decided && !t.done.Load() {
		t.decided, t.outcome = true, o
		t.done.Store(true)
	}
}

// threading is a thread's part in a parallel search.
type threading struct {
	team     *team // nil: the search runs on one thread
	isHelper bool  // a helper, not the main thread
	// parallel tells that the thread is in a parallel search now: always
	// for a helper, within proveAll for the main thread. Between the
	// parallel searches the main thread searches alone (the line's
	// rebuild, the tests along it): it then counts itself into no node and
	// reads no decision of others (decidedByOthers), which would return a
	// node's own table entry to the rebuild where it searches the node
	// again to put its children's lost proofs back (pickAttack).
	parallel bool
	flushed  uint64 // the nodes a helper has handed to the team
	// aborted tells a stop by abort.
	aborted bool
}

// decidedByOthers tells, after a visit of a child of the node in frame f,
// whether another thread has decided the node meanwhile: its table entry
// says so. The thread then returns the result at once instead of
// searching on below a node that needs no more work (one probe of a
// cluster the visit has mostly kept in the cache).
func (s *searcher) decidedByOthers(f *frame) (outcome, bool) {
	r := s.table.ProbeFrom(f.key, f.hand, f.depth, s.level(f.ply), s.startLevel(f.ply))
	return decidedOutcome(r, fromTable)
}

// totalNodes is the nodes of every thread of the search.
func (s *searcher) totalNodes() uint64 {
	if s.team == nil {
		return s.nodes
	}
	return s.nodes + s.team.nodes.Load()
}

// flushNodes hands a helper's nodes to the team's count, at its full
// polls and when it returns: one write of the shared count every
// pollInterval nodes, not one per node.
func (s *searcher) flushNodes() {
	s.team.nodes.Add(s.nodes - s.flushed)
	s.flushed = s.nodes
}

// abort ends the thread's part of a parallel search as a stop ends a
// search (every test and sub-search returns undecided, nothing resting on
// them is stored), without a stop's reason: resume takes it back.
func (s *searcher) abort() {
	if !s.stopped {
		s.stopped, s.aborted = true, true
	}
}

// resume takes an abort back.
func (s *searcher) resume() {
	if s.aborted {
		s.stopped, s.aborted = false, false
	}
}

// busyTable counts the threads searching each node, for the virtual
// numbers: a counter per slot of a small array, the slot picked by the
// node's key and hand. Two nodes that share a slot share a count, which
// only orders the search differently.
type busyTable struct{ slots []atomic.Int32 }

// newBusyTable sizes the counters for threads threads: the paths of all
// of them fit many times over.
func newBusyTable(threads int) busyTable {
	n := 1 << 12
	for n < threads*4096 && n < 1<<20 {
		n <<= 1
	}
	return busyTable{slots: make([]atomic.Int32, n)}
}

func (b *busyTable) slot(key uint64, h position.Hand) *atomic.Int32 {
	x := mix64(key ^ uint64(h)*0x9E3779B97F4A7C15)
	return &b.slots[x&uint64(len(b.slots)-1)]
}

// enter and leave count a thread into and out of a node.
func (b *busyTable) enter(key uint64, h position.Hand) { b.slot(key, h).Add(1) }
func (b *busyTable) leave(key uint64, h position.Hand) { b.slot(key, h).Add(-1) }

// count is the number of threads searching the node.
func (b *busyTable) count(key uint64, h position.Hand) int32 { return b.slot(key, h).Load() }

// virtual is the number x of a child that n other threads are searching
// as this thread sees it: larger by n·(1 + x/4), so that a busy child
// loses to its siblings within a quarter of its number (the 1+ε trick's
// margin). Decided numbers stay.
func virtual(x uint64, n int32) uint64 {
	if x == 0 || x >= inf-1 {
		return x
	}
	return addSat(x, uint64(n)*(1+x/4))
}
