package dfpn

import (
	"time"

	"gomate/position"
	"gomate/tt"
)

// inf is the proof or disproof number of a decided node.
const inf = tt.Infinite

// maxDepth is the depth of a search without a length bound.
const maxDepth = tt.Unlimited - 1

// searcher is the state of one search: what it searches (the fields
// below), and its parts, each a struct embedded by value (no indirection
// on the hot path).
type searcher struct {
	pos      *position.Position
	table    *tt.Table
	attacker position.Color
	rules    Rules           // which defences count
	sig      uint64          // mixed into every key: which pieces exist in total
	exclude  []position.Move // attacker's moves left out at the root
	rootSalt uint64          // mixed into the root's key when exclude is not empty
	// rootWin is the attacker's move that the root's proof rests on,
	// when an attacker's root was decided by its moves (win); NoMove
	// otherwise.
	rootWin position.Move

	progress    // the nodes, the limits and the progress reports
	switches    // the techniques on or off, fixed for the search
	phase       // which of Solve's searches is running
	futility    // the tests of relative futility
	caches      // the side caches beside the table
	lengthProof // the running length proof, for the progress (frontier.go)
	threading   // the thread's part in a parallel search (parallel.go)
	stack       // the path: its positions and a frame per node on it
	stats       // counts for the tests
}

// progress is how far the search has gone and when it must stop.
type progress struct {
	nodes    uint64
	nextPoll uint64 // the node count of the next poll
	// nextFullPoll is the node count from which a poll checks the node
	// limit, reports progress and collects garbage.
	nextFullPoll uint64
	// budgetEnd, when not zero, is the node count at which the budget of
	// the innermost budgeted search (proveBudget) runs out.
	budgetEnd uint64
	stopped   bool
	reason    string // why the search stopped, or why a length is not proven
	start     time.Time
	lim       Limits
	lastInfo  time.Time       // when progress was last reported
	bestLine  []position.Move // the best verified line so far, for progress
}

// newProgress is the progress of a search starting now under lim.
func newProgress(lim Limits) progress {
	start := time.Now()
	return progress{lim: lim, start: start, lastInfo: start, nextPoll: clockInterval, nextFullPoll: pollInterval}
}

// switches are the techniques a search uses (Options), fixed for its
// duration.
type switches struct {
	estimates bool // df-pn+ initial numbers for new checks (estimate.go)
	// replyEstimates: a new check's pn is its child's number of replies.
	replyEstimates bool
	// checkCounts: in the searches with a length bound, a defender's new
	// reply's dn grows with the attacker's checks after it.
	checkCounts bool
	// depthReplies: in the searches with a length bound, a defender's new
	// reply's dn grows with the plies left below it.
	depthReplies bool
	// depthChecks: in the searches with a length bound, a new check's pn
	// grows as the bound nears.
	depthChecks bool
	// estimatesByPosition: the search for the first mate keeps one
	// estimate per position and hand, whatever the ply it is met at
	// (level); the searches with a length bound keep them by ply.
	estimatesByPosition bool
	lazyDrops           bool // expand drops on one square one at a time
	heurA               bool // Nagai's A: a capture's non-promotion waits for its promotion
	heurB               bool // Nagai's B: captures of the checker by alike pieces count once
	// shareNonPromotions counts an attacker's non-promotions by max
	// (lazy.go).
	shareNonPromotions bool
	// shareFarDrops counts middle interpositions by max (lazy.go).
	shareFarDrops bool
	dag           bool // double-count detection (dag.go)
	epsilon       bool // the 1+ε trick for the δ threshold
	reprobe       bool // read the undecided children again between passes
	// inferiorLoops: a move back to a board on the path with no more
	// attacker's pieces in hand counts as a repetition (loops.go), in
	// the searches with a length bound; inferiorFirst: an attacker's
	// such move in the search for the first mate too.
	inferiorLoops, inferiorFirst bool
	// boardsOnPath: the path keeps its positions by board too, because
	// some search of this searcher may cut inferior positions.
	boardsOnPath bool
	// repsFirstMate: the repetition cache serves the search for the first
	// mate too, not only the searches after it (repcache.go).
	repsFirstMate bool
	// lookahead is the horizon of the shortcut searches Solve makes along
	// the line before each search for a shorter mate, in plies below their
	// node (shortcut.go; 0: none are made).
	lookahead  int
	noLengthen bool // Options.noLengthen
}

