package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// A command is one row of the command table: everything gomate knows
// about a subcommand. The dispatcher, "gomate help", each command's usage
// and the README's synopsis (help.go) all come from the table.
type command struct {
	name string // the word after "gomate"
	// args are the arguments after the flags as usage shows them
	// ("SFEN|FILE"); "" for a command that takes none. A command with
	// args needs at least one.
	args     string
	synopsis string // what it does, in one line of "gomate help"
	usage    string // more about it, above its flags in its usage; may be ""
	// new returns a fresh invocation of the command, which declares its
	// flags and runs.
	new func() runner
}

// A runner is one invocation of a command: the values of its flags and
// what it does with them.
type runner interface {
	// flags declares the command's flags in fs, bound to the runner.
	flags(fs *flag.FlagSet)
	// run runs the command once fs is parsed (its arguments are
	// fs.Args()) and returns the exit status.
	run(fs *flag.FlagSet, std stdio) int
}

// stdio are the streams of a command.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// commands is the command table, in the order "gomate help" lists it.
var commands = []command{
	{name: "usi", synopsis: "serve USI on stdin/stdout for shogi GUIs (also gomate alone)", usage: usiUsage, new: func() runner { return new(usiCommand) }},
	{name: "solve", args: "SFEN|FILE", synopsis: "solve one position or a file of them", usage: solveUsage, new: func() runner { return new(solveCommand) }},
	{name: "check", args: "SFEN|FILE", synopsis: "check compositions: alternative mates, spare pieces, the intended line", usage: checkUsage, new: func() runner { return new(checkCommand) }},
	{name: "generate", synopsis: "make sound problems of a given length, rated: JSON lines, KIF or an HTML page", usage: generateUsage, new: func() runner { return new(generateCommand) }},
	{name: "merge", args: "FILE...", synopsis: "merge generate's JSON lines (shards of a run, other machines), dropping duplicates as a run does", usage: mergeUsage, new: func() runner { return new(mergeCommand) }},
	{name: "rate", args: "SFEN|FILE", synopsis: "rate problems' difficulty: root pn/dn statistics, features of the line, a score", usage: rateUsage, new: func() runner { return new(rateCommand) }},
	{name: "bench", synopsis: "solve the built-in suite, print time and nodes", usage: benchUsage, new: func() runner { return new(benchCommand) }},
	{name: "ablate", args: "FILE...", synopsis: "solve files with Nagai's heuristics on and off: a table", usage: ablateUsage, new: func() runner { return new(ablateCommand) }},
	{name: "perft", args: "DEPTH [SFEN]", synopsis: "count the leaves of the legal move tree", usage: perftUsage, new: func() runner { return new(perftCommand) }},
}

// lookup returns the row of the command called name.
func lookup(name string) (*command, bool) {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i], true
		}
	}
	return nil, false
}

// Run runs gomate with args (the command line after the program's name)
// and returns the exit status: 0 on success, 1 when a command failed (a
// file could not be read, a line was rejected, a problem was unsound), 2
// on a usage error. With no arguments it serves USI. Profiles are written
// by deferred calls inside the commands, so the caller must exit only
// after Run returns.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	std := stdio{in: stdin, out: stdout, err: stderr}
	if len(args) == 0 {
		usi, _ := lookup("usi")
		return usi.run(nil, std)
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return help(args[1:], std)
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(stderr, "gomate: unknown command %q\n\n", args[0])
		writeHelp(stderr)
		return 2
	}
	return c.run(args[1:], std)
}

// run parses the command's flags from args and runs it.
func (c *command) run(args []string, std stdio) int {
	r := c.new()
	fs := c.flagSet(r, std.err)
	if status, ok := c.parse(fs, args, std.err); !ok {
		return status
	}
	return r.run(fs, std)
}

// flagSet is a flag set with r's flags, whose usage is the command's
// usage written to w.
func (c *command) flagSet(r runner, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(w)
	r.flags(fs)
	fs.Usage = func() { c.writeUsage(fs) }
	return fs
}

// parse parses args into fs and checks the number of arguments after the
// flags: at least one for a command with args, none for the others
// (without one, its usage is printed). ok is false when the command must
// end at once with status: 0 after -h, 2 on a usage error.
func (c *command) parse(fs *flag.FlagSet, args []string, stderr io.Writer) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	switch {
	case c.args != "" && fs.NArg() == 0:
		fs.Usage()
		return 2, false
	case c.args == "" && fs.NArg() > 0:
		fmt.Fprintf(stderr, "gomate %s: unexpected argument %q\n", c.name, fs.Arg(0))
		return 2, false
	}
	return 0, true
}
