package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

const checkUsage = `
Checks a composition (the attacker to move): its length and main line,
alternative mates (余詰) along it, spare pieces at the end (駒余り) and
equally long defences (変化同手数). With an intended line (-line, a
column of moves after the SFEN in a file, or "line_usi" of a JSON line),
each of its moves is checked to be best and the points where it is not
are listed.

-judge judges each problem instead by the seven points of the soundness
judgement that "gomate generate" keeps its problems by (a legal problem,
the proven length, unique, no spare pieces, every piece necessary, the
variations; a limit reached: unknown), under tsume rules, for the length
the file gives ("plies" of a JSON line, the length column of a TSV row;
any length when none) and along the main line it gives ("line_usi" of a
JSON line, a column of moves; it must then be an answer: as long as the
proven length and best at every move), and prints one line per problem:
name, verdict, proven length, time, nodes and, when not sound, the
reasons.

-time bounds the whole check of a problem: each of its searches gets what
remains; -nodes bounds each search. The problems of a file are checked
-workers at a time, each worker with its own solver and an equal share of
-hash; the reports come in the file's order, and say what one worker's
would with a table of that share (a table of another size can change a
search's nodes and, at -time, what it finds). A file of several problems
ends with a summary: totals, then Markdown tables of the problems by
verdict and reason and by length. A line of a file that cannot be read is
reported on stderr as FILE:LINE: why, and the rest is checked. Exit
status 0 when every problem is sound and every line was read, 1
otherwise, 2 on a usage error. SFEN and FILE are read as by "gomate
solve", and JSON lines with "sfen" (and "id", "plies", "line_usi") as
"gomate generate" writes them.

-threads T searches each problem on T goroutines over its worker's table
(not with -judge, whose searches are one-threaded); with -workers W, W×T
goroutines search at once. With more than one thread the node counts,
and at -time what is found, can differ from run to run.`

// checkCommand is "gomate check": it checks one composition given on the
// command line, or every position of a file, on -workers goroutines:
// length, main line, alternative mates, spare pieces, equally long
// defences and a verdict per problem, or with -judge the generator's full
// soundness judgement; a summary after a file of several.
type checkCommand struct {
	limits  limitFlags
	opt     dfpn.Options // -rules, -threads
	line    string       // -line
	judge   bool         // -judge
	workers workersFlag
	profile profileFlag
}

func (c *checkCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 30000, 256)
	rulesFlag(fs, &c.opt.Rules)
	fs.StringVar(&c.line, "line", "", "the intended `MOVES` (USI, space-separated) of a single problem: each move is checked to be best; a problem file takes them from a column after the SFEN")
	fs.BoolVar(&c.judge, "judge", false, "judge each problem by all seven points of the generator's soundness judgement, for the length the file gives; one line per problem")
	c.workers.declare(fs, "check", 0)
	threadsFlag(fs, &c.opt.Threads)
	c.profile.declare(fs)
}

// valid reports whether the flags go together, and says why not on
// stderr.
func (c *checkCommand) valid(stderr io.Writer) bool {
	bad := func(why string) bool {
		fmt.Fprintln(stderr, "gomate check:", why)
		return false
	}
	if !c.workers.valid("check", stderr) || !validThreads("check", c.opt.Threads, stderr) {
		return false
	}
	switch {
	case c.judge && c.line != "":
		return bad("-judge does not compare an intended line: leave out -line")
	case c.judge && c.opt.Rules != dfpn.Tsume:
		return bad("-judge judges under tsume rules only")
	case c.judge && c.opt.Threads > 1:
		return bad("-judge searches on one thread: leave out -threads")
	}
	return true
}

