package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"gomate/dfpn"
)

// cmdSolve solves one position given on the command line, or every
// position of a file, and prints a table, the lines and the totals.
func cmdSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("time", 10000, "time limit per problem in `ms` (0 = none)")
	nodes := fs.Uint64("nodes", 0, "node limit per problem (0 = none)")
	hash := fs.Int("hash", 256, "transposition table size in `MB`")
	defender := fs.Bool("defender", false, "the side to move is the defender (show the longest defence)")
	firstMate := fs.Bool("firstmate", false, "stop at the first mate found; do not prove the shortest")
	format := fs.String("format", "usi", "how to print each mating line: `usi` moves, or kif (Japanese notation and a KIF record)")
	opt := dfpn.Options{}
	rulesFlag(fs, &opt.Rules)
	techniqueFlags(fs, &opt)
	prof := profileFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gomate solve [flags] SFEN|FILE\n\nSFEN may be one quoted argument or several, with an optional\n\"sfen\" or \"position sfen\" prefix and a \"moves\" tail. FILE holds one\nposition per line (# comments; TSV lines \"name<TAB>sfen<TAB>plies\" too).\n\nflags:")
		fs.PrintDefaults()
	}
	if status, ok := parseCommand(fs, args, true, stderr); !ok {
		return status
	}
	if !validLimits("solve", *ms, *hash, stderr) {
		return 2
	}
	if err := checkLineFormat(*format); err != nil {
		fmt.Fprintln(stderr, "gomate solve:", err)
		return 2
	}
	probs, failed := loadProblems("solve", fs.Args(), stderr)
	if len(probs) == 0 {
		return 1
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintln(stderr, "gomate solve:", err)
		return 2
	}
	defer stop()

	s, warn := newSolver("solve", *hash, stderr)
	opt.RootIsDefender, opt.FirstMate = *defender, *firstMate
	lim := dfpn.Limits{Nodes: *nodes, Time: time.Duration(*ms) * time.Millisecond}
	var tot totals
	outs := make([]outcome, 0, len(probs))
	for _, p := range probs {
		o := solveOne(s, p, opt, lim)
		warn.check()
		tot.add(&o)
		outs = append(outs, o)
		if len(probs) > 1 {
			fmt.Fprintf(stdout, "%s %s %d plies %s %d nodes\n", o.name, o.status(), o.plies(), fmtDuration(o.res.Elapsed), o.res.Nodes)
		}
	}
	fmt.Fprintln(stdout)
	t := newTable(stdout)
	for i := range outs {
		t.row(&outs[i])
	}
	t.flush()
	fmt.Fprintln(stdout)
	for i := range outs {
		writeOutcomeLine(stdout, *format, &outs[i])
	}
	fmt.Fprintln(stdout)
	tot.write(stdout, "total")
	if failed || tot.bad > 0 {
		return 1
	}
	return 0
}

// solveInput turns the arguments into problems: a single argument naming
// a file is read as a problem file; anything else is one position.
func solveInput(args []string) ([]problem, []error) {
	if len(args) == 1 && !strings.ContainsAny(strings.TrimSpace(args[0]), " \t") {
		if f, err := os.Open(args[0]); err == nil {
			defer f.Close()
			return readProblems(f, args[0])
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, []error{err}
		}
	}
	text := strings.Join(args, " ")
	pos, err := parsePositionText(text)
	if err != nil {
		if len(args) == 1 && !strings.ContainsAny(text, " \t") {
			err = fmt.Errorf("%q is neither a file nor a position: %w", text, err)
		}
		return nil, []error{err}
	}
	return []problem{{name: "position", pos: pos}}, nil
}
