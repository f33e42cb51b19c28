// Command usibench measures a USI mate engine the way a GUI drives it: it
// starts the engine once, sends isready, position and "go mate <ms>" for
// every position of the input files, times each answer from writing go mate
// to reading the checkmate line, replays every mating line with the
// gomate/position rules, and prints a summary per file.
//
//	usibench [-engine PATH] [-hash MB] [-time MS] [-n N] [-option NAME=VALUE]... [-csv FILE] [-v] FILE...
//
// Without -engine it builds gomate from the module root above the current
// directory. See README.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// config holds the command-line settings.
type config struct {
	engine  string
	hashMB  int
	limit   time.Duration // 0 = go mate infinite
	grace   time.Duration
	n       int
	options []string // NAME=VALUE
	csvPath string
	verbose bool
	trace   bool
	// newGame sends usinewgame before each position instead of isready,
	// for engines that want it and then ignore isready (shtsume).
	newGame bool
	// trim accepts trailing spaces on the checkmate line (shtsume's).
	trim  bool
	files []string
	// rules is the engine's Rules option, and the rules lines are
	// checked under; rulesName is its flag.
	rules     dfpn.Rules
	rulesName string
}

// optionList collects repeated -option flags.
type optionList []string

func (o *optionList) String() string { return strings.Join(*o, ",") }

func (o *optionList) Set(s string) error {
	if name, _, ok := strings.Cut(s, "="); !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("want name=value, got %q", s)
	}
	*o = append(*o, s)
	return nil
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	var ms int
	var opts optionList
	fs := flag.NewFlagSet("usibench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.engine, "engine", "", "USI engine binary (default: build gomate from the module root)")
	fs.IntVar(&c.hashMB, "hash", 256, "USI_Hash in MB")
	fs.IntVar(&ms, "time", 60000, "go mate time limit in ms (0 = go mate infinite)")
	fs.DurationVar(&c.grace, "grace", 10*time.Second, "wait this long past the limit before calling the engine hung")
	fs.IntVar(&c.n, "n", 0, "only the first N positions of each file (0 = all)")
	fs.Var(&opts, "option", "extra `name=value` sent as setoption (repeatable)")
	fs.StringVar(&c.rulesName, "rules", "strict", "the engine's Rules option and the rules lines are checked under (the mate sets are strict)")
	fs.StringVar(&c.csvPath, "csv", "", "write one row per position to this CSV file")
	fs.BoolVar(&c.verbose, "v", false, "print a line per position")
	fs.BoolVar(&c.trace, "trace", false, "print the USI dialogue on stderr")
	fs.BoolVar(&c.trim, "trim", false, "accept trailing spaces on the checkmate line (shtsume sends one); without it they make a bad line")
	fs.BoolVar(&c.newGame, "newgame", false, "send usinewgame before each position instead of isready (engines that ignore isready after it: shtsume)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: usibench [flags] FILE...\n\nFILE: SFEN lines (mateN.sfen gives N plies), TSV with a sfen header column, or name<TAB>sfen<TAB>plies lines.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return c, errors.New("no input files")
	}
	if ms < 0 || c.hashMB < 1 || c.n < 0 {
		return c, errors.New("-time, -n must not be negative and -hash must be positive")
	}
	c.limit = time.Duration(ms) * time.Millisecond
	r, err := dfpn.ParseRules(c.rulesName)
	if err != nil {
		return c, err
	}
	c.rules = r
	c.options = opts
	c.files = fs.Args()
	return c, nil
}

// setupCommands are the setoption commands sent after usiok.
func (c config) setupCommands() []string {
	cmds := []string{fmt.Sprintf("setoption name USI_Hash value %d", c.hashMB),
		"setoption name Rules value " + c.rules.String()}
	for _, o := range c.options {
		name, value, _ := strings.Cut(o, "=")
		cmds = append(cmds, fmt.Sprintf("setoption name %s value %s", strings.TrimSpace(name), value))
	}
	return cmds
}

// moduleRoot walks up from dir to the directory holding go.mod.
func moduleRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the current directory; pass -engine")
		}
		dir = parent
	}
}

