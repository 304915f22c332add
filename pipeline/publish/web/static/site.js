/* The correction period's countdown (Law 79C), the only script of the results site and the
 * console. An element with data-deadline="<ISO time>" gets the time left written into its
 * [data-countdown] child every second; the page reads the same without the script (the
 * deadline itself is printed). Inside an element with data-now="<ISO time>" (the console,
 * which knows the server's clock) the count runs from that time, not from this device's
 * clock. When the deadline passes, the element gets the class "passed" and says so.
 * No network, no storage, no third-party code. */
(function () {
  "use strict";
  var loaded = Date.now();
  function words(ms) {
    var total = Math.floor(ms / 1000);
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
    return (hours ? hours + ":" : "") + mm + ":" + String(seconds).padStart(2, "0") + " left";
  }
  function offset(element) {
    var holder = element.closest("[data-now]");
    var serverNow = holder ? Date.parse(holder.getAttribute("data-now")) : NaN;
    return isNaN(serverNow) ? 0 : serverNow - loaded;
  }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (element) {
      var deadline = Date.parse(element.getAttribute("data-deadline"));
      var out = element.querySelector("[data-countdown]");
      if (isNaN(deadline) || !out) { return; }
      var left = deadline - (Date.now() + offset(element));
      if (left > 0) {
        out.textContent = ": " + words(left);
        element.classList.remove("passed");
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
