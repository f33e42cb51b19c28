package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"gomate/dfpn"
	"gomate/generate"
)

const generateUsage = `
Makes sound tsume problems of exactly -plies plies, by one of three
methods (-method; see generate/doc.go):

  reverse (the default, 逆算法): from a random mate position, retract the
  attacker's last move, then a defender's and an attacker's move at a
  time, keeping only problems the soundness judge proves sound at every
  length, unnecessary pieces taken off.
  random (Noshita's method): a random placement near the defender's king
  with a random attacker's hand that mates within -plies plies, then
  simplified (pieces taken off, the hand reduced, pieces weakened) while
  its exact length does not drop; written when it is sound and exactly
  -plies plies long (the others are counted in the statistics).
  extend (Ishii et al.'s extension): grows each problem of -from FILE
  (JSON lines as generate writes them, or SFEN lines; a bad line is
  reported as FILE:LINE and skipped) two plies at a time up to -plies,
  keeping a step only when the judge proves it sound and its main line
  leads, after the two plies put back, to the problem grown; the run
  ends after the last problem of the file.

Every problem written was judged sound, with exactly -plies plies, by
the same judge as "gomate check"'s, within the limits: a limit reached
rejects the candidate.

Each problem is rated as "gomate rate" rates it (score and metrics:
docs/difficulty.md), each of the two searches bounded by -rate-nodes
nodes and no time limit, so that the rating is reproducible; a problem
whose rating fails is written all the same, its metrics empty and a
rate_error saying why.

-format jsonl (the default) writes one JSON object a line: sfen, plies,
line_usi, line_ja, method, seed, index, trials, from (extend: the problem
grown, FILE:LINE), last_move_alternatives,
equal_defences, pieces_necessary, nodes, metrics (score, pn_max, pn_mean,
dn_max, dn_mean, updates, stats_nodes, sacrifices, captures, promotions,
non_promotions, drops, distant_moves, king_freedom, board_pieces),
rate_error when the rating failed and constraints (the -shape, -shape-of
and -pieces asked, as flags) when any were. -format kif writes a KIF collection:
a record per problem, a blank line between them, each with its title
(表題: "gomate generate seed S index I") and a comment on the start
giving its length and score. -format html writes one self-contained page
with a board diagram (SVG) of each problem, its length, metrics and notes,
and its solution behind a closed "show" toggle. -rank writes the problems
by score, highest first (the run's order among equal scores, unrated
problems last), once the run has ended.

A candidate (a trial) grows one random mate position two plies at a
time (with -from FILE, reverse grows the file's problems instead, one
candidate each, without extend's condition on the main line); the first
step that finds no sound problem ends it, or, with -backtracks B, gives
the search back to the step before, up to B times (-backtrack-from L:
only from steps of L plies or more), and then each length is written
once a candidate. Long problems (21 plies and more) need larger search
limits than the default -nodes.
-min-plies M writes the sound problems of M plies or more that the
candidates make on the way too (one run then fills every length); -count
counts those of -plies plies. -bench measures instead of writing: for
each length from 3 (or -min-plies) to -plies, a run asking for that length goes on for
-duration (1m when not given), and a table gives the success per
candidate and the problems per CPU-hour (docs/notes/generation.md).

Conditions composers ask for (generate/constraints.go):
-shape MASK|NAME (曲詰) asks that the pieces of the problem's position,
both sides and the king included, occupy exactly the squares of a mask;
with -shape-of final (あぶり出し) the mate position at the end of the main
line instead. A MASK is 9 rows of 9 characters, '#' for a piece and '.'
for an empty square, joined by '/': the first row is rank 1 (一), the
first character of a row file 9, as on a diagram, so "........#" is 1一
alone. The named shapes are small, in the top-right corner: i (a bar
down file 1), l, v, t, 7, plus (十), two (二), diamond and box (口);
docs/commands.md draws them. -pieces SPEC asks, in comma-separated
terms: bare-king (裸玉: the defender's king alone on the board), hand=H
(the attacker's hand is exactly H, SFEN letters, - for none), one-kind=X
(一色図式: every piece but the defender's king, on the board or in the
attacker's hand, is X or promoted X; X one of P L N S G B R). A shape of
the initial position makes each candidate a direct search (random
placements on the mask and a hand, changed one piece at a time, tested
by the solver, then the judge; "method": "placement" in the output); a
bare king makes candidate i the i-th pair of a hand (1 to 5 pieces,
fewest first) and a king's square ("method": "enumeration"); the other
conditions are kept by the reverse method at every step. Every problem written keeps to them, checked on it and on its
main line. Requests known to be impossible are refused before any
search: a mask of no square or of more than 39; a bare king at one ply
(a single drop never mates a lone king) or with an empty hand or with a
shape of the initial position of more than one square; a hand or a
one-kind that, with the mask, needs more pieces than the game has.

Candidate i draws from a random source made of -seed and i, and the
output is written in index order, so the same flags give the same output
for any -workers, unless -time-per-candidate cuts a search short (use
-nodes for reproducible runs). Duplicates (the same position up to the
mirror, or the same solution shape) are dropped. Progress goes to
standard error every 2 s when it is a terminal; a summary always.

A run takes candidates -index-from, -index-from+1, ... up to -index-to
(excluded; 0: no end). Runs with the same flags on adjacent ranges are
shards of one run, to spread it over machines: with -count 0,
-time-per-candidate 0 and -duplicates (which writes the duplicates too,
marked "duplicate": true), "gomate merge" of their outputs is the output
of the run on the whole range (docs/scale-out.md).

Exit status 0 when -count problems were written, or else, with
-index-to, when every candidate of the range was run, and without it
when any problem was written (without -count); 1 otherwise, 2 on a usage
error.`

