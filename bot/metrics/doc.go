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
//
// plus the Go runtime (go_*) and process (process_*) collectors.
// /healthz answers 200 "ok", or 503 with the reason when the store does
// not answer or the scheduler has not ticked for three minutes.
//
// # Caveats
//
// The registry is the package's own, not Prometheus's global one; the
// active-games gauge scans every game's metadata at each scrape (a few
// milliseconds per thousand games).
package metrics
