// grognard game page: the replay without reloading the page, and the dice
// audit recomputed in the browser. Without this script the replay's links
// load each step, and the server's column of the audit stays.
"use strict";
(function () {
  var nav = document.getElementById("replay");
  if (nav) {
    var clocks = JSON.parse(nav.dataset.clocks);
    var total = parseInt(nav.dataset.steps, 10);
    var step = parseInt(nav.dataset.step, 10);
    var img = document.getElementById("board-img");
    var zoom = document.getElementById("zoom");
    var show = function (k) {
      if (k < 0 || k > total || k >= clocks.length) return;
      step = k;
      img.src = nav.dataset.img + k;
      zoom.href = img.src;
      img.alt = img.alt.replace(/\d+(\D+\d+)$/, k + "$1");
      document.getElementById("step-label").textContent = nav.dataset.label.replace("{step}", k).replace("{steps}", total);
      document.getElementById("step-clock").textContent = clocks[k];
      nav.dataset.step = k;
      document.querySelectorAll("#history li.current").forEach(function (li) { li.classList.remove("current"); });
      var rec = document.getElementById("rec-" + k);
      if (rec) rec.classList.add("current");
      var u = new URL(location.href);
      u.searchParams.set("step", k);
      history.replaceState(null, "", u);
    };
    var go = { first: function () { return 0; }, prev: function () { return step - 1; }, next: function () { return step + 1; }, last: function () { return total; } };
    Object.keys(go).forEach(function (id) {
      document.getElementById(id).addEventListener("click", function (ev) { ev.preventDefault(); show(go[id]()); });
    });
    document.querySelectorAll("#history a.show").forEach(function (a) {
      a.addEventListener("click", function (ev) {
        ev.preventDefault();
        show(parseInt(a.closest("li").dataset.seq, 10));
        document.getElementById("board").scrollIntoView();
      });
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowLeft") show(step - 1);
      if (ev.key === "ArrowRight") show(step + 1);
    });
  }

  // The dice audit: roll k with s sides is HMAC-SHA256(seed, k‖attempt),
  // first 8 bytes big-endian, rejection-sampled (game/dice.Value).
  var verify = document.getElementById("verify");
  var seedEl = document.getElementById("seed");
  if (!verify || !seedEl || !window.crypto || !crypto.subtle) return;
  verify.hidden = false;
  var hex = function (s) { var b = new Uint8Array(s.length / 2); for (var i = 0; i < b.length; i++) b[i] = parseInt(s.substr(2 * i, 2), 16); return b; };
  var toHex = function (buf) { return Array.prototype.map.call(new Uint8Array(buf), function (x) { return ("0" + x.toString(16)).slice(-2); }).join(""); };
  verify.addEventListener("click", async function () {
    var seed = hex(seedEl.textContent.trim());
    var commit = toHex(await crypto.subtle.digest("SHA-256", seed));
    var cc = document.getElementById("commit-check");
    var okCommit = commit === document.getElementById("commitment").textContent.trim();
    cc.textContent = okCommit ? "✓ SHA-256" : "✗ SHA-256";
    var key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    var rows = document.querySelectorAll("#rolls tbody tr");
    var good = 0, bad = 0;
    for (var i = 0; i < rows.length; i++) {
      var tr = rows[i], k = BigInt(tr.dataset.index), sides = BigInt(tr.dataset.sides);
      var max = (1n << 64n) - 1n, limit = max - (max % sides), v = 0n;
      for (var attempt = 0n; ; attempt++) {
        var msg = new DataView(new ArrayBuffer(16));
        msg.setBigUint64(0, k);
        msg.setBigUint64(8, attempt);
        var mac = await crypto.subtle.sign("HMAC", key, msg.buffer);
        v = new DataView(mac).getBigUint64(0);
        if (v < limit) break;
      }
      var value = Number(v % sides) + 1;
      var cell = tr.querySelector("td.browser");
      var match = value === parseInt(tr.dataset.value, 10);
      cell.textContent = value + (match ? " ✓" : " ✗");
      cell.className = "browser " + (match ? "ok" : "bad");
      if (match) good++; else bad++;
    }
    document.getElementById("verify-result").textContent = (bad === 0 && okCommit ? "✓ " : "✗ ") + good + "/" + rows.length;
  });
})();