// switchesOf reads the switches from opt.
func switchesOf(opt Options) switches {
	sw := switches{
		estimates:           opt.Uses(InitialEstimates),
		replyEstimates:      opt.Uses(ReplyEstimates),
		checkCounts:         opt.Uses(CheckCountEstimates),
		depthReplies:        opt.Uses(DepthReplyEstimates),
		depthChecks:         opt.Uses(DepthCheckEstimates),
		estimatesByPosition: opt.Uses(EstimatesByPosition),
		lazyDrops:           opt.Uses(LazyDrops),
		heurA:               opt.Uses(HeuristicA),
		heurB:               opt.Uses(HeuristicB),
		shareNonPromotions:  opt.Uses(MaxNonPromotions),
		shareFarDrops:       opt.Uses(MaxFarDrops),
		dag:                 opt.Uses(DAGDetection),
		epsilon:             opt.Uses(EpsilonTrick),
		reprobe:             opt.Uses(SiblingReprobe),
		inferiorLoops:       opt.Uses(InferiorLoops),
		inferiorFirst:       opt.Uses(InferiorLoopsFirstMate),
		repsFirstMate:       opt.Uses(RepetitionCacheFirstMate),
		noLengthen:          opt.noLengthen,
	}
	// Under tsume rules every search with a length bound runs the
	// relative futility test, where the cut is off (loops.go).
	sw.boardsOnPath = sw.inferiorFirst || sw.inferiorLoops && opt.Rules != Tsume
	switch {
	case !opt.Uses(LineShortcuts):
	case opt.shortcutHorizon > 0:
		sw.lookahead = opt.shortcutHorizon
	default:
		sw.lookahead = shortcutHorizon
	}
	return sw
}

// phase tells which of Solve's searches is running: they differ in what
// counts as a repetition, where estimates are kept and which caches and
// tests are in use.
type phase struct {
	// unbounded: the search for the first mate, with no length bound, is
	// running.
	unbounded bool
	// repsOn: the repetition cache is in use (repcache.go): from the
	// first mate on, and in the search for the first mate too with
	// repsFirstMate.
	repsOn bool
	// tableOnly makes the line's rebuild (walk) use the table alone:
	// what it does not know is undecided, never searched (lengthen.go).
	tableOnly bool
	// horizon, when not zero, is the ply below which the running shortcut
	// search takes only what the table decides (shortcut.go).
	horizon int
}

// futility is the state of the tests of relative futility
// (futile_relative.go).
type futility struct {
	// relativeFutility turns the test of drops against the node's other
	// defences on (tsume rules, once the search has a length bound).
	relativeFutility bool
	// futilityBudget is the nodes each test search may use; it grows when
	// Solve runs a search again whose tests ran out (futilityRetries
	// counts those runs).
	futilityBudget  uint64
	futilityRetries int
	// futilityCut records that a futility test ran out of its budget.
	futilityCut bool
	// futilityLocal records that a futility test's answer rested on a
	// result that holds on the current path only, and where on the path
	// it becomes a fact.
	futilityLocal returns
}

// caches are the searcher's side caches and scratch spaces beside the
// table; a nil one is off.
type caches struct {
	// exactCache holds results valid for their exact hand only (nil under
	// strict rules, which have none).
	exactCache *exactCache
	// reps holds the results that rest on a repetition of the path (nil
	// without RepetitionCache).
	reps    *repCache
	answers *answerTable // Nagai's C: the move that answered a move
	// simulation is the simulations' scratch space (simulate.go);
	// simProved is Options.simProved.
	simulation *simState
	simProved  func(*position.Position, uint16, position.Hand)
}

// stack is the current path of the search: a frame per node on it (the
// node's children), the set of its positions for the repetition checks
// (loops.go) and of its table keys for the double-count detection
// (dag.go), and the move list of the node being expanded.
type stack struct {
	frames    []*frame
	path      pathSet
	tablePath pathSet
	// sparePath holds the path while the line's rebuild searches off it
	// (offPath in pv.go); in between it keeps its storage.
	sparePath pathSet
	moves     [position.MaxMoves]position.Move
}