// buildGomate builds the gomate command into a new temporary directory and
// returns the binary and the directory to remove afterwards.
func buildGomate(stderr io.Writer) (bin, tmp string, err error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", "", err
	}
	root, err := moduleRoot(wd)
	if err != nil {
		return "", "", err
	}
	tmp, err = os.MkdirTemp("", "usibench")
	if err != nil {
		return "", "", err
	}
	bin = filepath.Join(tmp, "gomate")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, "gomate")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		os.RemoveAll(tmp)
		return "", "", fmt.Errorf("go build gomate in %s: %w", root, err)
	}
	return bin, tmp, nil
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status: 0, 1 when an
// engine gave a bad line, 2 on errors.
func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "usibench:", err)
		return 2
	}
	if c.engine == "" {
		bin, tmp, err := buildGomate(stderr)
		if err != nil {
			fmt.Fprintln(stderr, "usibench:", err)
			return 2
		}
		defer os.RemoveAll(tmp)
		c.engine = bin
	}
	var logf func(string, ...any)
	if c.trace {
		logf = func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }
	}
	e, err := StartEngine(c.engine, c.setupCommands(), logf)
	if err != nil {
		fmt.Fprintf(stderr, "usibench: starting %s: %v\n", c.engine, err)
		return 2
	}
	limit := "infinite"
	if c.limit > 0 {
		limit = fmt.Sprintf("%d ms", c.limit.Milliseconds())
	}
	fmt.Fprintf(stdout, "engine %s (%s)  hash %d MB  go mate %s", c.engine, e.Name, c.hashMB, limit)
	if len(c.options) > 0 {
		fmt.Fprintf(stdout, "  options %s", strings.Join(c.options, " "))
	}
	fmt.Fprintln(stdout)

	var sums []*Summary
	var last *Result // the previous position, which owns output seen before the next readyok
	bad := false
	for _, file := range c.files {
		probs, format, warns, err := readProblems(file)
		for _, w := range warns {
			fmt.Fprintln(stderr, "usibench: warning:", w)
		}
		if err != nil {
			fmt.Fprintln(stderr, "usibench:", err)
			e.Quit()
			return 2
		}
		if c.n > 0 && len(probs) > c.n {
			probs = probs[:c.n]
		}
		if c.verbose {
			fmt.Fprintf(stdout, "%s: %d positions (%s)\n", file, len(probs), format)
		}
		s := &Summary{File: file, Results: make([]Result, 0, len(probs))}
		sums = append(sums, s)
		for _, p := range probs {
			r, err := solveOne(e, p, c, last, stderr)
			if err != nil {
				fmt.Fprintln(stderr, "usibench:", err)
				e.Kill()
				return 2
			}
			s.Results = append(s.Results, r) // within capacity: last stays valid
			if r.Status != StatusBadSFEN {
				last = &s.Results[len(s.Results)-1]
			}
			if r.Status == StatusBadLine {
				bad = true
				fmt.Fprintf(stderr, "\n*** BAD LINE *** %s\n    sfen %s\n    %s\n    %s\n\n", r.Label(), r.SFEN, r.Answer.Checkmate, r.Detail)
			}
			if c.verbose {
				fmt.Fprintln(stdout, resultLine(r))
			}
		}
	}
	if !c.newGame { // such an engine may not answer isready
		if stray, err := e.Ready(); err != nil {
			fmt.Fprintln(stderr, "usibench: final isready:", err)
		} else if last != nil {
			addStray(last, stray)
		}
	}
	if !e.Quit() {
		fmt.Fprintln(stderr, "usibench: the engine did not exit cleanly after quit")
	}
	if e.Starts > 1 {
		fmt.Fprintf(stdout, "engine restarted %d times\n", e.Starts-1)
	}
	for _, s := range sums {
		printSummary(stdout, s)
	}
	if c.csvPath != "" {
		if err := writeCSVFile(c.csvPath, sums); err != nil {
			fmt.Fprintln(stderr, "usibench:", err)
			return 2
		}
	}
	if bad {
		return 1
	}
	return 0
}

// solveOne runs one position: isready/readyok (output seen meanwhile goes
// to last), position, go mate, and a restart after a hang or a crash.
func solveOne(e *Engine, p Problem, c config, last *Result, stderr io.Writer) (Result, error) {
	if _, err := position.FromSFEN(p.SFEN); err != nil {
		return Result{Problem: p, Status: StatusBadSFEN, Detail: err.Error()}, nil
	}
	if c.newGame {
		if err := e.NewGame(); err != nil {
			return Result{}, fmt.Errorf("usinewgame before %s: %w", p.Label(), err)
		}
	} else {
		stray, err := e.Ready()
		if last != nil {
			addStray(last, stray)
		}
		if err != nil {
			fmt.Fprintf(stderr, "usibench: before %s: %v; restarting the engine\n", p.Label(), err)
			if err := e.Restart(); err != nil {
				return Result{}, fmt.Errorf("restarting the engine: %w", err)
			}
		}
	}
	a, err := e.Mate(p.SFEN, c.limit, c.grace)
	if err != nil {
		a.Exited = true // the pipe is broken
	}
	if c.trim {
		a.Checkmate = strings.TrimRight(a.Checkmate, " ")
	}
	r := classify(p, a, c.rules)
	if a.Hang || a.Exited {
		if err := e.Restart(); err != nil {
			return r, fmt.Errorf("restarting the engine after %s: %w", p.Label(), err)
		}
	}
	return r, nil
}

// addStray records output that came after r's answer, before the next readyok.
func addStray(r *Result, stray []string) {
	for _, s := range stray {
		r.Answer.Stray = append(r.Answer.Stray, "after answer: "+s)
	}
}

func writeCSVFile(path string, sums []*Summary) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeCSV(f, sums); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