// generateCommand is "gomate generate".
type generateCommand struct {
	method   generate.Method
	fromFile string // -from
	plies    int
	count    int
	seed     uint64
	workers  int
	ms       int    // -time-per-candidate
	nodes    uint64 // -nodes
	quickN   uint64 // -quick-nodes
	quickM   uint64 // -quick-mate-nodes
	hash     int
	tries    int
	minPlies int
	back     int // -backtracks
	backFrom int // -backtrack-from
	bench    bool
	duration time.Duration
	out      string
	mate     string
	captures generate.CapturePolicy
	carry    bool
	format   genFormat
	rank     bool
	rateN    uint64 // -rate-nodes
	from, to int    // -index-from, -index-to
	dups     bool   // -duplicates
	profile  profileFlag
	shape    string // -shape
	shapeOf  string // -shape-of
	pieces   string // -pieces
}

func (c *generateCommand) flags(fs *flag.FlagSet) {
	fs.Func("method", "the method: `reverse|random|extend` (reverse, the default: retract from a mate position; random: simplify a random mate; extend: grow the problems of -from)", func(v string) error {
		m, err := generate.ParseMethod(v)
		c.method = m
		return err
	})
	fs.StringVar(&c.fromFile, "from", "", "extend, reverse: grow the problems of `FILE` (JSON lines or SFEN lines), one candidate each, instead of mate positions")
	fs.IntVar(&c.plies, "plies", 3, "the length of the problems, `N` plies (odd)")
	fs.IntVar(&c.count, "count", 10, "stop after `K` problems of -plies plies (0 = no limit: use -duration, or a run's end after the problems of -from)")
	fs.IntVar(&c.minPlies, "min-plies", 0, "also write the sound problems of `M` plies or more (odd) that the candidates make on the way to -plies (0: -plies only)")
	fs.IntVar(&c.back, "backtracks", 0, "let a candidate go back to an earlier step up to `B` times when a step finds no sound problem (0: the first such step ends it)")
	fs.IntVar(&c.backFrom, "backtrack-from", 0, "with -backtracks, go back only from the steps of `L` plies or more: a shorter step that finds no sound problem ends the candidate (0: every step)")
	fs.Uint64Var(&c.seed, "seed", 1, "the run's random `seed`")
	fs.IntVar(&c.workers, "workers", 0, "run `W` candidates at a time, each with its own solver (0, the default: one per core)")
	fs.IntVar(&c.ms, "time-per-candidate", 5000, "time limit of each judgement in `ms` (0 = none; not reproducible when reached)")
	fs.Uint64Var(&c.nodes, "nodes", 200000, "node limit of each search: stop after about `N` nodes (0 = none)")
	fs.Uint64Var(&c.quickN, "quick-nodes", 2000, "node limit, per ply of the step, of the bounded searches before each judgement of the reverse and extend methods (but the one -quick-mate-nodes bounds): `Q` x plies, within -nodes (0: -nodes)")
	fs.Uint64Var(&c.quickM, "quick-mate-nodes", 500, "node limit, per ply of the step, of the bounded search for a mate within the step's length: `M` x plies, within -nodes (0: -quick-nodes)")
	fs.IntVar(&c.hash, "hash", 64, "transposition table size in `MB`, shared among the workers (the rating has a table of its own, as large)")
	fs.IntVar(&c.tries, "tries", 0, "retractions (pairs of them) tried at each step of a candidate, at most `K` (random: the simplifications tried; 0: 100 pairs, 200 simplifications)")
	fs.DurationVar(&c.duration, "duration", 0, "stop after this long, e.g. 90s (0 = no limit)")
	fs.StringVar(&c.out, "out", "", "write the problems to `FILE` (default standard output)")
	fs.Func("captures", "where the attacker may capture: `not-first|all|none` (not-first, the default: at low weights, never at the first move; all: at low weights; none: never)", func(v string) error {
		p, err := generate.ParseCapturePolicy(v)
		c.captures = p
		return err
	})
	fs.BoolVar(&c.carry, "carry", false, "keep the pieces the judge finds unnecessary until the last step, which takes them off (as Hirose did)")
	c.format.declare(fs)
	fs.BoolVar(&c.rank, "rank", false, "write the problems by score, highest first, when the run ends")
	fs.Uint64Var(&c.rateN, "rate-nodes", 1000000, "node limit of each of the rating's two searches, about `N` nodes (0 = none)")
	fs.IntVar(&c.from, "index-from", 0, "run the candidates from index `A` on")
	fs.IntVar(&c.to, "index-to", 0, "run the candidates up to index `B`, B excluded (0 = no end): a shard of a run, for gomate merge")
	fs.BoolVar(&c.dups, "duplicates", false, "write the problems dropped as duplicates too, marked \"duplicate\": true (jsonl only), for gomate merge of shards")
	fs.StringVar(&c.shape, "shape", "", "曲詰: the pieces of the position -shape-of names occupy exactly the squares of this `MASK|NAME` (9 rows of '#'/'.' joined by '/', rank 1 first, file 9 first; or "+strings.Join(generate.ShapeNames(), ", ")+")")
	fs.StringVar(&c.shapeOf, "shape-of", "initial", "the position that must fit -shape: `initial|final` (final: the mate position, あぶり出し)")
	fs.StringVar(&c.pieces, "pieces", "", "conditions on the problem's pieces, `SPEC`: comma-separated bare-king (裸玉), hand=H (the attacker's hand, e.g. RB, - for none), one-kind=X (一色図式, X one of PLNSGBR)")
	fs.StringVar(&c.mate, "mate", "", "start every candidate from this mate `SFEN` (the defender to move and mated, the attacker's hand empty) instead of a random one")
	fs.BoolVar(&c.bench, "bench", false, "measure instead: for each length from 3 (or -min-plies) to -plies, run the method asking for that length for -duration (1m when not given), and print a table of success per candidate and problems per CPU-hour")
	c.profile.declare(fs)
}

