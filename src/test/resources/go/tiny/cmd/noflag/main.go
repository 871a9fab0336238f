// A program without a profile flag that ignores its arguments: it runs fine and writes no profile.
package main

import "fmt"

func main() {
	s := 0
	for i := 0; i < 1000000; i++ {
		s += i % 7
	}
	fmt.Println("noflag", s)
}
