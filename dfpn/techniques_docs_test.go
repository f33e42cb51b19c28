package dfpn

import (
	"os"
	"strings"
	"testing"
	"unicode"
)

// TestTechniqueMeasurements: each technique's Measured names a file of the
// repository and one of its headings, by GitHub's anchor for it, so that
// the front ends' links to the measurement behind a default lead somewhere.
func TestTechniqueMeasurements(t *testing.T) {
	anchors := map[string]map[string]bool{}
	for _, tc := range Techniques() {
		file, anchor, ok := strings.Cut(tc.Measured(), "#")
		if !ok || !strings.HasPrefix(file, "docs/") || !strings.HasSuffix(file, ".md") {
			t.Errorf("%s: %q is not docs/FILE.md#ANCHOR", tc, tc.Measured())
			continue
		}
		if anchors[file] == nil {
			text, err := os.ReadFile("../" + file)
			if err != nil {
				t.Errorf("%s: %v", tc, err)
				continue
			}
			anchors[file] = headingAnchors(string(text))
		}
		if !anchors[file][anchor] {
			t.Errorf("%s: %s has no heading with the anchor %q", tc, file, anchor)
		}
	}
}

// headingAnchors are the anchors GitHub gives the headings of a Markdown
// text: the heading in lower case, spaces turned into hyphens, and every
// character but letters, digits, hyphens and underscores left out.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		title, ok := strings.CutPrefix(line, "#")
		if fenced || !ok {
			continue
		}
		title = strings.TrimLeft(title, "#")
		if !strings.HasPrefix(title, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(title)) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchors[b.String()] = true
	}
	return anchors
}