func (c *generateCommand) run(fs *flag.FlagSet, std stdio) int {
	cfg, ok := c.config(std.err)
	if !ok {
		return 2
	}
	if c.bench {
		defer c.profile.start()()
		if err := runBench(cfg, []generate.Method{c.method}, std.out); err != nil {
			fmt.Fprintln(std.err, "gomate generate:", err)
			return 1
		}
		return 0
	}
	w := std.out
	if c.out != "" {
		f, err := os.Create(c.out)
		if err != nil {
			fmt.Fprintln(std.err, "gomate generate:", err)
			return 1
		}
		defer f.Close()
		w = f
	}
	stop, release := interruptStops()
	defer release()
	cfg.Stop = stop
	if isTerminal(std.err) {
		cfg.Progress = func(st generate.Stats) {
			fmt.Fprintf(std.err, "\rgomate generate: %s", progressText(st, cfg))
		}
	}
	defer c.profile.start()()

	rs, warn := newSolver("generate", c.hash, std.err)
	rateLim := dfpn.Limits{Nodes: c.rateN} // no time limit: reproducible
	out := &genWriter{w: w, format: c.format, rank: c.rank}
	stats, err := generate.Run(cfg, func(p *generate.Problem) error {
		rp, err := rateProblem(rs, rateLim, p)
		warn.check()
		if err != nil {
			return err
		}
		return out.add(rp)
	})
	if cfg.Progress != nil {
		fmt.Fprintln(std.err)
	}
	if err == nil {
		lengths := fmt.Sprint(c.plies)
		if c.minPlies > 0 && c.minPlies < c.plies {
			lengths = fmt.Sprintf("%d to %d", c.minPlies, c.plies)
		}
		out.title = fmt.Sprintf("gomate generate: %d problems of %s plies, seed %d", len(out.buf), lengths, c.seed)
		if c.rank {
			out.title += ", by score"
		}
		err = out.finish()
	}
	fmt.Fprintf(std.err, "gomate generate: %s\n", summaryText(stats, cfg))
	if err != nil {
		fmt.Fprintln(std.err, "gomate generate:", err)
		return 1
	}
	switch {
	case c.count > 0 && stats.Written[c.plies] >= c.count:
		return 0
	case c.to > 0 && stats.Candidates == c.to-c.from:
		return 0 // the whole range was run
	case c.to > 0 || stats.Problems == 0 || c.count > 0:
		return 1
	}
	return 0
}

