/* The correction period's countdown (Law 79C), the only script of the results site.
 * An element with data-deadline="<ISO time>" gets the time left written into its
 * [data-countdown] child every second; the page reads the same without the script
 * (the deadline itself is printed). When the deadline passes, the element gets the
 * class "passed" and says so. No network, no storage, no third-party code. */
(function () {
  "use strict";
  function words(ms) {
    var total = Math.floor(ms / 1000);
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var mm = (hours ? String(minutes).padStart(2, "0") : String(minutes));
    var text = mm + ":" + String(seconds).padStart(2, "0");
    return (hours ? hours + ":" : "") + text + " left";
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (element) {
      var deadline = Date.parse(element.getAttribute("data-deadline"));
      var out = element.querySelector("[data-countdown]");
      if (isNaN(deadline) || !out) { return; }
      var left = deadline - now;
      if (left > 0) {
        out.textContent = ": " + words(left);
      } else {
        out.textContent = ": the correction period has ended";
        element.classList.add("passed");
      }
    });
  }
  if (document.querySelector("[data-deadline]")) {
    tick();
    window.setInterval(tick, 1000);
  }
})();