// stats counts what some techniques did, for the tests.
type stats struct {
	simulations, simProofs uint64 // simulations run, and those that proved their reply
	repHits                uint64 // answers of the repetition cache
	exactHits              uint64 // answers of the exact cache
	shortcutHits           uint64 // shortcuts that took the root's length down
	sharedMarks            uint64 // splits found by the double-count detection
}

// The search polls its limits every clockInterval nodes: the clock and
// the stop flag then, the node limit, progress reports and the table's
// garbage collection every pollInterval nodes. A node takes microseconds,
// but milliseconds while the pages of a fresh table are faulted in from a
// host that has to find memory for them (a VM that gave its free memory
// back), and pollInterval such nodes would overrun a time limit or a stop
// by seconds. Reading the clock every clockInterval nodes costs a small
// part of a node's time
// (docs/notes/speed.md#kept-readyok-at-once-the-table-faulted-in-in-the-background).
const (
	clockInterval = 32
	pollInterval  = 1024
)

func addSat(a, b uint64) uint64 {
	if s := a + b; s < inf {
		return s
	}
	return inf - 1
}

func depthPlus1(d uint16) uint16 {
	if d >= maxDepth {
		return d
	}
	return d + 1
}

func (s *searcher) key() uint64 { return s.keyOf(s.pos) }

// keyOf is the table key of p, a position of this search's problem.
func (s *searcher) keyOf(p *position.Position) uint64 { return p.BoardKey() ^ s.sig }

// nodeKey is the table key of the node at ply: the root's key differs when
// some of its moves are excluded, since its answer then differs too.
func (s *searcher) nodeKey(ply int) uint64 {
	if ply == 0 {
		return s.key() ^ s.rootSalt
	}
	return s.key()
}

// countNode counts a node and polls the limits when it is time to
// (poll).
func (s *searcher) countNode() {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
}

// poll checks the stop flag and the time limit; from nextFullPoll on it
// also checks the node limit, reports progress and collects garbage. It
// runs every clockInterval nodes, and at the first node from nextFullPoll
// on, so that the node limit is checked at the same nodes as if the
// search polled only every pollInterval nodes.
func (s *searcher) poll() {
	if s.team != nil && s.team.done.Load() {
		s.abort() // the parallel search is over (parallel.go)
	}
	if s.lim.Stop != nil && s.lim.Stop.Load() {
		s.stop("stopped")
	}
	now := time.Now()
	if s.lim.Time > 0 && now.Sub(s.start) >= s.lim.Time {
		s.stop("time")
	}
	if s.nodes < s.nextFullPoll {
		s.nextPoll = min(s.nodes+clockInterval, s.nextFullPoll)
		return
	}
	s.nextFullPoll = s.nodes + pollInterval
	s.nextPoll = min(s.nodes+clockInterval, s.nextFullPoll)
	if s.isHelper {
		s.flushNodes()
	}
	if s.lim.Nodes > 0 && s.totalNodes() >= s.lim.Nodes {
		s.stop("nodes")
	}
	if s.lim.Progress != nil {
		iv := s.lim.ProgressInterval
		if iv <= 0 {
			iv = time.Second
		}
		if now.Sub(s.lastInfo) >= iv {
			s.lastInfo = now
			info := Info{Nodes: s.totalNodes(), Elapsed: now.Sub(s.start), Hashfull: s.table.Hashfull(), PV: s.bestLine}
			if s.proofRoot != nil {
				info.Proving, info.ProvenFrom = int(s.proving), s.provenFrom(s.proofRoot, s.bestLine, s.proving)
			}
			s.lim.Progress(info)
		}
	}
	if s.table.Hashfull() >= 900 {
		s.table.CollectGarbage(500)
	}
}

func (s *searcher) stop(reason string) {
	if !s.stopped || s.aborted {
		s.stopped, s.aborted, s.reason = true, false, reason
	}
}

// amountSince is the work done since startNodes, as a table amount: the
// node itself counts, and the count saturates.
func (s *searcher) amountSince(startNodes uint64) uint32 {
	return uint32(min(s.nodes-startNodes+1, 1<<32-1))
}
