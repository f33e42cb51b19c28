// Command gomate is a tsume-shogi (mate problem) solver. With no arguments
// it speaks USI on standard input and output for shogi GUIs; subcommands
// solve positions, benchmark the solver and count perft nodes.
package main

import (
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
