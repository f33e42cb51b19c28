package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gomate/benchdata"
	"gomate/dfpn"
)

// benchSet is one file of the suite and the mate length each of its plain
// SFEN lines is known to have (0: given per line).
type benchSet struct {
	file  string
	plies int
	rules dfpn.Rules // the rules the set's lengths are given under
}

// benchSets are the suite's files in the order they are run; long selects
// the long problems instead.
func benchSets(long bool) []benchSet {
	if long {
		return []benchSet{{"long.tsv", 0, dfpn.Tsume}}
	}
	return []benchSet{
		{"mate3.sfen", 3, dfpn.Strict},
		{"mate5.sfen", 5, dfpn.Strict},
		{"mate7.sfen", 7, dfpn.Strict},
		{"zukou_easy.tsv", 0, dfpn.Tsume},
	}
}

// cmdBench solves the built-in suite and prints a table with the time,
// nodes and nodes per second of each problem, and totals per set.
func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("time", 200, "time limit per problem in `ms` (0 = none; default 300000 with -long)")
	hash := fs.Int("hash", 64, "transposition table size in `MB` (default 2048 with -long)")
	long := fs.Bool("long", false, "solve the long problems (Kotobuki, Microcosmos, ...) instead: minutes each")
	prof := profileFlag(fs)
	if status, ok := parseCommand(fs, args, false, stderr); !ok {
		return status
	}
	if *long {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["time"] {
			*ms = 300000
		}
		if !set["hash"] {
			*hash = 2048
		}
	}
	if !validLimits("bench", *ms, *hash, stderr) {
		return 2
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintln(stderr, "gomate bench:", err)
		return 2
	}
	defer stop()

	s, warn := newSolver("bench", *hash, stderr)
	lim := dfpn.Limits{Time: time.Duration(*ms) * time.Millisecond}
	t := newTable(stdout)
	var all totals
	var setTotals []totals
	sets := benchSets(*long)
	for _, set := range sets {
		data, err := benchdata.FS.ReadFile(set.file)
		if err != nil {
			fmt.Fprintln(stderr, "gomate bench:", err)
			return 1
		}
		name := strings.TrimPrefix(set.file, "")
		probs, errs := readProblems(strings.NewReader(string(data)), name)
		if len(errs) > 0 {
			for _, err := range errs {
				fmt.Fprintln(stderr, "gomate bench:", err)
			}
			return 1
		}
		var tot totals
		for _, p := range probs {
			if p.expected == 0 {
				p.expected = set.plies
			}
			o := solveOne(s, p, dfpn.Options{Rules: set.rules}, lim)
			warn.check()
			t.row(&o)
			tot.add(&o)
			all.add(&o)
		}
		setTotals = append(setTotals, tot)
	}
	t.flush()
	fmt.Fprintln(stdout)
	for i, set := range sets {
		setTotals[i].write(stdout, strings.TrimPrefix(set.file, ""))
	}
	all.write(stdout, "total")
	fmt.Fprintln(stdout, "build:", buildDescription())
	// The table is faulted in in the background: the record is of the
	// whole table.
	s.WaitTable()
	warn.check()
	fmt.Fprintln(stdout, "table:", tableDescription(s))
	if all.bad > 0 {
		return 1
	}
	return 0
}
