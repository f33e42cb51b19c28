package dfpn

import (
	"fmt"
	"sync/atomic"
	"time"

	"gomate/position"
)

// Status is the outcome of a search.
type Status int

const (
	// Unknown: a limit (time, nodes, memory) or a stop ended the search
	// before the answer was proven.
	Unknown Status = iota
	// Mate: the attacker mates; Result.PV holds the line.
	Mate
	// NoMate: proven that the attacker has no mate.
	NoMate
)

func (s Status) String() string {
	switch s {
	case Mate:
		return "mate"
	case NoMate:
		return "nomate"
	}
	return "unknown"
}

// Limits bound one search. Zero values mean "no limit".
type Limits struct {
	Nodes uint64        // stop after about this many nodes
	Time  time.Duration // stop after about this long
	// Stop, when set by another goroutine, ends the search as soon as it
	// is seen (every few thousand nodes).
	Stop *atomic.Bool
	// Progress, if not nil, is called from the search goroutine at most
	// once per ProgressInterval (default 1 s) with the search's state.
	Progress         func(Info)
	ProgressInterval time.Duration
}

// Options choose what the search proves.
type Options struct {
	// RootIsDefender makes the side to move the defender: the search then
	// proves that every reply of the side to move is mated, and the line
	// starts with the longest defence.
	RootIsDefender bool
	// FirstMate stops at the first proven mate without working on the
	// shortest length (Result.Shortest is then false).
	FirstMate bool
	// Rules choose which defences count: Tsume (the zero value, the
	// default) leaves out futile interpositions, Strict counts every
	// legal evasion.
	Rules Rules
	// ExcludeRootMoves are attacker's moves at the root that the search
	// does not consider: with them, Solve looks for another mate (the
	// alternatives of MultiPV and of a composition check).
	ExcludeRootMoves []position.Move

	// Techniques, each on by default and switchable for measurement.

	// NoInitialEstimates turns off the df-pn+ estimates of a new check's
	// proof and disproof numbers from the pieces on its target square
	// (estimate.go); new children then start at 1 and 1.
	NoInitialEstimates bool
	// ReplyEstimates estimates a new check's proof number by its child's
	// number of legal replies (estimate.go; off by default).
	ReplyEstimates bool
	// NoCheckCountEstimates turns off the estimate of a defender's new
	// reply, in the searches with a length bound, by the number of checks
	// the attacker has after it (estimate.go).
	NoCheckCountEstimates bool
	// NoDepthReplyEstimates turns off the growth of a defender's new
	// reply's estimated disproof number with the plies left below it, in
	// the searches with a length bound (estimate.go).
	NoDepthReplyEstimates bool
	// NoDepthCheckEstimates turns off the growth of a new check's
	// estimated proof number as the length bound nears, in the searches
	// with a length bound (estimate.go).
	NoDepthCheckEstimates bool
	// NoLazyDrops turns off the lazy expansion of interposing drops (all
	// drops on a square count at once instead of the cheapest first).
	NoLazyDrops bool
	// NoShareNonPromotions turns off the counting of an attacker's
	// non-promotions (pawn, bishop, rook) by max: they are then summed into
	// the node's δ like any other check.
	NoShareNonPromotions bool
	// NoShareFarDrops turns off the counting of interposing drops away
	// from the king (middle interpositions) by max: they are then summed
	// into the node's proof number like any other reply.
	NoShareFarDrops bool
	// NoHandBounds turns off the use of the estimates stored for other
	// attacker hands as bounds on a node's (tt.Table.Probe).
	NoHandBounds bool
	// NoRepetitionCache turns off the repetition cache (repcache.go): a
	// disproof that rests on a repetition of the path is then kept only
	// for the rest of its parent's visit.
	NoRepetitionCache bool
	// NoRepetitionCacheFirstMate keeps the repetition cache out of the
	// search for the first mate: it is then used from the first mate on.
	NoRepetitionCacheFirstMate bool
	// NoEstimatesByPosition keeps the estimates of the search for the
	// first mate by ply, as the searches with a length bound keep theirs,
	// instead of one per position and hand (frame.go, level).
	NoEstimatesByPosition bool
	// NoInferiorLoops turns off the cut of moves back to a board on the
	// path with no more attacker's pieces in hand (loops.go) in the
	// searches with a length bound: only exact repetitions are then cut.
	NoInferiorLoops bool
	// InferiorLoopsFirstMate cuts the attacker's such moves in the search
	// for the first mate as well (loops.go).
	InferiorLoopsFirstMate bool
	// SiblingReprobe turns on a second reading of the children's table
	// entries at each pass of a node's loop (search.go), for the changes
	// a transposition below the child just visited may have made. Off
	// (the default), only the child just visited is updated, from what
	// its visit returned, and the others keep the numbers read when the
	// node was expanded until the node's next visit: about a tenth faster
	// (docs/speed.md).
	SiblingReprobe bool
	// NoEpsilon turns off the 1+ε trick: a child's δ threshold is then
	// the second-best δ plus one instead of a quarter more.
	NoEpsilon bool
	// NoLineShortcuts turns off the search for shortcuts along the line
	// before each search for a shorter mate (shortcut.go).
	NoLineShortcuts bool
	// DAG turns on the detection of double counting (dag.go): where two
	// paths of the search rejoin, the node where they split counts the two
	// children by max instead of sum. Off by default: on our suites it has
	// not paid for itself (docs/ablation.md).
	DAG bool
	// NoHeuristicA turns off Nagai's A: when the defender can capture the
	// checking piece with or without promotion, count only the promotion
	// until it is proven. On by default since it was measured with C on
	// and the estimates by position: it cuts 乱's first mate to 0.66 of
	// the nodes, Shogi Zukou's first mates to 0.95, and costs Microcosmos'
	// first mate 1.09 times (docs/ablation.md, "Heuristic A on by
	// default").
	NoHeuristicA bool
	// NoHeuristicB turns off Nagai's B: when several pieces of one kind
	// can capture the checking piece, count one capture until it is
	// proven. On by default: it halves the nodes of the long problems and
	// leaves Shogi Zukou unchanged (docs/ablation.md).
	NoHeuristicB bool
	// NoHeuristicC turns off Nagai's C: remember the move that proved an
	// attacker's node or disproved a defender's, keyed by the opponent's
	// previous move, and try it first among equals. On by default since
	// the estimates by position: it cuts the nodes of every suite we
	// measure (docs/ablation.md, "Heuristic C on by default").
	NoHeuristicC bool
	// NoSimulation turns off Kawano's simulation (simulate.go): in the
	// search for the first mate, a defender's drop revealed behind a
	// proven one on the same square is first proven by replaying that
	// one's proof.
	NoSimulation bool

	// NoTwoPlySpare turns off the conventions of tsume rules on spare
	// pieces (spare.go): by default, when the line ends with spare
	// pieces, it changes to one as long that leaves none (the attacker's
	// other mates as short, the defender's equally long defences), else,
	// where the longest defence leaves spare pieces and a defence two
	// plies shorter leaves none, to the shorter one (2手変長).
	NoTwoPlySpare bool
	// NoRealMateEnd turns off the preference of tsume rules for lines
	// that end in checkmate by the game's rules (realmate.go): by
	// default, when the line ends where the defender could still drop a
	// futile interposition, it changes to a line the rules rank equal
	// (as long, no more spare pieces) that ends in a real mate, if there
	// is one.
	NoRealMateEnd bool

	// futilityBudget, when not zero, replaces firstFutilityBudget (tests).
	futilityBudget uint64
	// realMateNodes, when not zero, replaces the node budget of the
	// search for a line ending in a real mate (realmate.go; tests).
	realMateNodes uint64
	// shortcutHorizon, when not zero, replaces shortcutHorizon (tests).
	shortcutHorizon int
	// noLengthen leaves the line built for a bound that is not exact as
	// the table's records make it (lengthen.go; tests).
	noLengthen bool
	// simProved, when not nil, is told of each reply the simulation
	// proves: the position after it, the mate length and the proof hand
	// (tests).
	simProved func(pos *position.Position, length uint16, hand position.Hand)
}

