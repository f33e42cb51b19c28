package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// What "gomate help", each command's usage and the README's synopsis say,
// all written from the command table.

// synopsisWidth is where synopsis lines are wrapped.
const synopsisWidth = 78

// help is "gomate help [COMMAND]": the list of commands, or a command's
// usage, on stdout.
func help(args []string, std stdio) int {
	switch len(args) {
	case 0:
		writeHelp(std.out)
		return 0
	case 1:
		if c, ok := lookup(args[0]); ok {
			c.flagSet(c.new(), std.out).Usage()
			return 0
		}
		fmt.Fprintf(std.err, "gomate help: unknown command %q\n\n", args[0])
	default:
		fmt.Fprintln(std.err, "gomate help: one command at most")
	}
	writeHelp(std.err)
	return 2
}

// writeHelp writes the list of commands.
func writeHelp(w io.Writer) {
	fmt.Fprint(w, `gomate solves tsume-shogi (mate) problems. With no command it serves USI
on standard input and output, for shogi GUIs.

usage: gomate [COMMAND [flags] [arguments]]

commands:
`)
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.synopsis)
	}
	fmt.Fprint(w, `
Run "gomate help COMMAND" or "gomate COMMAND -h" for a command's flags.
`)
}

// writeUsage writes the command's usage to fs's output: its synopsis,
// its usage text and its flags.
func (c *command) writeUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprintf(w, "usage: %s\n", strings.Join(c.synopsisLines(fs, "usage: "), "\n"))
	if c.usage != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.usage))
	}
	fmt.Fprintln(w, "\nflags:")
	fs.PrintDefaults()
}

// synopsisLines is "gomate NAME [flags...] ARGS", wrapped at synopsisWidth
// after indent (what precedes the first line), the lines after the first
// indented to start under the end of indent + "gomate NAME". The technique
// flags are summed up as "[technique flags]": their list is long and the
// same for every command.
func (c *command) synopsisLines(fs *flag.FlagSet, indent string) []string {
	head := "gomate " + c.name
	words := flagSynopses(fs)
	if c.args != "" {
		words = append(words, c.args)
	}
	return wrapWords(head, words, len(indent), synopsisWidth)
}

// flagSynopses are the synopses of fs's flags, in its order (by name),
// the technique flags as one "[technique flags]" at the end.
func flagSynopses(fs *flag.FlagSet) []string {
	var words []string
	techniques := false
	fs.VisitAll(func(f *flag.Flag) {
		if isTechniqueFlag(f.Name) {
			techniques = true
			return
		}
		words = append(words, flagSynopsis(f))
	})
	if techniques {
		words = append(words, "[technique flags]")
	}
	return words
}

// flagSynopsis is how a flag shows in a synopsis: "[-long]" for a
// switch, "[-rules tsume|strict]" for a choice, "[-time 200]" for a value
// with a default, and "[-nodes N]" for one without.
func flagSynopsis(f *flag.Flag) string {
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return "[-" + f.Name + "]"
	}
	name, _ := flag.UnquoteUsage(f)
	if !strings.Contains(name, "|") && f.DefValue != "" && f.DefValue != "0" {
		name = f.DefValue
	}
	return "[-" + f.Name + " " + name + "]"
}

// wrapWords joins head and words with spaces into lines of at most width
// columns, the first line starting at column start (after what precedes
// it) and the lines after it indented to start under head's end.
func wrapWords(head string, words []string, start, width int) []string {
	pad := strings.Repeat(" ", start+len(head))
	lines := []string{head}
	col := start + len(head)
	for _, w := range words {
		if col+1+len(w) > width && col > len(pad) {
			lines = append(lines, pad)
			col = len(pad)
		}
		lines[len(lines)-1] += " " + w
		col += 1 + len(w)
	}
	return lines
}

// synopsis is the README's "Command line" block: each command's synopsis,
// then the technique flags that "[technique flags]" stands for, each as
// it switches its technique from the default.
// readme_test.go checks README.md against it.
func synopsis() string {
	var b strings.Builder
	b.WriteString("gomate                 # with no command: serve USI, as gomate usi\n")
	var withTechniques []string
	var techniques []string
	for i := range commands {
		c := &commands[i]
		fs := c.flagSet(c.new(), io.Discard)
		for _, l := range c.synopsisLines(fs, "") {
			b.WriteString(l + "\n")
		}
		var names []string
		fs.VisitAll(func(f *flag.Flag) {
			if isTechniqueFlag(f.Name) {
				names = append(names, techniqueSwitch(f))
			}
		})
		if len(names) > 0 {
			withTechniques = append(withTechniques, c.name)
			techniques = names
		}
	}
	if len(techniques) > 0 {
		fmt.Fprintf(&b, "\n# technique flags (%s), each as it switches its technique\n# from the default; see gomate solve -h\n",
			strings.Join(withTechniques, ", "))
		lines := wrapWords("#  ", techniques, 0, synopsisWidth)
		for i, l := range lines {
			if i > 0 {
				l = "#" + l[1:]
			}
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// techniqueSwitch is how a technique flag shows in the synopsis: as it
// switches its technique from the default, "-lazydrops=false" for one on
// by default, "-dagdetection" for one off.
func techniqueSwitch(f *flag.Flag) string {
	if f.DefValue == "true" {
		return "-" + f.Name + "=false"
	}
	return "-" + f.Name
}