// config checks the flags and makes the run's configuration, or says on
// stderr what is wrong.
func (c *generateCommand) config(stderr io.Writer) (generate.Config, bool) {
	bad := func(format string, args ...any) (generate.Config, bool) {
		fmt.Fprintf(stderr, "gomate generate: "+format+"\n", args...)
		return generate.Config{}, false
	}
	method := c.method
	switch {
	case method == generate.MethodExtend && c.fromFile == "":
		return bad("-method extend needs -from FILE, the problems to grow")
	case method == generate.MethodRandom && c.fromFile != "":
		return bad("-from is for -method extend or reverse")
	case c.fromFile != "" && c.mate != "":
		return bad("-from and -mate both say where candidates start: give one")
	case method != generate.MethodReverse && (c.mate != "" || c.carry):
		return bad("-mate and -carry are for -method reverse")
	}
	switch {
	case c.plies < 1 || c.plies%2 == 0 || c.plies > generate.MaxPlies:
		return bad("-plies %d: a mate has an odd length, from 1 to %d", c.plies, generate.MaxPlies)
	case c.minPlies < 0 || c.minPlies > c.plies || c.minPlies > 0 && c.minPlies%2 == 0:
		return bad("-min-plies %d: odd, at most -plies (0: -plies only)", c.minPlies)
	case c.back < 0 || c.backFrom < 0:
		return bad("-backtracks and -backtrack-from must be >= 0")
	case c.count < 0:
		return bad("-count must be >= 0")
	case c.count == 0 && c.duration <= 0 && c.to == 0 && !c.bench && c.fromFile == "":
		return bad("-count 0 needs -duration or -index-to, or the run never ends (a run with -from ends after its problems)")
	case c.from < 0 || c.to < 0 || c.to > 0 && c.to <= c.from:
		return bad("-index-from %d -index-to %d: want 0 <= A < B (or B = 0: no end)", c.from, c.to)
	case c.dups && c.format != genJSONL:
		return bad("-duplicates needs -format jsonl")
	case c.workers < 0:
		return bad("-workers must be >= 0 (0: one per core)")
	case c.ms < 0 || c.hash < 1 || c.tries < 0 || c.duration < 0:
		return bad("-time-per-candidate, -tries and -duration must be >= 0, -hash >= 1")
	}
	workers := c.workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	cfg := generate.Config{
		Settings: generate.Settings{
			Plies:          c.plies,
			Seed:           c.seed,
			Tries:          c.tries,
			QuickNodes:     c.quickN,
			QuickMateNodes: c.quickM,
			MinPlies:       c.minPlies,
			Backtracks:     c.back,
			BacktrackFrom:  c.backFrom,
			Captures:       c.captures,
			CarryPieces:    c.carry,
			Method:         method,
			Limits:         dfpn.Limits{Nodes: c.nodes, Time: time.Duration(c.ms) * time.Millisecond},
		},
		Count:          c.count,
		From:           c.from,
		To:             c.to,
		KeepDuplicates: c.dups,
		Workers:        workers,
		HashMB:         c.hash,
		Duration:       c.duration,
	}
	if c.fromFile != "" {
		from, ok := readFrom(c.fromFile, stderr)
		if !ok {
			return generate.Config{}, false
		}
		cfg.Inputs = from
	}
	cons, err := c.constraints()
	if err != nil {
		return bad("%v", err)
	}
	cfg.Constraints = cons
	if c.fromFile != "" && !cons.IsZero() {
		return bad("-from cannot be combined with -shape or -pieces: the problems given are grown as they are")
	}
	if c.mate != "" {
		if !cons.IsZero() {
			return bad("-mate cannot be combined with -shape or -pieces")
		}
		m, err := parsePositionText(c.mate)
		if err != nil {
			return bad("-mate: %v", err)
		}
		if err := generate.CheckMate(m); err != nil {
			return bad("-mate: %v", err)
		}
		cfg.Mate = m
	}
	return cfg, true
}

