package cli

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"gomate/dfpn"

	"github.com/pkg/profile"
)

// The flag groups the commands share: limits, threads, workers, rules, the
// technique switches, the output format and the profile. Each is declared here once;
// a command's flags method picks the groups it takes.

// limitFlags are -time, -nodes and -hash: what a command may spend on a
// problem.
type limitFlags struct {
	ms    int    // -time: the time limit per problem in ms (0 = none)
	nodes uint64 // -nodes: the node limit per problem (0 = none)
	hash  int    // -hash: the table size in MB
}

// declare declares the limits in fs with the command's defaults for the
// time limit (ms) and the table size (hash); -nodes defaults to none.
func (l *limitFlags) declare(fs *flag.FlagSet, ms, hash int) {
	fs.IntVar(&l.ms, "time", ms, "time limit per problem in `ms` (0 = none)")
	fs.Uint64Var(&l.nodes, "nodes", 0, "node limit per problem: stop after about `N` nodes (0 = none)")
	fs.IntVar(&l.hash, "hash", hash, "transposition table size in `MB`")
}

// valid reports whether the limits can be used, and says why not on
// stderr.
func (l *limitFlags) valid(cmd string, stderr io.Writer) bool {
	if l.ms < 0 || l.hash < 1 {
		fmt.Fprintf(stderr, "gomate %s: -time must be >= 0 and -hash >= 1\n", cmd)
		return false
	}
	return true
}

// limits are the search limits of one problem.
func (l *limitFlags) limits() dfpn.Limits {
	return dfpn.Limits{Nodes: l.nodes, Time: time.Duration(l.ms) * time.Millisecond}
}

// threadsFlag declares -threads, which sets *threads (dfpn.Options.Threads):
// how many goroutines search each problem over its table. It is 1 by
// default, the one-threaded search, whose node counts are the same every
// run.
func threadsFlag(fs *flag.FlagSet, threads *int) {
	fs.IntVar(threads, "threads", 1, fmt.Sprintf("threads per problem: search each problem on `T` goroutines over its table, 1 to %d (1 = deterministic node counts)", dfpn.MaxThreads))
}

// validThreads reports whether -threads is in range, and says why not on
// stderr.
func validThreads(cmd string, threads int, stderr io.Writer) bool {
	if threads < 1 || threads > dfpn.MaxThreads {
		fmt.Fprintf(stderr, "gomate %s: -threads must be 1 to %d\n", cmd, dfpn.MaxThreads)
		return false
	}
	return true
}

// workersFlag is -workers: how many problems of a file a command works
// on at a time, each worker with its own solver and an equal share of
// -hash; 0 means one per core.
type workersFlag int

// declare declares -workers in fs with the command's default and the verb
// of its usage ("check W problems at a time"), and says in -hash's usage
// that the table is shared among the workers: the limits are declared
// first.
func (w *workersFlag) declare(fs *flag.FlagSet, verb string, def int) {
	zero := "0: one per core"
	if def == 0 {
		zero = "0, the default: one per core"
	}
	fs.IntVar((*int)(w), "workers", def, fmt.Sprintf("%s `W` problems at a time, each worker with its own solver and -hash/W MB of table (%s)", verb, zero))
	fs.Lookup("hash").Usage = "transposition table size in `MB`, shared among the workers"
}

// valid reports whether -workers can be used, and says why not on stderr.
func (w workersFlag) valid(cmd string, stderr io.Writer) bool {
	if w < 0 {
		fmt.Fprintf(stderr, "gomate %s: -workers must be >= 0 (0: one per core)\n", cmd)
		return false
	}
	return true
}

// count is how many workers work on n problems (n > 0): -workers, or
// one per core for 0, but not more than n.
func (w workersFlag) count(n int) int {
	c := int(w)
	if c == 0 {
		c = runtime.NumCPU()
	}
	return max(min(c, n), 1)
}

// rulesFlag declares -rules, which sets *rules.
func rulesFlag(fs *flag.FlagSet, rules *dfpn.Rules) {
	fs.Func("rules", "the rules, `tsume|strict`: tsume (the default) does not count futile interpositions, strict counts every evasion", func(v string) error {
		r, err := dfpn.ParseRules(v)
		*rules = r
		return err
	})
}

// lineFormat is the value of -format: how a mating line is printed
// (writeLine).
type lineFormat string

// The line formats.
const (
	formatUSI lineFormat = "usi" // USI moves on one line
	formatKIF lineFormat = "kif" // Japanese notation, then a KIF record
)

// declare declares -format in fs, usi by default.
func (f *lineFormat) declare(fs *flag.FlagSet) {
	*f = formatUSI
	fs.Var(f, "format", "how to print each mating line: `usi|kif` (USI moves, or Japanese notation and a KIF record)")
}

// Set sets the format from a flag's value.
func (f *lineFormat) Set(s string) error { return setChoice(f, s, formatUSI, formatKIF) }

// setChoice sets *dst to s if s is one of choices, and else returns an
// error that lists them ("want a, b or c"): the Set of every flag whose
// value is one of a few words.
func setChoice[T ~string](dst *T, s string, choices ...T) error {
	for _, c := range choices {
		if T(s) == c {
			*dst = c
			return nil
		}
	}
	words := make([]string, len(choices))
	for i, c := range choices {
		words[i] = string(c)
	}
	last := len(words) - 1
	return fmt.Errorf("want %s", strings.Join(words[:last], ", ")+" or "+words[last])
}

func (f *lineFormat) String() string { return string(*f) }

// profileFlag is the value of -profile: the profile a command writes, ""
// for none.
type profileFlag string

// declare declares -profile in fs.
func (p *profileFlag) declare(fs *flag.FlagSet) {
	fs.Var(p, "profile", "write a `cpu|mem` profile (cpu.pprof or mem.pprof) to the current directory")
}

// Set sets the profile from a flag's value.
func (p *profileFlag) Set(s string) error {
	return setChoice(p, s, "cpu", "mem")
}

func (p *profileFlag) String() string { return string(*p) }

// start starts the profile, if any, and returns the function that writes
// it, to be deferred by the command.
func (p profileFlag) start() (stop func()) {
	switch p {
	case "cpu":
		return profile.Start(profile.CPUProfile, profile.ProfilePath("."), profile.NoShutdownHook).Stop
	case "mem":
		return profile.Start(profile.MemProfile, profile.ProfilePath("."), profile.NoShutdownHook).Stop
	}
	return func() {}
}
