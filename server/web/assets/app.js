// Progressive enhancement of the Vigil dashboard; every page works without it.
// Live progress: a running scan's page follows /scans/<id>/events (server-sent events) and
// reloads itself when the scan ends.
(function () {
  "use strict";
  function follow(section) {
    var url = section.getAttribute("data-events");
    if (!url || !window.EventSource) return;
    var label = document.getElementById("progress-label");
    var elapsed = document.getElementById("progress-elapsed");
    var es = new EventSource(url);
    es.addEventListener("progress", function (e) {
      var p = JSON.parse(e.data);
      if (label) label.textContent = p.label || p.status;
      if (elapsed) elapsed.textContent = p.elapsed || "";
    });
    es.addEventListener("done", function () {
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
