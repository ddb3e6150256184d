// Progressive enhancement of the Vigil dashboard; every page works without it.
// Live progress: a running scan's page follows /scans/<id>/events (server-sent events): the
// phase, files done and findings so far, then it reloads itself to show the findings when the
// scan ends.
(function () {
  "use strict";
  function follow(section) {
    var url = section.getAttribute("data-events");
    if (!url || !window.EventSource) return;
    var label = document.getElementById("progress-label");
    var elapsed = document.getElementById("progress-elapsed");
    var phase = document.getElementById("progress-phase");
    var detail = document.getElementById("progress-detail");
    var bar = document.getElementById("progress-bar");
    var es = new EventSource(url);
    es.addEventListener("progress", function (e) {
      var p = JSON.parse(e.data);
      if (label) label.textContent = p.label || p.status;
      if (elapsed) elapsed.textContent = p.elapsed || "";
      if (phase) phase.textContent = p.phase || "";
      if (detail) detail.textContent = p.detail || "";
      if (bar) {
        // A bar without a value is indeterminate: the phase's size is not known yet.
        if (p.total > 0) {
          bar.max = p.total;
          bar.value = p.done;
          bar.textContent = p.done + " of " + p.total;
        } else {
          bar.removeAttribute("value");
          bar.textContent = "";
        }
      }
    });
    es.addEventListener("done", function () {
      es.close();
      window.location.reload();
    });
    // The session ended (signed out, or its key revoked): the reload goes to the sign-in page.
    es.addEventListener("signed_out", function () {
      es.close();
      window.location.reload();
    });
  }
  function start() {
    var s = document.getElementById("progress");
    if (s) follow(s);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
