// Package web is grognard's read-only web view: one more adapter beside
// Discord and Matrix, serving each game's page and each league's from the
// bot's own data (bot.App.GamePage, GameBoard, GameExport, LeaguePage),
// rendered on the server with html/template. Orders are never given
// here: the site has no form and answers every method but GET and HEAD
// with 405.
//
// # Use
//
//	app, _ := bot.New(bot.Config{…, Site: bot.Site{BaseURL: "https://grognard.example.org", Key: key}})
//	site, _ := web.New(web.Options{App: app, Ops: metrics.Handler(m, app.Health),
//		RatePerMinute: web.DefaultRatePerMinute, RateBurst: web.DefaultRateBurst})
//	http.ListenAndServe("127.0.0.1:8080", site)
//
// `grognard serve` does this when [web] is configured (docs/web.md).
//
// # Routes
//
//	/                      the newest games and the leagues
//	/g/{game}              a game's page, the spectator's view; ?step=N shows the board after record N
//	/g/{game}/board.png    the board at ?step=N, full resolution (&v= the page's version: cached for good)
//	/g/{game}/export       the log as a spectator may read it (JSONL; the whole export once the game is over)
//	/p/{token}…            the same three for one side's view, by private link
//	/l/{league}            standings, pairings and results, the Elo chart (league id path-escaped)
//	/static/…              the style sheet, the replay and audit script, the icon
//	/healthz, /metrics     Options.Ops (bot/metrics), not rate limited
//
// A game's page shows its board (the renderer's PNG at full resolution:
// the image opens alone to zoom), the status as the bot prints it (turn,
// phase, who must act and on what, the deadlines, the score), the units
// and cards the viewer may see, the history with every ruling's
// explanation and rule citation, the replay (links from step to step; a
// small script steps without reloading, the arrow keys too), the dice
// audit (the commitment; after the end the seed, each roll with what the
// seed gives, and a button that recomputes every roll in the browser with
// WebCrypto) and the export.
//
// # Hidden information
//
// The public pages show game.Nobody's view only: the bot builds every
// text, board and export for the viewer it is given, and the site gives
// a side only for a private link. A link is signed by the bot
// (HMAC-SHA256 under Site.Key), names the game, the player and the side,
// expires (Site.LinkTTL), and dies when its player types `link revoke` or
// loses the seat. Nothing a private link serves (page, images, export)
// is stored by caches, no page sends a Referer, and the token is never
// logged (redactPath), so it does not leak from the address bar; a
// token is valid only as the bot spelled it. TestNoLeakOnPages and TestBrowser check that Manœuvre's
// hands stay with their side.
//
// # Headers and limits
//
// Every answer carries a Content-Security-Policy that allows the site's
// own script, style and images only (no inline script or style; the
// rating chart is SVG with presentation attributes), nosniff,
// frame-ancestors 'none' and Referrer-Policy no-referrer. A live game's
// page is revalidated (ETag), a finished game's is cached a day, a board
// image asked for with its version forever. Each client (IP address) has
// a token bucket of requests (Options.RatePerMinute, RateBurst); over it
// the answer is 429 with Retry-After. An IPv6 client is its /64; at most
// maxClients buckets are kept. A panic in a request is recovered
// (bot.App.Guard: logged with its stack under a reference) and answered
// 500 with the reference. Built pages are cached by what they are built
// from (game version, viewer, language, step), never by the raw address.
// FuzzRequest, FuzzPrivateToken and FuzzLinkPayload check that no
// address, query or Accept-Language gets a 5xx or a secret.
//
// # Caveats
//
// Behind a reverse proxy every client has the proxy's address: give the
// proxy its own limit and raise this one. Images are cached in memory
// (the last 256, and the replay's states of the last 32 games), not on
// disk. The site's words are in messages.go (English and French,
// TestCatalogue); the games' texts come from the bot in the reader's
// language (?lang=, else Accept-Language).
package web
