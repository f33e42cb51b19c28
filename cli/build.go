package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// buildDescription names the toolchain and the instruction-set level the
// binary was built for ("go1.26.8 linux/amd64 GOAMD64=v1"), so that bench
// figures from different builds are not compared unawares: the level
// changes the speed with some table sizes
// (docs/notes/speed.md#documented-not-the-default-a-build-for-x86-64-v3).
func buildDescription() string {
	parts := []string{runtime.Version(), runtime.GOOS + "/" + runtime.GOARCH}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if strings.HasPrefix(s.Key, "GO"+strings.ToUpper(runtime.GOARCH)) {
				parts = append(parts, s.Key+"="+s.Value)
			}
		}
	}
	return strings.Join(parts, " ")
}
