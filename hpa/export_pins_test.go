package hpa

// LivePins returns the pins (Views and queries reading it) on each copy
// of l, for tests that check that nothing keeps a version pinned.
func LivePins(l *Live) []int64 {
	pins := make([]int64, len(l.reps))
	for i, r := range l.reps {
		pins[i] = r.refs.Load()
	}
	return pins
}
