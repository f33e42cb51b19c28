package cli

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite README.md's command-line block from the command table")

// TestReadmeSynopsis: README.md's "Command line" block is the synopsis
// written from the command table (synopsis), so it names every command
// and every flag each takes, and nothing else. After a change to the
// commands or their flags, "go test ./cli -run TestReadmeSynopsis -update"
// rewrites it.
func TestReadmeSynopsis(t *testing.T) {
	const path = "../README.md"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start, end, err := commandLineBlock(text)
	if err != nil {
		t.Fatal(err)
	}
	want := synopsis()
	if got := text[start:end]; got != want {
		if *update {
			if err := os.WriteFile(path, []byte(text[:start]+want+text[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's command-line block is not the synopsis of the command table "+
			"(go test ./cli -run TestReadmeSynopsis -update rewrites it)\nREADME.md:\n%s\nthe table:\n%s", got, want)
	}
}

// commandLineBlock finds the body of the first fenced code block after
// the heading "Command line" in a Markdown text: text[start:end].
func commandLineBlock(text string) (start, end int, err error) {
	h := strings.Index(text, "# Command line\n")
	if h < 0 {
		return 0, 0, errorString("no \"Command line\" heading")
	}
	fence := strings.Index(text[h:], "\n```")
	if fence < 0 {
		return 0, 0, errorString("no code block after the \"Command line\" heading")
	}
	start = h + fence + 1
	nl := strings.IndexByte(text[start:], '\n')
	if nl < 0 {
		return 0, 0, errorString("the code block does not end")
	}
	start += nl + 1
	close := strings.Index(text[start:], "```\n")
	if close < 0 {
		return 0, 0, errorString("the code block does not end")
	}
	return start, start + close, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// TestSynopsisNamesEveryFlag: each command's line in the synopsis names
// each of its flags but the technique flags, listed once below.
func TestSynopsisNamesEveryFlag(t *testing.T) {
	text := synopsis()
	for i := range commands {
		c := &commands[i]
		fs := c.flagSet(c.new(), nil)
		line := strings.Join(c.synopsisLines(fs, ""), "\n")
		if !strings.Contains(text, line) {
			t.Errorf("the synopsis lacks %s's lines:\n%s", c.name, line)
		}
		fs.VisitAll(func(f *flag.Flag) {
			in := line
			if isTechniqueFlag(f.Name) {
				in = strings.ReplaceAll(text[strings.Index(text, "# technique flags"):], "=false", "")
			}
			if !strings.Contains(in+" ", "-"+f.Name+" ") && !strings.Contains(in, "-"+f.Name+"]") &&
				!strings.Contains(in+"\n", "-"+f.Name+"\n") {
				t.Errorf("%s: -%s is missing from the synopsis", c.name, f.Name)
			}
		})
	}
}
