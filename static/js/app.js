// Small enhancements on top of pages that work without JavaScript.
(function () {
  "use strict";

  // The tree: a toggle loads a node's children once (htmx), then only hides and shows them.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var toggle = event.detail.elt;
    if (!toggle.classList || !toggle.classList.contains("toggle")) { return; }
    var list = toggle.parentElement.querySelector(":scope > ul");
    if (toggle.getAttribute("aria-expanded") === "true") {
      event.preventDefault();
      if (list) { list.hidden = true; }
      toggle.setAttribute("aria-expanded", "false");
    } else if (list && list.hasAttribute("data-loaded")) {
      event.preventDefault();
      list.hidden = false;
      toggle.setAttribute("aria-expanded", "true");
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var toggle = event.detail.elt;
    if (toggle.classList && toggle.classList.contains("toggle") && event.detail.successful) {
      toggle.setAttribute("aria-expanded", "true");
    }
  });

  // A column row: choosing a kind clears the fields that kind does not take (the CSS hides
  // them), before the preview reads the form, so it holds only what the statement uses.
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches(".column-row select[name$='kind']")) { return; }
    select.closest(".column-row").querySelectorAll(".field[data-kinds]").forEach(function (field) {
      if (field.dataset.kinds.split(" ").indexOf(select.value) !== -1) { return; }
      field.querySelectorAll("input").forEach(function (input) {
        if (input.type === "checkbox") { input.checked = false; } else { input.value = ""; }
      });
      field.classList.remove("has-error");
    });
  }, true);

  // Copy buttons, shown only where the clipboard can be reached; wrap buttons, with script.
  function showCopyButtons(root) {
    root.querySelectorAll("[data-copy]").forEach(function (button) {
      if (navigator.clipboard) { button.hidden = false; }
    });
    root.querySelectorAll("[data-wrap]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-wrap]");
    if (!button) { return; }
    var text = document.getElementById(button.dataset.wrap);
    if (!text) { return; }
    var wrapped = text.classList.toggle("wrap");
    button.setAttribute("aria-pressed", wrapped ? "true" : "false");
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) { return; }
    var source = document.getElementById(button.dataset.copy);
    if (!source || !navigator.clipboard) { return; }
    navigator.clipboard.writeText(source.textContent).then(function () {
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = "Copy"; }, 1500);
    }, function () { button.textContent = "Copy failed"; });
  });

  // Ctrl+Enter (or Cmd+Enter) in an editor submits its form.
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) { return; }
    if (!target.matches || !target.matches("textarea[data-ctrl-enter]")) { return; }
    event.preventDefault();
    if (target.form) { target.form.requestSubmit(); }
  });

  // A new table's pickers: a column's button adds its name to a comma-separated list of
  // names (the primary key, the partition keys) once, and the preview follows.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-pick-into]");
    if (!button) { return; }
    var field = document.getElementById(button.dataset.pickInto);
    if (!field) { return; }
    var names = field.value.split(",").map(function (name) { return name.trim(); })
      .filter(function (name) { return name !== ""; });
    if (names.indexOf(button.dataset.pick) === -1) { names.push(button.dataset.pick); }
    field.value = names.join(", ");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.focus();
  });
  function showPickers(root) {
    root.querySelectorAll("[data-pick-row]").forEach(function (row) { row.hidden = false; });
  }

  document.addEventListener("DOMContentLoaded", function () {
    showCopyButtons(document);
    showPickers(document);
  });
  document.addEventListener("htmx:afterSettle", function (event) { showCopyButtons(event.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function () { showPickers(document); });
})();
