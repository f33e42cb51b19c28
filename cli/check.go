package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// cmdCheck checks one composition given on the command line, or every
// position of a file: length, main line, alternative mates, spare pieces,
// equally long defences and a verdict per problem. The exit status is 0
// when every problem is sound, 1 when one is unsound or undecided, 2 on a
// usage error.
func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("time", 30000, "time limit per problem in `ms`, shared by all its searches (0 = none)")
	hash := fs.Int("hash", 256, "transposition table size in `MB`")
	opt := dfpn.Options{}
	rulesFlag(fs, &opt.Rules)
	lineText := fs.String("line", "", "the intended `moves` (USI, space-separated) of a single problem: each move is checked to be best; a problem file takes them from a column after the SFEN")
	prof := profileFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gomate check [flags] SFEN|FILE\n\nChecks a composition (the attacker to move): its length and main line,\nalternative mates (余詰) along it, spare pieces at the end (駒余り) and\nequally long defences (変化同手数). With an intended line (-line, or\na column of moves after the SFEN in a file), each of its moves is\nchecked to be best and the points where it is not are listed.\nExit status 0 when every problem is sound, 1 when one is unsound or\nundecided, 2 on a usage error.\nSFEN and FILE are read as by \"gomate solve\".\n\nflags:")
		fs.PrintDefaults()
	}
	if status, ok := parseCommand(fs, args, true, stderr); !ok {
		return status
	}
	if !validLimits("check", *ms, *hash, stderr) {
		return 2
	}
	probs, failed := loadProblems("check", fs.Args(), stderr)
	if len(probs) == 0 {
		return 2
	}
	if *lineText != "" {
		if len(probs) != 1 {
			fmt.Fprintln(stderr, "gomate check: -line needs a single problem")
			return 2
		}
		line, err := probs[0].pos.ParseLine(strings.Fields(*lineText))
		if err != nil {
			fmt.Fprintln(stderr, "gomate check: -line:", err)
			return 2
		}
		probs[0].line = line
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintln(stderr, "gomate check:", err)
		return 2
	}
	defer stop()

	s, warn := newSolver("check", *hash, stderr)
	lim := dfpn.Limits{Time: time.Duration(*ms) * time.Millisecond}
	var count [3]int // by verdict
	var total time.Duration
	for i, p := range probs {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		s.Clear()
		c := s.CheckComposition(p.pos.Clone(), opt, lim)
		warn.check()
		writeComposition(stdout, p, opt.Rules, &c)
		count[c.Verdict]++
		total += c.Elapsed
		if p.line != nil {
			cmp := s.CompareLine(p.pos.Clone(), p.line, opt, lim)
			writeComparison(stdout, p, &cmp)
			total += cmp.Elapsed
		}
	}
	if len(probs) > 1 {
		fmt.Fprintf(stdout, "\ncheck: %d problems: %d sound, %d unsound, %d unknown; time %s\n",
			len(probs), count[dfpn.Sound], count[dfpn.Unsound], count[dfpn.Undecided], fmtDuration(total))
	}
	if failed || count[dfpn.Sound] < len(probs) {
		return 1
	}
	return 0
}

// writeComposition prints the report of one problem.
func writeComposition(w io.Writer, p problem, rules dfpn.Rules, c *dfpn.Composition) {
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
func writeComparison(w io.Writer, p problem, c *dfpn.LineComparison) {
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

func groupDefences(ds []dfpn.EqualDefence) []defencesAt {
	var out []defencesAt
	for _, d := range ds {
		if len(out) == 0 || out[len(out)-1].ply != d.Ply {
			out = append(out, defencesAt{ply: d.Ply})
		}
		out[len(out)-1].moves = append(out[len(out)-1].moves, d.Move)
	}
	return out
}
