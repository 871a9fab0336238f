// A tiny CPU-bound program for pgolab's Go toolchain tests. It has a -cpuprofile flag like most Go
// command-line tools, two kinds of work (-mode), and ways to fail: -panic, and -exit-early (os.Exit
// skips the deferred StopCPUProfile, leaving an empty profile file).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"sort"
)

// ldtag is set with -ldflags "-X main.ldtag=..." to show that the user's ldflags reached the link.
var ldtag = "unset"

var (
	cpuprofile = flag.String("cpuprofile", "", "write a CPU profile to this file")
	mode       = flag.String("mode", "hash", "hash or sort")
	n          = flag.Int("n", 300000, "amount of work")
	doPanic    = flag.Bool("panic", false, "crash")
	exitEarly  = flag.Bool("exit-early", false, "os.Exit before the profile is written")
)

func hashWork(n int) uint64 {
	var h uint64 = 1469598103934665603
	for i := 0; i < n*300; i++ {
		h ^= uint64(i)
		h *= 1099511628211
		if h%7 == 0 {
			h = mix(h)
		}
	}
	return h
}

func mix(h uint64) uint64 {
	return h ^ (h >> 17) ^ (h << 5)
}

func sortWork(n int) int {
	xs := make([]int, n)
	seed := uint32(12345)
	for r := 0; r < 8; r++ {
		for i := range xs {
			seed = seed*1664525 + 1013904223
			xs[i] = int(seed >> 8)
		}
		sort.Ints(xs)
	}
	return xs[n/2]
}

func main() {
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if *doPanic {
		panic("asked to crash")
	}
	switch *mode {
	case "sort":
		fmt.Println("sort", sortWork(*n), "tag="+tag, "ld="+ldtag)
	default:
		fmt.Println("hash", hashWork(*n), "tag="+tag, "ld="+ldtag)
	}
	if *exitEarly {
		os.Exit(0)
	}
}
