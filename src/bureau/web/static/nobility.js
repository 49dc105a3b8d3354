// Nobility's table in the browser: an order that cannot be taken back asks first. The
// table marks it with data-confirm (the question) on its button; that order, clicked
// anywhere on the page (the list of all orders too) or typed in the order box, is
// played only once the reader says yes. Loaded once by tables/nobility.html.

function question(action) {
  const marked = document.querySelector(`#live [data-confirm][data-action="${CSS.escape(action)}"]`);
  return marked?.dataset.confirm;
}

// Capturing at the document runs before bureau.js's own listeners, which then never
// hear of a click or an order the reader called off.
document.addEventListener("click", (event) => {
  const button = event.target.closest?.("button[data-action]");
  const asks = button && (button.dataset.confirm ?? question(button.dataset.action));
  if (asks && !confirm(asks)) {
    event.stopImmediatePropagation();
    event.preventDefault();
  }
}, true);

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.hasAttribute?.("data-order-box")) return;
  const asks = question(form.elements.order.value.trim().toLowerCase());
  if (asks && !confirm(asks)) {
    event.stopImmediatePropagation();
    event.preventDefault();
  }
}, true);
