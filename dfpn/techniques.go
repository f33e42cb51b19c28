package dfpn

import "strings"

// Technique is a part of the search that can be switched on or off for
// measurement. Each is declared once, in the table below; the front ends
// derive from it their USI check options (the name), their command-line
// flags (the name in lower case) and the README's rows, and Options store
// only which techniques differ from their defaults.
type Technique uint8

// The techniques, in the order the front ends show them. Each name is the
// USI option's.
const (
	InitialEstimates Technique = iota
	ReplyEstimates
	CheckCountEstimates
	DepthReplyEstimates
	DepthCheckEstimates
	LazyDrops
	MaxNonPromotions
	MaxFarDrops
	HandBounds
	RepetitionCache
	RepetitionCacheFirstMate
	EstimatesByPosition
	InferiorLoops
	InferiorLoopsFirstMate
	SiblingReprobe
	EpsilonTrick
	LineShortcuts
	TwoPlySpareRule
	RealMateEnd
	DAGDetection
	HeuristicA
	HeuristicB
	HeuristicC
	Simulation

	numTechniques
)

// technique is a row of the table.
type technique struct {
	name string
	// on is the default: whether the technique is on in the zero Options.
	on bool
	// doc says what the technique does, in a line.
	doc string
	// measured is where the measurement the default rests on is written
	// (for the rules' conventions, their definition): a file of docs/ and
	// its heading's anchor, from the repository's root.
	measured string
}

// techniques is the table, indexed by Technique. Each comment names where
// the technique lives.
var techniques = [numTechniques]technique{
	// estimate.go: estimateCheck.
	InitialEstimates: {"InitialEstimates", true,
		"df-pn+ initial proof and disproof numbers of a new check from the pieces that attack its square",
		"docs/notes/ablation.md#earlier-switches-initialestimates-replyestimates-repetitioncache-lineshortcuts"},
	// estimate.go: the reply count, the default before the square estimates.
	ReplyEstimates: {"ReplyEstimates", false,
		"df-pn+ initial proof number of a new check: its child's number of legal replies",
		"docs/notes/ablation.md#earlier-switches-initialestimates-replyestimates-repetitioncache-lineshortcuts"},
	// estimate.go: estimateReply.
	CheckCountEstimates: {"CheckCountEstimates", true,
		"in the searches with a length bound, df-pn+ initial disproof number of a defender's new reply from the attacker's checks after it",
		"docs/notes/ablation.md#checkcountestimates-a-defenders-new-reply-estimated-by-the-attackers-checks-after-it"},
	// estimate.go: estimateReply.
	DepthReplyEstimates: {"DepthReplyEstimates", true,
		"in the searches with a length bound, a defender's new reply's initial disproof number grows with the plies left below it: times (4 + plies) / 4",
		"docs/notes/ablation.md#depthreplyestimates-a-defenders-new-reply-estimated-by-the-plies-left-below-it"},
	// estimate.go: nearBoundPn.
	DepthCheckEstimates: {"DepthCheckEstimates", true,
		"in the searches with a length bound, a new check's initial proof number grows as the bound nears: twice at the bound, falling to once at 40 plies above it",
		"docs/notes/ablation.md#depthcheckestimates-a-new-check-estimated-by-how-near-the-bound-it-is"},
	// lazy.go; off, all the drops on a square count at once.
	LazyDrops: {"LazyDrops", true,
		"interposing drops on one square expanded one at a time, cheapest piece first",
		"docs/notes/zukou.md#where-the-hard-problems-nodes-go"},
	// Off, the non-promotions are summed into the node's δ like any check.
	MaxNonPromotions: {"MaxNonPromotions", true,
		"an attacker's pawn, bishop or rook non-promotions count in δ by max, not sum",
		"docs/notes/ablation.md#other-switches-maxfardrops-maxnonpromotions-handbounds"},
	// Off, the middle interpositions are summed into the node's pn.
	MaxFarDrops: {"MaxFarDrops", true,
		"interposing drops away from the king (middle interpositions) count in pn by max, not sum",
		"docs/notes/ablation.md#other-switches-maxfardrops-maxnonpromotions-handbounds"},
	// tt.Table.Probe.
	HandBounds: {"HandBounds", true,
		"estimates of superior (inferior) attacker hands bound a node's pn (dn) from below",
		"docs/notes/ablation.md#other-switches-maxfardrops-maxnonpromotions-handbounds"},
	// repcache.go; off, such a disproof is kept only for the rest of its
	// parent's visit.
	RepetitionCache: {"RepetitionCache", true,
		"disproofs that rest on a repetition of the path kept for that set of positions on the path",
		"docs/notes/ablation.md#earlier-switches-initialestimates-replyestimates-repetitioncache-lineshortcuts"},
	// repcache.go.
	RepetitionCacheFirstMate: {"RepetitionCacheFirstMate", true,
		"the repetition cache in the search for the first mate as well (off: from the first mate on)",
		"docs/notes/ablation.md#estimates-by-position-in-the-search-for-the-first-mate"},
	// frame.go, level.
	EstimatesByPosition: {"EstimatesByPosition", true,
		"one estimate per position in the search for the first mate, whatever the ply it is met at (off: one per ply, as in the searches with a length bound)",
		"docs/notes/ablation.md#estimates-by-position-in-the-search-for-the-first-mate"},
	// loops.go; off, only exact repetitions are cut.
	InferiorLoops: {"InferiorLoops", true,
		"in the searches for a shorter mate, a move back to a board on the path with no more attacker's pieces in hand loses for the attacker on this path, as a repetition does",
		"docs/notes/ablation.md#inferior-loops"},
	// loops.go.
	InferiorLoopsFirstMate: {"InferiorLoopsFirstMate", false,
		"in the search for the first mate as well, an attacker's move back to a board on the path with no more pieces in hand loses on this path",
		"docs/notes/ablation.md#inferior-loops"},
	// search.go, reprobeChildren: for the changes a transposition below
	// the child just visited may have made to its siblings' entries.
	SiblingReprobe: {"SiblingReprobe", false,
		"after each child's visit, read every undecided child's table entry again (off: only the visited child's numbers change during one visit of a node)",
		"docs/notes/speed.md#kept-no-second-reading-of-the-siblings-entries"},
	// Off, a child's δ threshold is the second-best δ plus one.
	EpsilonTrick: {"EpsilonTrick", true,
		"the 1+ε trick for the δ threshold (ε = 1/4)",
		"docs/notes/ablation.md#tried-and-not-kept"},
	// shortcut.go.
	LineShortcuts: {"LineShortcuts", true,
		"before each search for a shorter mate, look along the line for a detour a short search can cut out",
		"docs/notes/ablation.md#earlier-switches-initialestimates-replyestimates-repetitioncache-lineshortcuts"},
	// spare.go.
	TwoPlySpareRule: {"TwoPlySpareRule", true,
		"tsume rules: a line that ends with spare pieces gives way to one as long without them, else to a defence two plies shorter without them (2手変長駒余り)",
		"docs/rules.md#spare-pieces-駒余り"},
	// realmate.go.
	RealMateEnd: {"RealMateEnd", true,
		"tsume rules: a line that ends where the defender could still drop a futile interposition gives way to one the rules rank equal that ends in checkmate by the game's rules",
		"docs/rules.md#lines-that-end-in-a-real-mate-realmateend"},
	// dag.go.
	DAGDetection: {"DAGDetection", false,
		"double counting found by parent links: children whose subtrees rejoin count by max, not sum",
		"docs/notes/ablation.md#nagais-heuristics-and-dag-detection"},
	// lazy.go.
	HeuristicA: {"HeuristicA", true,
		"Nagai's A: a capture of the checker that may promote counts as its promotion until proven",
		"docs/notes/ablation.md#heuristic-a-on-by-default"},
	// lazy.go.
	HeuristicB: {"HeuristicB", true,
		"Nagai's B: captures of the checker by pieces of one kind count once until proven",
		"docs/notes/ablation.md#nagais-heuristics-and-dag-detection"},
	// answers.go.
	HeuristicC: {"HeuristicC", true,
		"Nagai's C: try first the move that answered the same move before",
		"docs/notes/ablation.md#heuristic-c-on-by-default"},
	// simulate.go.
	Simulation: {"Simulation", true,
		"Kawano's simulation: in the search for the first mate, a drop revealed behind a proven one on the same square is first proven by replaying that one's proof",
		"docs/notes/ablation.md#simulation-kawanos-simulation-for-interposing-drops"},
}