func (c *checkCommand) run(fs *flag.FlagSet, std stdio) int {
	if !c.valid(std.err) {
		return 2
	}
	probs, failed, status := problemsFor("check", &c.limits, fs.Args(), std.err, 2)
	if status != 0 {
		return status
	}
	if c.line != "" {
		if err := setIntendedLine(probs, c.line); err != nil {
			fmt.Fprintln(std.err, "gomate check:", err)
			return 2
		}
	}
	defer c.profile.start()()

	workers := c.workers.count(len(probs))
	ws := workerSolvers{cmd: "check", mb: max(c.limits.hash/workers, 1), stderr: std.err}
	var sum checkSummary
	inOrder(len(probs), workers, func() func(int) checkOutcome {
		s := ws.next()
		return func(i int) checkOutcome { return c.one(s, probs[i]) }
	}, func(i int, o checkOutcome) {
		ws.warn.check()
		if i > 0 && !c.judge {
			fmt.Fprintln(std.out)
		}
		std.out.Write(o.report)
		sum.add(&o)
	})
	if len(probs) > 1 {
		fmt.Fprintln(std.out)
		sum.write(std.out)
	}
	if failed || sum.byVerdict[compose.Sound] < len(probs) {
		return 1
	}
	return 0
}

// one checks (or with -judge, judges) one problem on s.
func (c *checkCommand) one(s *dfpn.Solver, p problem) checkOutcome {
	if c.judge {
		return judgeProblem(s, p, c.limits.limits())
	}
	return checkProblem(s, p, c.opt, c.limits.limits())
}

// setIntendedLine reads -line as the intended line of the only problem.
func setIntendedLine(probs []problem, text string) error {
	if len(probs) != 1 {
		return fmt.Errorf("-line needs a single problem")
	}
	line, err := probs[0].pos.ParseLine(strings.Fields(text))
	if err != nil {
		return fmt.Errorf("-line: %w", err)
	}
	probs[0].line = line
	return nil
}

// checkProblem checks the composition p on a cleared table and, if it
// has one, its intended line, and returns the report and what the
// summary counts.
func checkProblem(s *dfpn.Solver, p problem, opt dfpn.Options, lim dfpn.Limits) checkOutcome {
	s.Clear()
	before := s.Nodes()
	c := compose.Check(s, p.pos.Clone(), opt, lim)
	var b bytes.Buffer
	writeComposition(&b, p, opt.Rules, &c)
	o := checkOutcome{verdict: c.Verdict, reason: checkReason(&c), plies: provenLength(&c.Main), elapsed: c.Elapsed}
	if p.line != nil {
		// -time bounds the whole check: the line's comparison gets what
		// the check left (at least a moment, so that it says what it did
		// not check rather than running without a limit).
		cl := lim
		if lim.Time > 0 {
			cl.Time = max(lim.Time-c.Elapsed, time.Millisecond)
		}
		cmp := compose.CompareLine(s, p.pos.Clone(), p.line, opt, cl)
		writeComparison(&b, p, &cmp)
		o.elapsed += cmp.Elapsed
	}
	o.report, o.nodes = b.Bytes(), s.Nodes()-before
	return o
}

// checkReason names the kind of the first reason of a check's verdict, for
// the summary; "" when sound. The reasons of Check come in this order: no
// mate, alternative mates, spare pieces; for an unknown verdict, no
// answer, a length not proven shortest, alternative mates not checked, a
// line without spare pieces not found.
func checkReason(c *compose.Composition) string {
	switch c.Verdict {
	case compose.Sound:
		return ""
	case compose.Unsound:
		switch {
		case c.Main.Status == dfpn.NoMate:
			return "no mate"
		case len(c.Alternatives) > 0:
			return "alternative mate (余詰)"
		}
		return "spare pieces (駒余り)"
	}
	switch {
	case c.Main.Status != dfpn.Mate:
		return "no answer within the limits"
	case !c.Main.Shortest:
		return "mate not proven shortest"
	}
	for _, u := range c.Unchecked {
		if u.What == "alternative mates" { // compose.Unchecked.What
			return "alternative mates not checked"
		}
	}
	return "a line without spare pieces not found"
}

