package cli

import (
	"fmt"
	"io"
)

// Run dispatches to a subcommand and returns the exit status. Profiles are
// stopped by deferred calls inside the subcommands, so Run must return
// (not exit) for them to be written.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cmdUSI(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "usi":
		return cmdUSI(args[1:], stdin, stdout, stderr)
	case "solve":
		return cmdSolve(args[1:], stdout, stderr)
	case "check":
		return cmdCheck(args[1:], stdout, stderr)
	case "bench":
		return cmdBench(args[1:], stdout, stderr)
	case "ablate":
		return cmdAblate(args[1:], stdout, stderr)
	case "perft":
		return cmdPerft(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "gomate: unknown command %q\n%s", args[0], usage)
	return 2
}

const usage = `usage:
  gomate                     serve USI on stdin/stdout (for shogi GUIs)
  gomate usi [-profile cpu|mem]
  gomate solve [flags] SFEN|FILE   solve one position or a file of them
  gomate check [flags] SFEN|FILE   check compositions: alternative mates, spare pieces
  gomate bench [flags]       solve the built-in suite, print time and nodes
  gomate ablate [flags] FILE...    Nagai's heuristics on and off: a table
  gomate perft [flags] DEPTH [SFEN]  count move-tree leaves
Run "gomate <command> -h" for a command's flags.
`