// String is the technique's name: its USI option.
func (t Technique) String() string { return techniques[t].name }

// Default tells whether the technique is on in the zero Options.
func (t Technique) Default() bool { return techniques[t].on }

// Doc says what the technique does, in a line.
func (t Technique) Doc() string { return techniques[t].doc }

// Measured is where the measurement the default rests on is written (for
// the rules' conventions, their definition): a Markdown file and anchor,
// from the repository's root.
func (t Technique) Measured() string { return techniques[t].measured }

// Techniques returns every technique, in the table's order.
func Techniques() []Technique {
	ts := make([]Technique, numTechniques)
	for i := range ts {
		ts[i] = Technique(i)
	}
	return ts
}

// TechniqueByName finds a technique by its name, in any case.
func TechniqueByName(name string) (Technique, bool) {
	for t := range numTechniques {
		if strings.EqualFold(name, t.String()) {
			return t, true
		}
	}
	return 0, false
}

// techniqueSet is a set of techniques, a bit each.
type techniqueSet uint32

// Uses reports whether the technique t is on in o.
func (o Options) Uses(t Technique) bool {
	return o.flipped&(1<<t) != 0 != t.Default()
}

// Set turns the technique t on or off in o.
func (o *Options) Set(t Technique, on bool) {
	if on != t.Default() {
		o.flipped |= 1 << t
	} else {
		o.flipped &^= 1 << t
	}
}

// With is o with the technique t turned on or off, for literals:
// Options{Rules: Strict}.With(LazyDrops, false).
func (o Options) With(t Technique, on bool) Options {
	o.Set(t, on)
	return o
}
