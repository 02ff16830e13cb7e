package bot

import "time"

// Metrics receives the measurements operators watch (bot/metrics
// implements it with Prometheus). Calls come from many goroutines.
type Metrics interface {
	// Order is one order handled: stored (accepted) or refused, and the
	// time from the request to the reply.
	Order(accepted bool, d time.Duration)
	// Render is one board image drawn and how long it took.
	Render(d time.Duration)
	// Deadline is one timer done: "reminder", "expired", "digest".
	Deadline(kind string)
}

type nopMetrics struct{}

func (nopMetrics) Order(bool, time.Duration) {}
func (nopMetrics) Render(time.Duration)      {}
func (nopMetrics) Deadline(string)           {}
