package tests

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The layers of the module, from the bottom: what each package's own
// files (not its tests) may import of the module's packages. A package
// missing here fails the test, so that a new one is given its place.
//
//   - position: the rules of the game; imports none of ours.
//   - tt: the transposition table, over positions' keys and hands.
//   - dfpn: the search, over the table.
//   - compose: the composition checks, over the solver's public API.
//   - generate: problem generation, judged by compose.
//   - diagram: SVG diagrams and HTML pages of problems, over positions.
//   - rate: difficulty metrics of problems, over the solver's public API.
//   - usi and cli: the two front ends, on top; nothing imports cli but
//     main.
//   - usi/usiclient: the USI client of usi's tests, tests/ and
//     tools/usibench; the standard library only (usi's tests import it).
var layers = map[string][]string{
	"position":      {},
	"tt":            {"position"},
	"dfpn":          {"tt", "position"},
	"compose":       {"dfpn", "position"},
	"generate":      {"compose", "dfpn", "position"},
	"diagram":       {"position"},
	"rate":          {"dfpn", "position"},
	"benchdata":     {},
	"usi":           {"compose", "dfpn", "tt", "position"},
	"usi/usiclient": {},
	"cli":           {"usi", "generate", "compose", "rate", "diagram", "dfpn", "tt", "position", "benchdata"},
	".":             {"cli"},
}

// Packages under these folders are tools and test drivers: they may import
// any of ours but cli, which only main may import.
var driverRoots = []string{"tests", "tools"}

const modulePath = "gomate"

// TestArchitecture: every import between the module's packages follows
// the layers above, in the non-test files; and no file, test files
// included, imports cli but main.go.
func TestArchitecture(t *testing.T) {
	imports, err := moduleImports("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < len(layers) {
		t.Fatalf("read %d packages, expected at least the %d of the layers", len(imports), len(layers))
	}
	for _, v := range layerViolations(imports) {
		t.Error(v)
	}
}

// TestArchitectureCatchesBadImports: the check itself fails on imports
// that break the layers, and on a package it does not know.
func TestArchitectureCatchesBadImports(t *testing.T) {
	bad := map[string]pkgImports{
		"position":      {code: []string{"dfpn"}},
		"tt":            {code: []string{"position", "dfpn"}},
		"compose":       {code: []string{"tt"}},
		"tools/gen":     {code: []string{"cli"}},
		"usi":           {tests: []string{"cli"}},
		"nosuch":        {code: []string{"position"}},
		"dfpn":          {code: []string{"tt", "position"}},
		"tests/helpers": {code: []string{"usi", "dfpn"}},
	}
	got := layerViolations(bad)
	want := []string{
		"compose imports tt",
		"nosuch is not in the layers",
		"position imports dfpn",
		"tools/gen imports cli",
		"tt imports dfpn",
		"usi imports cli (in a test)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// pkgImports are the module's packages that one package imports, by
// their path inside the module: from its code, and from its tests.
type pkgImports struct {
	code, tests []string
}

// layerViolations lists, sorted, each import of imports (by package path
// inside the module) that the layers forbid.
func layerViolations(imports map[string]pkgImports) []string {
	var out []string
	for pkg, imp := range imports {
		allowed, known := layers[pkg]
		driver := isDriver(pkg)
		if !known && !driver {
			out = append(out, pkg+" is not in the layers")
			continue
		}
		for _, dep := range imp.code {
			if driver && dep != "cli" || contains(allowed, dep) {
				continue
			}
			out = append(out, pkg+" imports "+dep)
		}
		for _, dep := range imp.tests {
			if dep == "cli" && pkg != "cli" {
				out = append(out, pkg+" imports cli (in a test)")
			}
		}
	}
	sort.Strings(out)
	return out
}

func isDriver(pkg string) bool {
	for _, root := range driverRoots {
		if pkg == root || strings.HasPrefix(pkg, root+"/") {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// moduleImports reads the import clauses of every Go file under root (the
// module's root; testdata and hidden folders skipped) and returns, for
// each package folder, the module's packages it imports.
func moduleImports(root string) (map[string]pkgImports, error) {
	out := map[string]pkgImports{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		imp := out[pkg]
		for _, spec := range f.Imports {
			ip, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			dep, ok := strings.CutPrefix(ip, modulePath+"/")
			if !ok || dep == pkg {
				continue
			}
			dep = path.Clean(dep)
			if strings.HasSuffix(name, "_test.go") {
				imp.tests = append(imp.tests, dep)
			} else {
				imp.code = append(imp.code, dep)
			}
		}
		out[pkg] = imp
		return nil
	})
	return out, err
}