// Info is a progress report.
type Info struct {
	Nodes    uint64
	Elapsed  time.Duration
	Hashfull int             // permille of the table in use
	PV       []position.Move // the best known mating line, nil if none yet
}

// LengthFound is a mate found during a search: its length and when.
type LengthFound struct {
	Plies   int
	Elapsed time.Duration
	Nodes   uint64
}

// Result is the answer of a search.
type Result struct {
	Status Status
	// PV is the mating line from the root (attacker's move first, or the
	// defender's when RootIsDefender), verified legal and ending in mate.
	PV []position.Move
	// Shortest reports that no shorter mate exists against the longest
	// defence (strict rules); false when a limit cut the minimisation.
	Shortest bool
	Nodes    uint64
	Elapsed  time.Duration
	// Bound is the proven length when Status is Mate: the attacker mates
	// within Bound plies against every defence. When Shortest is false, PV
	// may be shorter than Bound (its defences are only the longest the
	// table knew), and only Bound is proven.
	Bound int
	// Lengths lists the mates found, the first (before the length was
	// minimised) and each shorter one after it, with when they were found:
	// how the length came down.
	Lengths []LengthFound
	// Reason says why the status is Unknown ("time", "nodes", "stopped",
	// "memory") or why a line is not proven shortest; empty otherwise.
	Reason string

	// LineNotes say where the line leaves the longest defence for the
	// conventions on spare pieces (spare.go), one note each.
	LineNotes []string
	// SpareOpen, when not empty, says why the search for a line without
	// spare pieces was cut short ("time", "nodes", ...): PV is then the
	// longest defence, which leaves spare pieces.
	SpareOpen string
	// FutileEnd lists the defender's legal replies at the end of a line
	// proven under tsume rules (all of them futile interpositions), when
	// the line does not end in checkmate by the game's rules; nil when it
	// does. RealMateOpen then says why the search for a line of the same
	// rank ending in a real mate was cut short ("time", "nodes", "too
	// many lines", ...); empty when it was complete, so that no such line
	// exists (realmate.go).
	FutileEnd    []position.Move
	RealMateOpen string

	// futilityRetries counts the searches for a shorter mate run again
	// with a larger budget for their futility tests (tests).
	futilityRetries int
	// repHits counts the answers of the repetition cache (tests).
	repHits uint64
	// exactHits counts the answers of the exact cache (tests).
	exactHits uint64
	// shortcutHits counts the shortcuts along the line that took the
	// length down (shortcut.go; tests).
	shortcutHits uint64
}

