package cli

import (
	"flag"
	"fmt"

	"gomate/usi"
)

const usiUsage = `
Serves the USI protocol on standard input and output until quit or the
end of the input, for shogi GUIs: register the binary as an engine (see
README.md). gomate with no command does the same.`

// usiCommand is "gomate usi".
type usiCommand struct {
	profile profileFlag
}

func (c *usiCommand) flags(fs *flag.FlagSet) { c.profile.declare(fs) }

func (c *usiCommand) run(fs *flag.FlagSet, std stdio) int {
	defer c.profile.start()()
	if err := usi.New(std.in, std.out, usi.Config{}).Run(); err != nil {
		fmt.Fprintln(std.err, "gomate usi:", err)
		return 1
	}
	return 0
}
