// Command gomate is a tsume-shogi (mate problem) solver. With no arguments
// it speaks USI on standard input and output for shogi GUIs; subcommands
// solve positions, check compositions, benchmark the solver and count
// perft nodes (package cli).
package main

import (
	"os"

	"gomate/cli"
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