// FirstMate is the first proven mate, before the length was minimised
// (Lengths[0]; the zero value if there is none).
func (r Result) FirstMate() LengthFound {
	if len(r.Lengths) == 0 {
		return LengthFound{}
	}
	return r.Lengths[0]
}

// FutileEndNote says, when the line ends where the defender could still
// drop a futile interposition (FutileEnd), which drops are left and
// whether a line of the same rank ending in checkmate by the game's rules
// was proven not to exist or not looked for to the end; "" otherwise.
func (r Result) FutileEndNote() string {
	if len(r.FutileEnd) == 0 {
		return ""
	}
	why := "no line as long ends in checkmate by the game's rules"
	if r.RealMateOpen != "" {
		why = "the search for a line as long that ends in checkmate was cut short (" + r.RealMateOpen + ")"
	}
	return "the line ends in mate by tsume rules only: the defender can still play " +
		position.LineString(r.FutileEnd) + " (futile interpositions); " + why
}

// BoundNote says what is proven when the line is not: "" when the line is
// as long as the proven bound (or there is no mate).
func (r Result) BoundNote() string {
	if r.Status != Mate || r.Shortest || r.Bound == 0 || r.Bound == len(r.PV) {
		return ""
	}
	return fmt.Sprintf("proven: mate within %d plies, the line's defences are the longest known", r.Bound)
}
