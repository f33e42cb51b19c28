package dfpn

import (
	"fmt"
	"sync/atomic"
	"time"

	"gomate/position"
	"gomate/tt"
)

// Infinite is the proof or disproof number of a decided node (what
// Limits.RootUpdate reports for the side that lost); sums saturate one
// below it.
const Infinite = tt.Infinite

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
	// RootUpdate, if not nil, is called from the search goroutine with
	// the root's proof and disproof numbers after each pass of the root's
	// loop in the search for the first mate (the one without a length
	// bound; Ishitobi's root statistics, package rate): each time a visit
	// of a root's child returns and the children are summed up again, and
	// once more when the root is decided (pn 0 or dn 0, the other
	// Infinite or saturated at Infinite−1; under tsume rules a proof
	// that a futility test then takes back is reported too). A root decided without a pass (a mate in one, a position
	// the table already knows) reports nothing. The searches after the
	// first mate (the minimisation, the line's rebuild) report nothing.
	RootUpdate func(pn, dn uint64)
}

// Options choose what the search proves, and which techniques it uses
// (Uses, Set): the zero Options are the defaults.
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
	// Threads is how many goroutines search one problem over the shared
	// table (parallel.go); 0 and 1 mean one, the search as it always was,
	// deterministic. At most MaxThreads.
	Threads int

	// flipped are the techniques switched from their default (Uses, Set),
	// so that the zero Options have every technique at its default.
	flipped techniqueSet

	// futilityBudget, when not zero, replaces firstFutilityBudget (tests).
	futilityBudget uint64
	// realMateNodes, when not zero, replaces the node budget of the
	// search for a line ending in a real mate (realmate.go; tests).
	realMateNodes uint64
	// classUnasked makes the walks among lines of equal rank take every
	// defence mated within as many plies as maybe as long, without the
	// bounded question whether it is shorter (rankedlines.go; tests).
	classUnasked bool
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
	// Proving is, while the search proves that no mate is shorter than
	// the line, the line's length (0 otherwise); ProvenFrom is then the
	// earliest ply of PV from which that proof is complete, 0 while no
	// part of it is (frontier.go).
	Proving, ProvenFrom int
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
	// ProvenFrom, when Shortest is false, is the earliest ply of PV from
	// which the proof that no mate is shorter than Bound was complete
	// when the search stopped: from there on the attacker cannot mate
	// faster than PV's rest claims (0: no ply; see ProofNote).
	ProvenFrom int
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
	// SpareEnd, when not empty, is what the line leaves in the attacker's
	// hand after the search for a line without spare pieces ran to its
	// end and found none: no line of the rank, nor one with a defence two
	// plies shorter, leaves the hand empty.
	SpareEnd position.Hand
	// FutileEnd lists the defender's legal replies at the end of a line
	// proven under tsume rules (all of them futile interpositions), when
	// the line does not end in checkmate by the game's rules; nil when it
	// does. RealMateOpen then says why the search for a line of the same
	// rank ending in a real mate was cut short ("time", "nodes",
	// "stopped"); empty when it was complete, so that no such line exists
	// (realmate.go).
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

// SpareNote says, when the line ends with spare pieces under the
// conventions on them, whether a line without them was searched for to the
// end or cut short; "" otherwise.
func (r Result) SpareNote() string {
	switch {
	case r.SpareOpen != "":
		return "the line ends with spare pieces; the search for a line without them was cut short (" + r.SpareOpen + ")"
	case !r.SpareEnd.IsEmpty():
		return "the line ends with spare pieces (" + r.SpareEnd.String() + "): no line as long, nor one with a defence two plies shorter (2手変長), ends without them"
	}
	return ""
}

// ProofNote says, for a length that is an upper bound, how far the proof
// that no mate is shorter had come: "" when it had not reached the line.
func (r Result) ProofNote() string {
	if r.Status != Mate || r.Shortest || r.ProvenFrom == 0 {
		return ""
	}
	return fmt.Sprintf("the proof that no mate is shorter than %d plies is complete from ply %d of the line on", r.Bound, r.ProvenFrom)
}

// BoundNote says what is proven when the line is not: "" when the line is
// as long as the proven bound (or there is no mate).
func (r Result) BoundNote() string {
	if r.Status != Mate || r.Shortest || r.Bound == 0 || r.Bound == len(r.PV) {
		return ""
	}
	return fmt.Sprintf("proven: mate within %d plies, the line's defences are the longest known", r.Bound)
}

// MaxThreads is the largest Options.Threads.
const MaxThreads = 256