// writeComposition prints the report of one problem.
func writeComposition(w io.Writer, p problem, rules dfpn.Rules, c *compose.Composition) {
	fmt.Fprintf(w, "%s (%s rules)\n", p.name, rules)
	switch {
	case len(c.Line) > 0:
		n := len(c.Line)
		fmt.Fprintf(w, "  length: %d plies", n)
		if p.expected > 0 && p.expected != n {
			fmt.Fprintf(w, " (expected %d)", p.expected)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  line: %s\n", position.LineString(c.Line))
		for _, n := range c.LineNotes {
			fmt.Fprintf(w, "  line chosen at %s\n", n)
		}
		if n := c.Main.FutileEndNote(); n != "" {
			fmt.Fprintf(w, "  %s\n", n)
		}
	case c.Main.Status == dfpn.Mate:
		fmt.Fprintf(w, "  length: at most %d plies (not proven shortest)\n", len(c.Main.PV))
		fmt.Fprintf(w, "  line: %s\n", position.LineString(c.Main.PV))
		if n := c.Main.ProofNote(); n != "" {
			fmt.Fprintf(w, "  %s\n", n)
		}
	default:
		fmt.Fprintf(w, "  length: - (%s)\n", c.Main.Status)
	}
	for _, a := range c.Alternatives {
		kind := "alternative mate (余詰)"
		if a.PromotionOnly {
			kind = "alternative mate (余詰, promotion only)"
		}
		fmt.Fprintf(w, "  %s at ply %d: %s, mate in %d: %s\n", kind, a.Ply, a.Move, len(a.Line), position.LineString(a.Line))
	}
	if !c.Spare.IsEmpty() {
		fmt.Fprintf(w, "  spare pieces at the end (駒余り): %s\n", c.Spare)
	}
	for _, d := range groupDefences(c.EqualDefences) {
		last := ""
		if d.ply == len(c.Line)-1 {
			last = " (the last defence)"
		}
		fmt.Fprintf(w, "  equally long defences (変化同手数) at ply %d%s: %s\n", d.ply, last, position.LineString(d.moves))
	}
	if len(c.LastMoveAlternatives) > 0 {
		fmt.Fprintf(w, "  other mating last moves (not a flaw): %s\n", position.LineString(c.LastMoveAlternatives))
	}
	for _, u := range c.Unchecked {
		fmt.Fprintf(w, "  not checked at ply %d: %s (%s)\n", u.Ply, u.What, u.Reason)
	}
	verdict := c.Verdict.String()
	if len(c.Reasons) > 0 {
		verdict += ": " + strings.Join(c.Reasons, "; ")
	}
	fmt.Fprintf(w, "  verdict: %s\n", verdict)
	fmt.Fprintf(w, "  time: %s\n", fmtDuration(c.Elapsed))
}

// writeComparison prints how the intended line of p compares, move by
// move, with the best moves under the rules.
func writeComparison(w io.Writer, p problem, c *compose.LineComparison) {
	fmt.Fprintf(w, "  intended line: %d plies: %s\n", len(p.line), position.LineString(p.line))
	switch {
	case c.Invalid != "":
		fmt.Fprintf(w, "  intended line: not a mate under these rules: %s\n", c.Invalid)
	case len(c.Findings) == 0 && c.Open == "":
		fmt.Fprintln(w, "  intended line: every move is best")
	}
	if c.Open != "" {
		fmt.Fprintf(w, "  intended line: not checked at %s\n", c.Open)
	}
	for _, f := range c.Findings {
		fmt.Fprintf(w, "  intended line, %s\n", f)
	}
	if c.Invalid == "" && !c.Spare.IsEmpty() {
		fmt.Fprintf(w, "  intended line ends with spare pieces: %s\n", c.Spare)
	}
	fmt.Fprintf(w, "  intended line checked in %s\n", fmtDuration(c.Elapsed))
}

// defencesAt are the equally long defences at one ply.
type defencesAt struct {
	ply   int
	moves []position.Move
}

func groupDefences(ds []compose.EqualDefence) []defencesAt {
	var out []defencesAt
	for _, d := range ds {
		if len(out) == 0 || out[len(out)-1].ply != d.Ply {
			out = append(out, defencesAt{ply: d.Ply})
		}
		out[len(out)-1].moves = append(out[len(out)-1].moves, d.Move)
	}
	return out
}
