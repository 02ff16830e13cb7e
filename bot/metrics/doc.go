// Package metrics exposes grognard's operational measurements to
// Prometheus and answers health checks, on the optional HTTP listener of
// `grognard serve` (configuration section [http]).
//
// # Use
//
//	m := metrics.New(app.ActiveGames)             // before bot.New
//	app, _ := bot.New(bot.Config{…, Metrics: m})
//	srv := &http.Server{Addr: "127.0.0.1:9464", Handler: metrics.Handler(m, app.Health)}
//
// # Series
//
//	grognard_active_games              gauge: games being played (read from the store at each scrape)
//	grognard_orders_total{result}      counter: orders accepted (stored) and rejected (refused by the rules)
//	grognard_order_seconds             histogram: request to reply, for orders
//	grognard_render_seconds            histogram: one board image
//	grognard_timers_total{kind}        counter: reminders sent, deadlines expired, digests sent
//	grognard_adapter_up{adapter}       gauge: 1 while a chat adapter runs, 0 while it starts again
//
// plus the Go runtime (go_*) and process (process_*) collectors.
// /healthz answers 200 "ok", or 503 with the reason when the store does
// not answer, the scheduler has not ticked for three minutes, or no chat
// adapter works; then one line per chat adapter (Metrics.Adapters): up,
// starting, degraded (running but its syncs fail) or retrying after a
// failure, with the failure, e.g.
//
//	ok
//	discord: up (since 2026-11-26T13:09:21Z)
//	matrix: retrying in 40s after 4 failure(s): … connection refused (since …)
//
// # Caveats
//
// The registry is the package's own, not Prometheus's global one; the
// active-games gauge scans every game's metadata at each scrape (a few
// milliseconds per thousand games).
package metrics
