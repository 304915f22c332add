/* The club's console: live progress of an event's run, and scans dropped on the upload form.
 * Works without it: the page has a "Reload" link and the plain file input. */
"use strict";
(function () {
  const panel = document.querySelector("[data-progress-url]");
  if (panel) {
    const url = panel.getAttribute("data-progress-url");
    let wasActive = panel.getAttribute("data-active") === "yes";
    const put = (name, value) => {
      panel.querySelectorAll('[data-field="' + name + '"]').forEach((el) => {
        el.textContent = String(value);
      });
    };
    const poll = () => {
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then((answer) => answer.json())
        .then((data) => {
          if (data.state === "none") return;
          ["state", "stage", "pages_read", "pages_total", "rows_read", "rows_accepted",
           "rows_to_review", "seconds"].forEach((name) => put(name, data[name]));
          const bar = panel.querySelector("progress");
          if (bar && data.pages_total) {
            bar.max = data.pages_total;
            bar.value = data.pages_read;
          }
          panel.setAttribute("data-state", data.state);
          const active = data.state === "waiting" || data.state === "running";
          if (wasActive && !active) {
            window.location.reload();
            return;
          }
          wasActive = active;
          if (active) window.setTimeout(poll, 1000);
        })
        .catch(() => window.setTimeout(poll, 3000));
    };
    if (wasActive) poll();
  }
  document.querySelectorAll(".dropzone").forEach((zone) => {
    const input = zone.querySelector('input[type="file"]');
    const list = zone.querySelector(".chosen");
    if (!input) return;
    const show = () => {
      if (list) list.textContent = Array.from(input.files).map((f) => f.name).join(", ");
    };
    input.addEventListener("change", show);
    zone.addEventListener("dragover", (e) => {
      e.preventDefault();
      zone.classList.add("over");
    });
    zone.addEventListener("dragleave", () => zone.classList.remove("over"));
    zone.addEventListener("drop", (e) => {
      e.preventDefault();
      zone.classList.remove("over");
      if (e.dataTransfer && e.dataTransfer.files.length) {
        input.files = e.dataTransfer.files;
        show();
      }
    });
  });
})();
