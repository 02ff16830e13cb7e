package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/grognard/grognard/bot/metrics"
)

// chatAdapter is one chat platform serve runs: run connects and answers
// until ctx ends; it calls up once it works (logged in, first sync done).
type chatAdapter struct {
	name string
	run  func(ctx context.Context, up func()) error
}

// Backoff between the attempts of a failed adapter: adapterRetryFirst,
// doubled at each failure in a row up to adapterRetryMax; a run that
// lasted adapterRetryReset starts the count again.
var (
	adapterRetryFirst = 2 * time.Second
	adapterRetryMax   = 5 * time.Minute
	adapterRetryReset = 2 * time.Minute
)

// runAdapters runs every chat adapter until ctx ends. Each is on its own:
// when one fails (a bad token, a homeserver that is down, a network cut
// that outlasts its own reconnection) the failure is logged and the
// adapter starts again after a backoff, and the others go on answering.
// states (nil: none) follows each adapter for /healthz.
func runAdapters(ctx context.Context, adapters []chatAdapter, states *metrics.Adapters, logger *slog.Logger) error {
	done := make(chan struct{}, len(adapters))
	for _, ad := range adapters {
		go func() {
			superviseAdapter(ctx, ad, states, logger)
			done <- struct{}{}
		}()
	}
	for range adapters {
		<-done
	}
	return nil
}

// superviseAdapter runs one adapter again and again until ctx ends.
func superviseAdapter(ctx context.Context, ad chatAdapter, states *metrics.Adapters, logger *slog.Logger) {
	wait := adapterRetryFirst
	for {
		states.Set(ad.name, metrics.AdapterStarting, nil, time.Time{})
		start := time.Now()
		var mu sync.Mutex
		running := true
		err := ad.run(ctx, func() {
			mu.Lock() // an up that comes as the run ends is not reported
			defer mu.Unlock()
			if running {
				states.Set(ad.name, metrics.AdapterUp, nil, time.Time{})
			}
		})
		mu.Lock()
		running = false
		mu.Unlock()
		if ctx.Err() != nil {
			states.Set(ad.name, metrics.AdapterStopped, nil, time.Time{})
			return
		}
		if time.Since(start) >= adapterRetryReset {
			wait = adapterRetryFirst
		}
		if err == nil {
			err = errStoppedAlone
		}
		states.Set(ad.name, metrics.AdapterRetrying, err, time.Now().Add(wait))
		logger.Error("grognard: a chat adapter failed; the others go on, and it starts again after a pause",
			"adapter", ad.name, "err", err, "retry_in", wait)
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			states.Set(ad.name, metrics.AdapterStopped, nil, time.Time{})
			return
		}
		wait = min(wait*2, adapterRetryMax)
	}
}

type stoppedAlone struct{}

func (stoppedAlone) Error() string { return "the adapter stopped by itself" }

var errStoppedAlone error = stoppedAlone{}
