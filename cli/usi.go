package cli

import (
	"flag"
	"fmt"
	"io"

	"gomate/usi"
)

// cmdUSI serves the USI protocol until quit or the end of the input.
func cmdUSI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("usi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prof := profileFlag(fs)
	if status, ok := parseCommand(fs, args, false, stderr); !ok {
		return status
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintln(stderr, "gomate usi:", err)
		return 2
	}
	defer stop()
	if err := usi.New(stdin, stdout, usi.Config{}).Run(); err != nil {
		fmt.Fprintln(stderr, "gomate usi:", err)
		return 1
	}
	return 0
}
