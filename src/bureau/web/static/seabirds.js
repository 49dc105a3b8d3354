// Seabirds' table: the Buy form knows this House's price for each Upgrade (from the
// table) and checks the Resources chosen and, for a public purchase, the holdings, in
// the browser, before anything is posted; then it writes the price as the Bureau reads
// it ("1 Money, 2 Food and 1 Treaty"). Loaded once with the table; bureau.js asks it
// through the form's "bureau:check" event.

const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

function chosen(form) {
  const option = form.elements.upgrade.selectedOptions[0];
  return {
    name: option.dataset.name,
    money: Number(option.dataset.money),
    resources: Number(option.dataset.resources),
    types: option.dataset.types.split("|"),
    price: option.dataset.price,
  };
}

function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function listing(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

// Only the types the chosen Upgrade is paid in can be filled in.
function showPrice(form) {
  const u = chosen(form);
  for (const field of $$("input[name=pay]", form)) {
    const allowed = u.types.includes(field.dataset.type);
    field.disabled = !allowed;
    if (!allowed) field.value = "0";
    field.closest("label").classList.toggle("barred", !allowed);
  }
  const line = form.querySelector(".sea-price");
  const said = `${u.name} costs ${form.dataset.house} ${u.price}.`;
  if (line && line.textContent !== said) line.textContent = said;  // (no loop of redraws)
}

// Why the form cannot be posted as it stands, or "" (and the price is written).
function problem(form) {
  const u = chosen(form);
  const paid = $$("input[name=pay]", form)
    .map((f) => ({ type: f.dataset.type, one: f.dataset.one, held: Number(f.dataset.held), n: Number(f.value || 0) }));
  const bad = paid.find((p) => !Number.isInteger(p.n) || p.n < 0);
  if (bad) return `Write a whole number of ${bad.type}, 0 or more.`;
  const wrong = paid.filter((p) => p.n && !u.types.includes(p.type));
  if (wrong.length) return `${u.name} is paid in ${listing(u.types)}, not ${listing(wrong.map((p) => p.type))}.`;
  const total = paid.reduce((sum, p) => sum + p.n, 0);
  if (total !== u.resources) {
    return `${u.name} costs ${form.dataset.house} ${u.price}: choose exactly ${u.resources}, not ${total}.`;
  }
  const channel = form.elements.channel?.value;
  if (channel === "post") {  // carried out at once: the holdings must be there now
    const money = Number(form.dataset.money);
    if (money < u.money) return `${u.name} needs ${u.money} Money, and you hold ${money}.`;
    const short = paid.find((p) => p.n > p.held);
    if (short) return `You hold ${count(short.held, short.one, short.type)}, not the ${short.n} you chose.`;
  }
  const parts = [];
  if (u.money) parts.push(`${u.money} Money`);
  for (const p of paid) if (p.n) parts.push(count(p.n, p.one, p.type));
  form.elements.price.value = listing(parts);
  return "";
}

document.addEventListener("bureau:check", (event) => {
  const form = event.target;
  if (!form.matches?.("form[data-buy]")) return;
  const why = problem(form);
  if (why) {
    event.preventDefault();
    event.detail.message = why;
  } else {
    const slot = form.querySelector(".error");
    if (slot) slot.textContent = "";
  }
});

document.addEventListener("change", (event) => {
  const form = event.target.closest?.("form[data-buy]");
  if (form && event.target.name === "upgrade") showPrice(form);
});

// The table is drawn again after every move: set the fields of the new form.
function setUp() {
  for (const form of $$("form[data-buy]")) showPrice(form);
}
new MutationObserver(setUp).observe(document.body, { childList: true, subtree: true });
setUp();
