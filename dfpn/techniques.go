package dfpn

// Technique is a part of the search that can be switched off or on for
// measurement. The front ends take their USI options and command-line flags
// from this one list, so a new technique is declared once.
type Technique struct {
	// Name is the USI option (a check option whose default is Default).
	Name string
	// Flag is the command-line flag; setting it flips the default (for a
	// technique on by default it turns it off, and the reverse).
	Flag string
	// Default tells whether the technique is on in the zero Options.
	Default bool
	// Doc says what the technique does, in a line.
	Doc string
	// field is the Options field; for a technique on by default it is the
	// "No..." field, so that the zero Options are the defaults.
	field func(*Options) *bool
}

// Set turns the technique on or off in o.
func (t Technique) Set(o *Options, on bool) { *t.field(o) = on != t.Default }

// On reports whether the technique is on in o.
func (t Technique) On(o Options) bool { return *t.field(&o) != t.Default }

// techniques is the list, in the order the front ends show it.
var techniques = [...]Technique{
	{"InitialEstimates", "noestimates", true, "df-pn+ initial proof and disproof numbers of a new check from the pieces that attack its square",
		func(o *Options) *bool { return &o.NoInitialEstimates }},
	{"ReplyEstimates", "replyestimates", false, "df-pn+ initial proof number of a new check: its child's number of legal replies",
		func(o *Options) *bool { return &o.ReplyEstimates }},
	{"CheckCountEstimates", "nocheckcounts", true, "in the searches with a length bound, df-pn+ initial disproof number of a defender's new reply from the attacker's checks after it",
		func(o *Options) *bool { return &o.NoCheckCountEstimates }},
	{"DepthReplyEstimates", "nodepthreplies", true, "in the searches with a length bound, a defender's new reply's initial disproof number grows with the plies left below it: times (4 + plies) / 4",
		func(o *Options) *bool { return &o.NoDepthReplyEstimates }},
	{"DepthCheckEstimates", "nodepthchecks", true, "in the searches with a length bound, a new check's initial proof number grows as the bound nears: twice at the bound, falling to once at 40 plies above it",
		func(o *Options) *bool { return &o.NoDepthCheckEstimates }},
	{"LazyDrops", "nolazydrops", true, "interposing drops on one square expanded one at a time, cheapest piece first",
		func(o *Options) *bool { return &o.NoLazyDrops }},
	{"MaxNonPromotions", "nomaxnonpromotions", true, "an attacker's pawn, bishop or rook non-promotions count in δ by max, not sum",
		func(o *Options) *bool { return &o.NoShareNonPromotions }},
	{"MaxFarDrops", "nomaxfardrops", true, "interposing drops away from the king (middle interpositions) count in pn by max, not sum",
		func(o *Options) *bool { return &o.NoShareFarDrops }},
	{"HandBounds", "nohandbounds", true, "estimates of superior (inferior) attacker hands bound a node's pn (dn) from below",
		func(o *Options) *bool { return &o.NoHandBounds }},
	{"RepetitionCache", "noreps", true, "disproofs that rest on a repetition of the path kept for that set of positions on the path",
		func(o *Options) *bool { return &o.NoRepetitionCache }},
	{"RepetitionCacheFirstMate", "norepsfirst", true, "the repetition cache in the search for the first mate as well (off: from the first mate on)",
		func(o *Options) *bool { return &o.NoRepetitionCacheFirstMate }},
	{"EstimatesByPosition", "plyestimates", true, "one estimate per position in the search for the first mate, whatever the ply it is met at (off: one per ply, as in the searches with a length bound)",
		func(o *Options) *bool { return &o.NoEstimatesByPosition }},
	{"InferiorLoops", "noinferiorloops", true, "in the searches for a shorter mate, a move back to a board on the path with no more attacker's pieces in hand loses for the attacker on this path, as a repetition does",
		func(o *Options) *bool { return &o.NoInferiorLoops }},
	{"InferiorLoopsFirstMate", "inferiorfirst", false, "in the search for the first mate as well, an attacker's move back to a board on the path with no more pieces in hand loses on this path",
		func(o *Options) *bool { return &o.InferiorLoopsFirstMate }},
	{"SiblingReprobe", "reprobe", false, "after each child's visit, read every undecided child's table entry again (off: only the visited child's numbers change during one visit of a node)",
		func(o *Options) *bool { return &o.SiblingReprobe }},
	{"EpsilonTrick", "noepsilon", true, "the 1+ε trick for the δ threshold (ε = 1/4)",
		func(o *Options) *bool { return &o.NoEpsilon }},
	{"LineShortcuts", "noshortcuts", true, "before each search for a shorter mate, look along the line for a detour a short search can cut out",
		func(o *Options) *bool { return &o.NoLineShortcuts }},
	{"TwoPlySpareRule", "notwoplyspare", true, "tsume rules: a line that ends with spare pieces gives way to one as long without them, else to a defence two plies shorter without them (2手変長駒余り)",
		func(o *Options) *bool { return &o.NoTwoPlySpare }},
	{"RealMateEnd", "norealmate", true, "tsume rules: a line that ends where the defender could still drop a futile interposition gives way to one the rules rank equal that ends in checkmate by the game's rules",
		func(o *Options) *bool { return &o.NoRealMateEnd }},
	{"DAGDetection", "dag", false, "double counting found by parent links: children whose subtrees rejoin count by max, not sum",
		func(o *Options) *bool { return &o.DAG }},
	{"HeuristicA", "noa", true, "Nagai's A: a capture of the checker that may promote counts as its promotion until proven",
		func(o *Options) *bool { return &o.NoHeuristicA }},
	{"HeuristicB", "nob", true, "Nagai's B: captures of the checker by pieces of one kind count once until proven",
		func(o *Options) *bool { return &o.NoHeuristicB }},
	{"HeuristicC", "noc", true, "Nagai's C: try first the move that answered the same move before",
		func(o *Options) *bool { return &o.NoHeuristicC }},
	{"Simulation", "nosimulation", true, "Kawano's simulation: in the search for the first mate, a drop revealed behind a proven one on the same square is first proven by replaying that one's proof",
		func(o *Options) *bool { return &o.NoSimulation }},
}

// Techniques returns the switchable techniques.
func Techniques() []Technique { return techniques[:] }
