package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"gomate/dfpn"
)

// The flag handling the commands share.

// parseCommand parses args into fs. positional tells whether the command
// takes arguments after its flags (then it needs at least one, and prints
// its usage without) or none (then one is an error). ok is false when the
// command must end at once with status: 0 after -h, 2 on a usage error.
func parseCommand(fs *flag.FlagSet, args []string, positional bool, stderr io.Writer) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	switch {
	case positional && fs.NArg() == 0:
		fs.Usage()
		return 2, false
	case !positional && fs.NArg() > 0:
		fmt.Fprintf(stderr, "gomate %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

// validLimits reports whether the -time and -hash values can be used, and
// says why not on stderr.
func validLimits(cmd string, ms, hash int, stderr io.Writer) bool {
	if ms < 0 || hash < 1 {
		fmt.Fprintf(stderr, "gomate %s: -time must be >= 0 and -hash >= 1\n", cmd)
		return false
	}
	return true
}

// loadProblems reads the problems the arguments name (solveInput) and
// reports each error on stderr, and "no positions" when there is neither a
// problem nor an error. failed tells whether there was an error.
func loadProblems(cmd string, args []string, stderr io.Writer) (probs []problem, failed bool) {
	probs, errs := solveInput(args)
	for _, err := range errs {
		fmt.Fprintf(stderr, "gomate %s: %v\n", cmd, err)
	}
	if len(probs) == 0 && len(errs) == 0 {
		fmt.Fprintf(stderr, "gomate %s: no positions\n", cmd)
	}
	return probs, len(errs) > 0
}

// rulesFlag declares -rules, which sets *rules.
func rulesFlag(fs *flag.FlagSet, rules *dfpn.Rules) {
	fs.Func("rules", "`tsume` (default: futile interpositions do not count) or strict (every evasion counts)", func(v string) error {
		r, err := dfpn.ParseRules(v)
		*rules = r
		return err
	})
}

// techniqueFlags declares a flag for each switchable search technique
// (dfpn.Techniques): giving it flips the technique from its default in opt.
func techniqueFlags(fs *flag.FlagSet, opt *dfpn.Options) {
	for _, t := range dfpn.Techniques() {
		verb := "turn on"
		if t.Default {
			verb = "turn off"
		}
		fs.BoolFunc(t.Flag, verb+" "+t.Doc, func(v string) error {
			set, err := strconv.ParseBool(v)
			if err == nil && set {
				t.Set(opt, !t.Default)
			}
			return err
		})
	}
}
