package metrics

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Adapter states, as /healthz prints them.
const (
	// AdapterStarting: the adapter is connecting (logging in, first sync,
	// gateway handshake).
	AdapterStarting = "starting"
	// AdapterUp: the adapter is running.
	AdapterUp = "up"
	// AdapterRetrying: the adapter failed and waits to start again.
	AdapterRetrying = "retrying"
	// AdapterStopped: the adapter ended (the bot is shutting down).
	AdapterStopped = "stopped"
)

// AdapterState is what is known of one chat adapter.
type AdapterState struct {
	Name  string
	State string
	// Err is the last failure ("" after a success).
	Err string
	// Since is when the adapter entered State.
	Since time.Time
	// Failures counts the failures in a row; Retry is when the next
	// attempt starts (State retrying).
	Failures int
	Retry    time.Time
	// probe, when set, checks a running adapter (a Matrix sync that keeps
	// failing makes it degraded).
	probe func() error
}

// Adapters keeps the state of each chat adapter for /healthz and the
// grognard_adapter_up gauge. Its methods are safe for concurrent use; a
// nil *Adapters does nothing.
type Adapters struct {
	mu sync.Mutex
	m  map[string]*AdapterState
	up *prometheus.GaugeVec
}

// NewAdapters returns an empty registry of adapter states (Metrics.Adapters
// is one on the metrics' registry).
func NewAdapters() *Adapters { return &Adapters{m: map[string]*AdapterState{}} }

func (a *Adapters) state(name string) *AdapterState {
	s := a.m[name]
	if s == nil {
		s = &AdapterState{Name: name}
		a.m[name] = s
	}
	return s
}

// Set records the adapter's state; err is the failure that caused it
// (retrying), retry when the next attempt starts.
func (a *Adapters) Set(name, state string, err error, retry time.Time) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.state(name)
	if s.State != state {
		s.Since = time.Now()
	}
	s.State, s.Retry = state, retry
	switch {
	case err != nil:
		s.Err = err.Error()
		s.Failures++
	case state == AdapterUp:
		s.Err, s.Failures = "", 0
	}
	if a.up != nil {
		v := 0.0
		if state == AdapterUp {
			v = 1
		}
		a.up.WithLabelValues(name).Set(v)
	}
}

// Probe sets a check of a running adapter: while it fails, the adapter
// is reported as degraded.
func (a *Adapters) Probe(name string, probe func() error) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state(name).probe = probe
}

// States lists the adapters by name.
func (a *Adapters) States() []AdapterState {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]AdapterState, 0, len(a.m))
	for _, s := range a.m {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// report is /healthz's text for the adapters, one line each, and whether
// at least one of them works (true too when there is none).
func (a *Adapters) report(now time.Time) (string, bool) {
	states := a.States()
	if len(states) == 0 {
		return "", true
	}
	var b strings.Builder
	working := false
	for _, s := range states {
		line := s.State
		switch s.State {
		case AdapterUp:
			if s.probe != nil {
				if err := s.probe(); err != nil {
					line = "degraded: " + err.Error()
					break
				}
			}
			working = true
		case AdapterRetrying:
			line = fmt.Sprintf("retrying in %s after %d failure(s): %s", s.Retry.Sub(now).Round(time.Second), s.Failures, s.Err)
		case AdapterStarting:
			if s.probe != nil {
				if err := s.probe(); err != nil {
					line += ": " + err.Error()
				}
			}
			if s.Err != "" {
				line += fmt.Sprintf(" (after %d failure(s), the last: %s)", s.Failures, s.Err)
			}
		}
		fmt.Fprintf(&b, "%s: %s (since %s)\n", s.Name, line, s.Since.UTC().Format(time.RFC3339))
	}
	return b.String(), working
}
