// Package tt is the transposition table of the mate search.
//
// The table is one flat slice of clusters of eight 32-byte entries, sized
// from USI_Hash and allocated once; entries hold no pointers, so Go's
// garbage collector never scans it. A position is found by its board key
// (board and side to move, which picks the cluster) and the attacker's hand,
// so every hand variant of one board sits in one cluster and a lookup can
// use hand superiority:
//
//   - a Proven entry holds a proof hand: any attacker hand that covers it
//     mates (in at most the entry's Length plies);
//   - a Disproven entry holds a disproof hand: any hand it covers fails (to
//     mate within Length plies, or at all when Length is Unlimited);
//   - a Searching entry holds the pn/dn estimates for exactly one hand.
//
// Depth-qualified results are what let the solver prove the length of a
// mate: "mate within L" is proven, then "no mate within L-2".
//
// On Linux a large table is mapped outside the Go heap and marked for
// transparent huge pages (alloc_linux.go), and New returns at once: only
// the first 2 MiB are faulted in, and a goroutine faults in the rest in
// the background, one huge page per madvise(MADV_POPULATE_WRITE), which
// maps the pages as a write would without writing to them, so searches
// use the table meanwhile. Resize stops that goroutine and waits for it
// before it unmaps the old table; Populated tells when it is done.
// PagesMB reads back from the kernel how much of the table is in memory
// and in huge pages, since a table in 4 KiB pages makes the whole search
// markedly slower (docs/notes/speed.md#the-profile).
//
// A cluster is four cache lines, and on a table of gigabytes nearly every
// probe misses the cache. The search therefore calls Prefetch for all of a
// node's children before it probes any of them, so that their misses
// overlap; Prefetch issues the four lines in one call into assembly.
//
// Every entry records the work (nodes) spent below it. When a cluster is
// full the entry with the least work is replaced; when the whole table
// fills, CollectGarbage frees the entries with the least work, so the
// search slows down instead of failing or growing past its memory.
package tt