// interruptStops returns a flag set by the first interrupt (Ctrl-C,
// SIGTERM), so that a run ends as if -duration had passed and writes what
// it has, and a function that restores the default handling (a second
// interrupt then kills the process as usual).
func interruptStops() (*atomic.Bool, func()) {
	var stop atomic.Bool
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			stop.Store(true)
			signal.Stop(ch)
		case <-done:
		}
	}()
	return &stop, func() { signal.Stop(ch); close(done) }
}

// constraints reads -shape, -shape-of and -pieces and checks them
// against -plies (generate.Constraints.Validate).
func (c *generateCommand) constraints() (generate.Constraints, error) {
	var cons generate.Constraints
	of, err := generate.ParseShapeOf(c.shapeOf)
	if err != nil {
		return cons, fmt.Errorf("-shape-of %q: %v", c.shapeOf, err)
	}
	cons.Of = of
	if c.shape == "" && of != generate.ShapeInitial {
		return cons, fmt.Errorf("-shape-of %s needs -shape", of)
	}
	if c.shape != "" {
		m, err := generate.ParseShape(c.shape)
		if err != nil {
			return cons, fmt.Errorf("-shape: %v", err)
		}
		cons.Shape = &m
	}
	if c.pieces != "" {
		p, err := generate.ParsePieces(c.pieces)
		if err != nil {
			return cons, fmt.Errorf("-pieces %q: %v", c.pieces, err)
		}
		cons.Pieces = p
	}
	if err := cons.Validate(c.plies); err != nil {
		return cons, fmt.Errorf("-shape/-pieces with -plies %d: %v", c.plies, err)
	}
	return cons, nil
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressText is the progress line: candidates, problems, the rate, the
// candidates that reached each length and the longest problem so far.
func progressText(st generate.Stats, cfg generate.Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d candidates, %d problems (%d duplicates), %.0f an hour; written", st.Candidates, st.Problems, st.Duplicates, perHour(st.Problems, st.Elapsed))
	for l := 1; l <= cfg.Plies; l += 2 {
		if st.Written[l] > 0 || l == cfg.Plies {
			fmt.Fprintf(&b, " %d:%d", l, st.Written[l])
		}
	}
	b.WriteString("; reached")
	for l := 1; l <= cfg.Plies; l += 2 {
		fmt.Fprintf(&b, " %d:%d", l, st.Reached[l])
	}
	fmt.Fprintf(&b, "; longest %d; %s", st.Longest, fmtDuration(st.Elapsed))
	return b.String()
}

// summaryText is the final line: the progress line's figures, the success
// per trial at each length and the problems per CPU-hour by length.
func summaryText(st generate.Stats, cfg generate.Config) string {
	var b strings.Builder
	b.WriteString(progressText(st, cfg))
	fmt.Fprintf(&b, "; %.2f candidates/s", float64(st.Candidates)/max(st.Elapsed.Seconds(), 1e-9))
	b.WriteString("; success per trial by length:")
	for l := 1; l <= cfg.Plies; l += 2 {
		fmt.Fprintf(&b, " %d: %.3f", l, ratio(st.Reached[l], st.Candidates))
	}
	fmt.Fprintf(&b, "; %d judgements, %d candidates refused before judging, %d left undecided by a limit, %d backtracks, %d dropped when proven again on a cleared table", st.Judges, st.Quick, st.Limited, st.Backtracks, st.Disagreed)
	cpu := st.Elapsed * time.Duration(max(cfg.Workers, 1))
	fmt.Fprintf(&b, "; problems per CPU-hour (%d workers):", cfg.Workers)
	for l := 1; l <= cfg.Plies; l += 2 {
		if st.Written[l] > 0 || l == cfg.Plies {
			fmt.Fprintf(&b, " %d: %.0f", l, perHour(st.Written[l], cpu))
		}
	}
	return b.String()
}

func perHour(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Hours()
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
