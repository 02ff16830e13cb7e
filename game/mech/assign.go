package mech

// Assign gives each demand its own supplier: can[i] lists the suppliers
// (any non-negative numbers, say unit indices) demand i accepts, and no
// supplier serves two demands. Combat obligations use it: the defenders
// that no adjacent attacker can reach each need a bombarding artillery
// unit of their own (GS-5.3, PTG P-FORCE).
//
// Demands are met in order, each by an augmenting path (Kuhn's
// algorithm), so the earlier demands always form a largest matching.
// Assign returns the first demand that cannot be met besides all those
// before it, or -1 when all are met, and the supplier of each demand met
// so far (-1 for the rest).
func Assign(can [][]int) (unmet int, by []int) {
	by = make([]int, len(can))
	for i := range by {
		by[i] = -1
	}
	serves := map[int]int{} // supplier → demand
	var try func(i int, seen map[int]bool) bool
	try = func(i int, seen map[int]bool) bool {
		for _, s := range can[i] {
			if seen[s] {
				continue
			}
			seen[s] = true
			if j, ok := serves[s]; !ok || try(j, seen) {
				serves[s], by[i] = i, s
				return true
			}
		}
		return false
	}
	for i := range can {
		if !try(i, map[int]bool{}) {
			return i, by
		}
	}
	return -1, by
}
