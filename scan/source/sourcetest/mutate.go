package sourcetest

import "math/rand/v2"

// Mutate returns a copy of src broken the way typos and attackers break code: one to three
// times, a run of up to 20 bytes is cut out or one of inserts is put in at a random place.
func Mutate(rng *rand.Rand, src []byte, inserts []string) []byte {
	m := append([]byte(nil), src...)
	for j := 0; j < 1+rng.IntN(3); j++ {
		i := rng.IntN(len(m) + 1)
		if rng.IntN(3) == 0 {
			m = append(m[:i:i], m[min(len(m), i+rng.IntN(20)):]...)
		} else {
			m = append(m[:i:i], append([]byte(inserts[rng.IntN(len(inserts))]), m[i:]...)...)
		}
	}
	return m
}
