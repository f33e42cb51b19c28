package cli

import (
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
equally long defences (変化同手数). With an intended line (-line, or a
column of moves after the SFEN in a file), each of its moves is checked
to be best and the points where it is not are listed.

-time bounds the whole check of a problem: each of its searches gets what
remains; -nodes bounds each search. Exit status 0 when every problem is
sound, 1 when one is unsound or undecided, 2 on a usage error. SFEN and
FILE are read as by "gomate solve".`

// checkCommand is "gomate check": it checks one composition given on the
// command line, or every position of a file: length, main line,
// alternative mates, spare pieces, equally long defences and a verdict
// per problem.
type checkCommand struct {
	limits  limitFlags
	opt     dfpn.Options // -rules
	line    string       // -line
	profile profileFlag
}

func (c *checkCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 30000, 256)
	rulesFlag(fs, &c.opt.Rules)
	fs.StringVar(&c.line, "line", "", "the intended `MOVES` (USI, space-separated) of a single problem: each move is checked to be best; a problem file takes them from a column after the SFEN")
	c.profile.declare(fs)
}

func (c *checkCommand) run(fs *flag.FlagSet, std stdio) int {
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

	s, warn := newSolver("check", c.limits.hash, std.err)
	var count [3]int // by verdict
	var total time.Duration
	for i, p := range probs {
		if i > 0 {
			fmt.Fprintln(std.out)
		}
		verdict, elapsed := checkProblem(std.out, s, warn, p, c.opt, c.limits.limits())
		count[verdict]++
		total += elapsed
	}
	if len(probs) > 1 {
		fmt.Fprintf(std.out, "\ncheck: %d problems: %d sound, %d unsound, %d unknown; time %s\n",
			len(probs), count[compose.Sound], count[compose.Unsound], count[compose.Undecided], fmtDuration(total))
	}
	if failed || count[compose.Sound] < len(probs) {
		return 1
	}
	return 0
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

// checkProblem checks the composition p and, if it has one, its intended
// line, prints the report on w, and returns the verdict and the time the
// checks took.
func checkProblem(w io.Writer, s *dfpn.Solver, warn *tableWarning, p problem, opt dfpn.Options, lim dfpn.Limits) (compose.Verdict, time.Duration) {
	s.Clear()
	c := compose.Check(s, p.pos.Clone(), opt, lim)
	warn.check()
	writeComposition(w, p, opt.Rules, &c)
	elapsed := c.Elapsed
	if p.line != nil {
		cmp := compose.CompareLine(s, p.pos.Clone(), p.line, opt, lim)
		writeComparison(w, p, &cmp)
		elapsed += cmp.Elapsed
	}
	return c.Verdict, elapsed
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
